// The frame's RPC policy (service/frame/rpc.ts) with a fake chain and a test-controlled approval: a
// disallowed method gets 'Requested RPC call is not allowed'; eth_chainId and the accounts are
// answered here; safe methods are forwarded (JSON-RPC 2.0 to eip155:{last chain}); signatures only
// after approval and verifiable (viem verifyMessage / verifyTypedData, ed25519 for Solana); Reject
// gives 'User rejected the request'; approval methods the wallet cannot do are refused as such;
// at most 99 wait; no answer holds a key.
import { ed25519 } from '@noble/curves/ed25519'
import { expect } from '@open-wc/testing'
import { verifyMessage, verifyTypedData, type Hex } from 'viem'
import { PERMISSIONS_NEED_SMART_ACCOUNT } from '../../../service/frame/permissions.js'
import { NO_LONGER_CONNECTED, TOO_MANY_PENDING } from '../../../service/frame/rpc.js'
import { USER_OPERATION_NEEDS_SMART_ACCOUNT } from '../../../service/frame/rpc-approvals.js'
import {
  PENDING_TRANSACTIONS_LIMIT,
  RPC_NOT_ALLOWED,
  RPC_USER_REJECTED,
  SMART_SESSIONS_OFF
} from '../../../src/frame/rpc-methods.js'
import { decodeBase58, encodeBase58, utf8ToHex } from '../../../src/utils/base58.js'
import { rejection } from '../rejection.js'
import { HARDHAT_ADDRESS, HARDHAT_KEY, SOLANA_SEED } from './known-keys.js'
import { rpcSetup } from './rpc-support.js'

const typedData = {
  types: {
    EIP712Domain: [
      { name: 'name', type: 'string' },
      { name: 'chainId', type: 'uint256' }
    ],
    Mail: [
      { name: 'from', type: 'string' },
      { name: 'contents', type: 'string' }
    ]
  },
  primaryType: 'Mail',
  domain: { name: 'Ether Mail', chainId: 31337 },
  message: { from: 'Cow', contents: 'Hello, Bob!' }
} as const

describe('the frame’s RPC policy', () => {
  it('refuses a method that is neither safe nor approvable with the exact text, asking no one', async () => {
    const setup = rpcSetup()
    for (const method of ['eth_sign', 'wallet_addEthereumChain', 'debug_traceTransaction', 'eth_signTransaction']) {
      expect((await rejection(setup.call(method, [])))?.message).to.equal(RPC_NOT_ALLOWED)
    }
    expect(RPC_NOT_ALLOWED).to.equal('Requested RPC call is not allowed')
    expect(setup.forwarded).to.deep.equal([])
    expect(setup.asked).to.deep.equal([])
  })

  it('answers eth_chainId from the stored chain and the accounts from the keys, without the chain', async () => {
    const setup = rpcSetup({ chainId: 10 })
    expect(await setup.call('eth_chainId')).to.equal('0xa')
    expect(await setup.call('eth_accounts', [])).to.deep.equal([HARDHAT_ADDRESS])
    expect(await setup.call('eth_requestAccounts', [])).to.deep.equal([HARDHAT_ADDRESS])
    expect(setup.forwarded).to.deep.equal([])
  })

  it('forwards a safe method as JSON-RPC 2.0 to the current chain and answers its result or its error', async () => {
    const setup = rpcSetup()
    expect(await setup.call('eth_getBalance', [HARDHAT_ADDRESS, 'latest'])).to.equal('0xde0b6b3a7640000')
    expect(setup.forwarded).to.have.length(1)
    const [{ chainId, request }] = setup.forwarded as [(typeof setup.forwarded)[number]]
    expect(chainId).to.equal('eip155:31337')
    expect(request).to.include({ jsonrpc: '2.0', method: 'eth_getBalance' })
    expect(request.params).to.deep.equal([HARDHAT_ADDRESS, 'latest'])
    const failed = await rejection(setup.call('eth_getLogs', [{}]))
    expect(failed?.message).to.equal('the method eth_getLogs does not exist/is not available')
    expect(setup.asked).to.deep.equal([])
  })

  it('signs personal_sign only after approval, with a signature viem verifies for the address', async () => {
    const setup = rpcSetup()
    const text = 'Sign in to Demo shop'
    const signature = (await setup.call('personal_sign', [utf8ToHex(text), HARDHAT_ADDRESS])) as Hex
    expect(setup.asked).to.have.length(1)
    expect(setup.asked[0]).to.include({ kind: 'message' })
    expect(new TextDecoder().decode((setup.asked[0] as { bytes: Uint8Array }).bytes)).to.equal(text)
    expect(await verifyMessage({ address: HARDHAT_ADDRESS, message: text, signature })).to.equal(true)
  })

  it('answers “User rejected the request” when the visitor rejects, and signs nothing', async () => {
    const setup = rpcSetup({ approve: async () => Promise.reject(new Error(RPC_USER_REJECTED)) })
    expect((await rejection(setup.call('personal_sign', [utf8ToHex('hi'), HARDHAT_ADDRESS])))?.message).to.equal(
      RPC_USER_REJECTED
    )
    expect(setup.answers).to.deep.equal([])
  })

  it('refuses to sign for another address, asking no one', async () => {
    const setup = rpcSetup()
    const other = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
    expect((await rejection(setup.call('personal_sign', [utf8ToHex('hi'), other])))?.message).to.contain(
      'not this wallet’s address'
    )
    expect(setup.asked).to.deep.equal([])
  })

  it('signs eth_signTypedData_v4 (JSON text) after approval, verifiable with verifyTypedData', async () => {
    const setup = rpcSetup()
    const signature = (await setup.call('eth_signTypedData_v4', [HARDHAT_ADDRESS, JSON.stringify(typedData)])) as Hex
    expect(setup.asked[0]).to.deep.include({ kind: 'typed-data', domainName: 'Ether Mail', primaryType: 'Mail' })
    expect(
      await verifyTypedData({
        address: HARDHAT_ADDRESS,
        ...typedData,
        domain: { ...typedData.domain, chainId: BigInt(typedData.domain.chainId) },
        signature
      })
    ).to.equal(true)
    const otherChain = { ...typedData, domain: { ...typedData.domain, chainId: 1 } }
    const refused = await rejection(setup.call('eth_signTypedData_v4', [HARDHAT_ADDRESS, JSON.stringify(otherChain)]))
    expect(refused?.message).to.equal('The typed data is for chain 1, the wallet is on chain 31337')
  })

  it('signs solana_signMessage (base58) with the seed: an ed25519 signature of the message', async () => {
    const setup = rpcSetup()
    const message = new TextEncoder().encode('Sign in with Solana')
    const answer = (await setup.call('solana_signMessage', {
      message: encodeBase58(message),
      pubkey: setup.keyring.solanaAddress
    })) as { signature: string }
    const signature = decodeBase58(answer.signature)!
    expect(signature).to.have.length(64)
    expect(ed25519.verify(signature, message, decodeBase58(setup.keyring.solanaAddress)!)).to.equal(true)
    expect(setup.asked[0]).to.include({ kind: 'message', namespace: 'solana' })
  })

  it('refuses smart sessions unless the app turned them on, and on the EOA, without asking', async () => {
    // Off by default (docs/behaviour.md section 9): refused whatever the params.
    const off = rpcSetup()
    for (const method of ['wallet_grantPermissions', 'wallet_revokePermissions']) {
      expect((await rejection(off.call(method, [{}])))?.message).to.equal(SMART_SESSIONS_OFF)
    }
    expect(off.asked).to.deep.equal([])
    // On, the EOA cannot grant: only the smart account enforces sessions (test/server/frame-smart-sessions.test.ts grants).
    const setup = rpcSetup({ smartSessions: true })
    const grant = {
      chainId: '0x7a69',
      expiry: Math.floor(Date.now() / 1000) + 3600,
      signer: { type: 'account', data: { id: '0x000000000000000000000000000000000000dEaD' } },
      permissions: [{ type: 'native-token-transfer', data: { allowance: '0x1' } }]
    }
    expect((await rejection(setup.call('wallet_grantPermissions', [grant])))?.message).to.equal(
      PERMISSIONS_NEED_SMART_ACCOUNT
    )
    expect((await rejection(setup.call('wallet_grantPermissions', [{}])))?.message).to.match(
      /^wallet_grantPermissions got bad params/
    )
    // A user operation needs the smart account (test/server/frame-smart-wallet.test.ts runs one); the EOA says so.
    const operation = { sender: setup.keyring.address, callData: '0x' }
    expect(
      (await rejection(setup.call('eth_sendUserOperation', [operation, '0x322619fcCcc741880ee7071cBE4e877Fb919eCf8'])))
        ?.message
    ).to.equal(USER_OPERATION_NEEDS_SMART_ACCOUNT)
    expect(setup.asked).to.deep.equal([])
  })

  it('lets at most 99 approvals wait; the next one is refused until one is settled', async () => {
    const decisions: Array<() => void> = []
    const setup = rpcSetup({ approve: () => new Promise<void>(resolve => decisions.push(resolve)) })
    expect(PENDING_TRANSACTIONS_LIMIT).to.equal(99)
    const waiting = Array.from({ length: 99 }, (_, index) =>
      setup.call('personal_sign', [utf8ToHex(`message ${index}`), HARDHAT_ADDRESS])
    )
    await new Promise(resolve => setTimeout(resolve, 0))
    expect(decisions).to.have.length(99)
    expect(
      (await rejection(setup.call('personal_sign', [utf8ToHex('one too many'), HARDHAT_ADDRESS])))?.message
    ).to.equal(TOO_MANY_PENDING)
    decisions[0]!()
    await waiting[0]
    const next = setup.call('personal_sign', [utf8ToHex('now there is room'), HARDHAT_ADDRESS])
    await new Promise(resolve => setTimeout(resolve, 0))
    expect(decisions).to.have.length(100)
    decisions.slice(1).forEach(decide => decide())
    await Promise.all([...waiting, next])
  })

  it('signs nothing when the wallet signed out while the visitor decided', async () => {
    let decide = () => {}
    const setup = rpcSetup({ approve: () => new Promise<void>(resolve => (decide = resolve)) })
    const answer = rejection(setup.call('personal_sign', [utf8ToHex('hi'), HARDHAT_ADDRESS]))
    await new Promise(resolve => setTimeout(resolve, 0))
    setup.signOut()
    decide()
    expect((await answer)?.message).to.equal(NO_LONGER_CONNECTED)
  })

  it('never answers with a key', async () => {
    const approving = rpcSetup()
    await approving.call('eth_accounts', [])
    await approving.call('personal_sign', [utf8ToHex('hi'), HARDHAT_ADDRESS])
    await approving.call('eth_signTypedData_v4', [HARDHAT_ADDRESS, typedData])
    await approving.call('solana_signMessage', { message: encodeBase58(Uint8Array.of(1, 2, 3)) })
    await approving.call('eth_sendTransaction', [{ to: HARDHAT_ADDRESS, value: '0x1' }])
    await approving.call('wallet_sendCalls', [{ calls: [{ to: HARDHAT_ADDRESS, value: '0x1' }] }])
    expect(approving.answers).to.have.length(6)
    const text = JSON.stringify(approving.answers).toLowerCase()
    expect(text).not.to.contain(HARDHAT_KEY.slice(2))
    expect(text).not.to.contain(SOLANA_SEED.slice(2))
    const sent = JSON.stringify(approving.forwarded).toLowerCase()
    expect(sent).not.to.contain(HARDHAT_KEY.slice(2))
    expect(sent).not.to.contain(SOLANA_SEED.slice(2))
  })
})
