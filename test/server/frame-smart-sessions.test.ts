// Smart sessions end to end below the page (docs/behaviour.md sections 6, 7 and 9): the frame's own
// handlers over the reference backend on local chain A, logged in by e-mail, the smart account in
// use, the visitor approving. The app's part is played as an app would: it holds a session key,
// asks wallet_grantPermissions through the frame, records the grant (POST /v1/sessions/{id}), sends
// the user operations the key signs to the backend's bundler (POST /v1/bundler, sponsored) with the
// kit's sessionKeyAccount, and revokes through wallet_revokePermissions and
// POST /v1/sessions/{id}/revoke with the account's signature. Checked on chain: within the limit the
// tokens move; over it the account refuses (the bundler answers its 'AA24 signature error' and
// nothing moves); after revoke the backend no longer sponsors the key and the account refuses it.
import assert from 'node:assert/strict'
import { before, describe, it } from 'node:test'
import { createClient, encodeFunctionData, http, parseUnits, type Address, type Hex } from 'viem'
import { createBundlerClient } from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { testTokenAbi } from '../../local/chain/abis.js'
import { localPublicClient, localWalletClient } from '../../local/chain/clients.js'
import { CONTRACTS, DEPLOYER } from '../../local/chain/deployment.js'
import type { ApprovalRequest } from '../../service/frame/approval-request.js'
import { badSessionKey, PERMISSION_EXPIRED } from '../../service/frame/permissions.js'
import { NOT_GRANTED_ON_CHAIN } from '../../service/backend/routes/sessions.js'
import { noActiveSession } from '../../service/backend/routes/session-bundler.js'
import { sessionKeyAccount } from '../../src/adapters/evm/session-key-account.js'
import { revokeSessionMessage, sessionsResponseSchema } from '../../src/api/schemas/index.js'
import {
  grantedPermissionsSchema,
  revokedPermissionsSchema,
  type GrantedPermissions,
  type PermissionRequest
} from '../../src/api/schemas/permissions.js'
import { SMART_SESSIONS_OFF } from '../../src/frame/rpc-methods.js'
import { createChainContext } from '../../service/backend/context.js'
import { useLocalChains } from '../chain/helpers.js'
import { PROJECT_ID, useEmbeddedStack } from './embedded-stack.js'
import { loggedInFrame, type TestFrame } from './frame-login.js'

const chains = useLocalChains()
const stack = useEmbeddedStack({ chains: () => [createChainContext(chains.a.chainId, chains.a.rpcUrl)] })
const RECEIVER = privateKeyToAccount(generatePrivateKey()).address
const SDK = `projectId=${PROJECT_ID}&st=appkit&sv=test`

const client = () => localPublicClient(chains.a)
const tusdcOf = (address: Address) =>
  client().readContract({ address: CONTRACTS.tUSDC, abi: testTokenAbi, functionName: 'balanceOf', args: [address] })
const transfer = (amount: string) => ({
  to: CONTRACTS.tUSDC as Address,
  data: encodeFunctionData({ abi: testTokenAbi, functionName: 'transfer', args: [RECEIVER, parseUnits(amount, 6)] })
})

async function api<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const separator = path.includes('?') ? '&' : '?'
  const response = await fetch(`${stack.server.url}${path}${separator}${SDK}`, {
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) })
  })
  return { status: response.status, body: (await response.json()) as T }
}

/** The app's bundler client on the backend's POST /v1/bundler, sponsored by its paymaster. */
const bundlerUrl = () => `${stack.server.url}/v1/bundler?chainId=eip155:${chains.a.chainId}&${SDK}`
function bundler() {
  return createBundlerClient({
    client: createClient({ transport: http(chains.a.rpcUrl) }),
    transport: http(bundlerUrl()),
    paymaster: true,
    pollingInterval: 200
  })
}

/** Sends one transfer signed by the session key; answers 'success', 'reverted' or the bundler's refusal. */
async function spend(smart: Address, keyHex: Hex, amount: string): Promise<string> {
  const account = await sessionKeyAccount({
    client: createClient({ chain: { ...chainDefinition() }, transport: http(chains.a.rpcUrl) }) as never,
    address: smart,
    key: privateKeyToAccount(keyHex),
    entryPoint: CONTRACTS.entryPoint
  })
  try {
    const hash = await bundler().sendUserOperation({ account, calls: [transfer(amount)] })
    const receipt = await bundler().waitForUserOperationReceipt({ hash, timeout: 60_000 })
    return receipt.success ? 'success' : 'reverted'
  } catch (error) {
    return error instanceof Error ? error.message : String(error)
  }
}

const chainDefinition = () => ({
  id: chains.a.chainId,
  name: 'Local A',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [chains.a.rpcUrl] } }
})

const inAnHour = async () => Number((await client().getBlock()).timestamp) + 3600

async function request(keyHex: Hex, limit: string): Promise<PermissionRequest> {
  return {
    chainId: `0x${chains.a.chainId.toString(16)}`,
    expiry: await inAnHour(),
    signer: { type: 'key', data: { type: 'secp256k1', publicKey: privateKeyToAccount(keyHex).publicKey } },
    permissions: [
      {
        type: 'erc20-token-transfer',
        data: { address: CONTRACTS.tUSDC, allowance: `0x${parseUnits(limit, 6).toString(16)}` }
      }
    ]
  }
}

/** The app's grant: the frame's answer, recorded on the backend as it is. */
async function grant(keyHex: Hex, limit: string): Promise<GrantedPermissions> {
  const granted = grantedPermissionsSchema.parse(
    await frame.rpc('wallet_grantPermissions', [await request(keyHex, limit)])
  )
  const recorded = await api('POST', `/v1/sessions/eip155:${chains.a.chainId}:${granted.address}`, {
    pci: granted.context,
    expiry: granted.expiry,
    permissions: granted.permissions,
    context: granted.context
  })
  assert.equal(recorded.status, 201, JSON.stringify(recorded.body))
  return granted
}

let frame: TestFrame
const asked: ApprovalRequest[] = []
let smart: Address

describe('smart sessions through the frame and the backend (docs/behaviour.md sections 6, 7, 9)', () => {
  before(async () => {
    await chains.ready
    frame = await loggedInFrame(stack, chains.a.chainId, 'sessions', asked)
    await frame.call('syncDappData', {
      sdkVersion: 'test',
      sdkType: 'appkit',
      projectId: PROJECT_ID,
      smartSessions: true
    })
    const user = await frame.call('getUser', { chainId: chains.a.chainId, preferredAccountType: 'smartAccount' })
    smart = user.address as Address
    // tUSDC for the sessions to spend; no ETH: every user operation is sponsored.
    const hash = await localWalletClient(chains.a, DEPLOYER.privateKey).writeContract({
      address: CONTRACTS.tUSDC,
      abi: testTokenAbi,
      functionName: 'transfer',
      args: [smart, parseUnits('100', 6)]
    })
    await client().waitForTransactionReceipt({ hash })
  })

  it('a granted session spends within its limit, fails over it, and fails after revoke', async () => {
    const keyHex = generatePrivateKey()
    asked.length = 0
    const granted = await grant(keyHex, '10')
    assert.equal(granted.address, smart)
    // What the visitor approved: the spender (the app's key), the token, the limit and the expiry.
    const [approval] = asked
    assert.ok(approval?.kind === 'permissions')
    assert.equal(approval.heading, 'Grant permissions')
    const rows = new Map(approval.rows)
    assert.equal(rows.get('Account'), smart)
    assert.equal(rows.get('Spender'), privateKeyToAccount(keyHex).address)
    assert.equal(rows.get('Token'), `tUSDC (${CONTRACTS.tUSDC})`)
    assert.equal(rows.get('Limit'), '10 tUSDC')
    assert.match(rows.get('Expires') ?? '', /\d{4}/)
    const accountId = `eip155:${chains.a.chainId}:${smart}`
    const listed = sessionsResponseSchema.parse((await api('GET', `/v1/sessions/${accountId}`)).body)
    assert.deepEqual(
      listed.pcis.map(session => [session.pci, session.revokedAt]),
      [[granted.context, null]]
    )

    const before = await tusdcOf(RECEIVER)
    assert.equal(await spend(smart, keyHex, '6'), 'success')
    assert.equal((await tusdcOf(RECEIVER)) - before, parseUnits('6', 6))
    // Over what is left (4): the account refuses it in validation; the bundler says so and sends nothing.
    assert.match(await spend(smart, keyHex, '5'), /AA24 signature error/)
    assert.equal((await tusdcOf(RECEIVER)) - before, parseUnits('6', 6))
    assert.equal(await spend(smart, keyHex, '4'), 'success')
    assert.equal((await tusdcOf(RECEIVER)) - before, parseUnits('10', 6))

    // A second session, revoked: on chain by the account, on the backend with the account's signature.
    const secondHex = generatePrivateKey()
    const second = await grant(secondHex, '10')
    assert.equal(await spend(smart, secondHex, '1'), 'success')
    asked.length = 0
    const { signature } = revokedPermissionsSchema.parse(
      await frame.rpc('wallet_revokePermissions', [{ context: second.context }])
    )
    assert.deepEqual(asked, [
      {
        kind: 'permissions',
        heading: 'Revoke permissions',
        rows: [
          ['Account', smart],
          ['Chain', String(chains.a.chainId)],
          ['Spender', privateKeyToAccount(secondHex).address]
        ]
      }
    ])
    // The backend takes no revoke without the account's signature of its message…
    const stranger = privateKeyToAccount(generatePrivateKey())
    const forged = await stranger.signMessage({ message: revokeSessionMessage(second.context) })
    assert.equal(
      (await api('POST', `/v1/sessions/${accountId}/revoke`, { pci: second.context, signature: forged })).status,
      403
    )
    // …and takes the account's (ERC-1271: the smart account's contract checks it).
    const revoked = await api('POST', `/v1/sessions/${accountId}/revoke`, { pci: second.context, signature })
    assert.deepEqual(revoked, { status: 200, body: { success: true } })
    const after = sessionsResponseSchema.parse((await api('GET', `/v1/sessions/${accountId}`)).body)
    assert.ok(after.pcis.find(session => session.pci === second.context)?.revokedAt)
    // The paymaster no longer sponsors it (this account's first session is spent, not revoked: still live)…
    const balance = await tusdcOf(RECEIVER)
    const refused = await spend(smart, secondHex, '1')
    assert.match(refused, /AA24 signature error/)
    assert.equal(await tusdcOf(RECEIVER), balance)
  })

  it('the paymaster sponsors only accounts with a live session of the project', async () => {
    const lonely = privateKeyToAccount(generatePrivateKey()).address
    const answer = await fetch(bundlerUrl(), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'pm_getPaymasterStubData',
        params: [
          { sender: lonely, nonce: '0x0', callData: '0x' },
          CONTRACTS.entryPoint,
          `0x${chains.a.chainId.toString(16)}`,
          {}
        ]
      })
    })
    const body = (await answer.json()) as { error?: { message: string } }
    assert.equal(body.error?.message, noActiveSession(lonely))
  })

  it('records a session only when the chain says the account granted it', async () => {
    const key = privateKeyToAccount(generatePrivateKey()).address
    const context = `0x${smart.slice(2)}${key.slice(2)}0102030405060708`.toLowerCase()
    const answer = await api<{ message: string }>('POST', `/v1/sessions/eip155:${chains.a.chainId}:${smart}`, {
      expiry: await inAnHour(),
      permissions: [],
      context
    })
    assert.deepEqual(answer, { status: 403, body: { message: NOT_GRANTED_ON_CHAIN, code: 'not_granted' } })
  })

  it('refuses a grant past its expiry, or with the wallet’s own key as spender, before asking', async () => {
    const keyHex = generatePrivateKey()
    const past = { ...(await request(keyHex, '1')), expiry: Math.floor(Date.now() / 1000) - 10 }
    await assert.rejects(frame.rpc('wallet_grantPermissions', [past]), { message: PERMISSION_EXPIRED })
    const own = await request(keyHex, '1')
    const ownKey = { ...own, signer: { type: 'account' as const, data: { id: frame.owner } } }
    await assert.rejects(frame.rpc('wallet_grantPermissions', [ownKey]), { message: badSessionKey(frame.owner) })
  })

  it('refuses both methods when the app did not turn smart sessions on', async () => {
    await frame.call('syncDappData', { sdkVersion: 'test', sdkType: 'appkit', projectId: PROJECT_ID })
    try {
      const keyHex = generatePrivateKey()
      await assert.rejects(frame.rpc('wallet_grantPermissions', [await request(keyHex, '1')]), {
        message: SMART_SESSIONS_OFF
      })
      await assert.rejects(frame.rpc('wallet_revokePermissions', [{ context: `0x${'ab'.repeat(48)}` }]), {
        message: SMART_SESSIONS_OFF
      })
    } finally {
      await frame.call('syncDappData', {
        sdkVersion: 'test',
        sdkType: 'appkit',
        projectId: PROJECT_ID,
        smartSessions: true
      })
    }
  })
})
