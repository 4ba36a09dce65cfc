// wallet_getAssets end to end below the page (issue 29, point 3; docs/behaviour.md sections 3 and 7): the frame's
// own handlers (service/frame/handlers.ts) over its real backend client (service/frame/backend.ts) against the
// reference backend on local chain A, after a real e-mail login (maildev). The EOA is funded on
// chain; the answer's hex balances are what the chain holds. The route itself
// (GET /frame-api/balance, service/backend/routes/frame-api-balance.ts): a session bound to the host page, the
// frame's own origin, a well-formed address.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { getAddress, parseEther, parseUnits, toHex, type Address } from 'viem'
import { testTokenAbi } from '../../local/chain/abis.js'
import { localPublicClient, localWalletClient } from '../../local/chain/clients.js'
import { CONTRACTS, DEPLOYER } from '../../local/chain/deployment.js'
import { createChainContext } from '../../service/backend/context.js'
import { walletAssetSchema, type WalletAsset } from '../../src/api/schemas/balance.js'
import { useLocalChains } from '../chain/helpers.js'
import { expectError, expectOk, useEmbeddedStack } from './embedded-stack.js'
import { loggedInFrame } from './frame-login.js'

const chains = useLocalChains()
const stack = useEmbeddedStack({ chains: () => [createChainContext(chains.a.chainId, chains.a.rpcUrl)] })

const loggedIn = () => loggedInFrame(stack, chains.a.chainId, 'assets')

async function fund(to: Address): Promise<void> {
  const wallet = localWalletClient(chains.a, DEPLOYER.privateKey)
  const client = localPublicClient(chains.a)
  await client.waitForTransactionReceipt({ hash: await wallet.sendTransaction({ to, value: parseEther('0.25') }) })
  const hash = await wallet.writeContract({
    address: CONTRACTS.tUSDC,
    abi: testTokenAbi,
    functionName: 'transfer',
    args: [to, parseUnits('12.5', 6)]
  })
  await client.waitForTransactionReceipt({ hash })
}

describe('wallet_getAssets through the frame, against the reference backend (issue 29, point 3)', () => {
  it('answers the account’s assets from the backend’s balances: what the chain holds, in the spec’s shape', async () => {
    const frame = await loggedIn()
    await fund(frame.owner)
    const answer = (await frame.rpc('wallet_getAssets', [{ account: frame.owner }])) as Record<string, WalletAsset[]>
    const chain = toHex(chains.a.chainId)
    assert.deepEqual(Object.keys(answer), [chain])
    const assets = answer[chain]!
    for (const asset of assets) assert.ok(walletAssetSchema.safeParse(asset).success, JSON.stringify(asset))
    const client = localPublicClient(chains.a)
    const native = assets.find(asset => asset.type === 'NATIVE')
    assert.equal(native?.address, 'native')
    assert.equal(native?.balance, toHex(await client.getBalance({ address: frame.owner })))
    assert.equal(native?.balance, toHex(parseEther('0.25')))
    assert.deepEqual(native?.metadata.decimals, 18)
    const tusdc = assets.find(asset => asset.type === 'ERC20' && getAddress(asset.address) === CONTRACTS.tUSDC)
    assert.equal(tusdc?.balance, toHex(parseUnits('12.5', 6)))
    assert.deepEqual(
      { symbol: tusdc?.metadata.symbol, decimals: tusdc?.metadata.decimals },
      { symbol: 'tUSDC', decimals: 6 }
    )
    // Read from the chain now, not from the backend's 10 s cache: a payment that just landed shows.
    await fund(frame.owner)
    const again = (await frame.rpc('wallet_getAssets', [
      { account: frame.owner, assetTypeFilter: ['erc20'] }
    ])) as Record<string, WalletAsset[]>
    assert.deepEqual(
      again[chain]!.map(asset => asset.balance),
      [toHex(parseUnits('25', 6))]
    )
  })

  it('the route answers only a live session of the host page it was made for, from the frame’s own origin', async () => {
    const frame = await loggedIn()
    const path = `/frame-api/balance?address=${frame.owner}`
    const ok = expectOk<{ balances: unknown[] }>(await stack.frame.get(path, { token: frame.token }))
    assert.ok(ok.balances.length >= 1)
    expectError(await stack.frame.get(path), 401)
    expectError(await stack.frame.get(path, { token: frame.token, hostOrigin: 'http://127.0.0.1:9999' }), 401)
    expectError(await stack.frame.get(path, { token: frame.token, origin: 'http://evil.example' }), 403)
    expectError(await stack.frame.get('/frame-api/balance?address=0x12', { token: frame.token }), 400)
  })
})
