/**
 * The Bitcoin test wallet's sats-connect face (local/wallets/bitcoin-test-wallet/sats-connect.ts)
 * in Node against a local regtest node (local/bitcoin, blocks mined on demand): discovery through
 * window.btc_providers, connect (refused, then approved) and the silent wallet_getAccount, BIP-322
 * signMessage, getBalance, signPsbt (with and without broadcast) and sendTransfer confirmed on the
 * node with their amounts, and the JSON-RPC errors an app meets. The panel is decided by a script
 * (autoApprove), which counts what the wallet asked.
 */
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { base64, hex } from '@scure/base'
import * as btc from '@scure/btc-signer'
import { bitcoinTestAccounts, REGTEST_NETWORK } from '../../local/bitcoin/accounts.js'
import { startBitcoin, type LocalBitcoin } from '../../local/bitcoin/start.js'
import { signBip322P2wpkh } from '../../local/wallets/bitcoin-test-wallet/bip322.js'
import { bitcoinSignatureProblem } from '../../src/siwx/bitcoin-signature.js'
import {
  announceSatsConnectProvider,
  SATS_CONNECT_PROVIDER_ID,
  type ApprovalRequest,
  SatsConnectTestProvider
} from '../../local/wallets/bitcoin-test-wallet/sats-connect.js'
import { freshAddress, get, paidOnNode, utxosOf } from '../bitcoin/helpers.js'

const alice = bitcoinTestAccounts[0]!
const ORIGIN = 'http://127.0.0.1:4173'
let node: LocalBitcoin
let provider: SatsConnectTestProvider
const asked: ApprovalRequest[] = []
let decision = true

type Answer = { jsonrpc: string; id: string; result?: unknown; error?: { code: number; message: string } }
const call = async (method: string, params?: unknown) => (await provider.request(method, params)) as Answer
const result = async <T>(method: string, params?: unknown): Promise<T> => {
  const answer = await call(method, params)
  assert.equal(answer.error, undefined, `${method}: ${answer.error?.message}`)
  return answer.result as T
}

/** An unsigned PSBT paying `amount` from Alice's largest UTXO to `to`, change back, `fee` satoshis of fee. */
async function unsignedPayment(to: string, amount: bigint, fee: bigint): Promise<string> {
  const [coin] = (await utxosOf(node.url, alice.payment.address)).sort((a, b) => b.value - a.value)
  const script = btc.OutScript.encode(btc.Address(REGTEST_NETWORK).decode(alice.payment.address))
  const tx = new btc.Transaction()
  tx.addInput({ txid: coin!.txid, index: coin!.vout, witnessUtxo: { script, amount: BigInt(coin!.value) } })
  tx.addOutputAddress(to, amount, REGTEST_NETWORK)
  tx.addOutputAddress(alice.payment.address, BigInt(coin!.value) - amount - fee, REGTEST_NETWORK)
  return base64.encode(tx.toPSBT())
}

before(async () => {
  node = await startBitcoin({ port: 0, blockIntervalMs: 0 })
  // The panel, decided by this script (the wallet's ApprovalQueue with autoApprove does the same).
  const approvals = {
    ask: async (request: ApprovalRequest) => {
      asked.push(request)
      return decision
    }
  }
  provider = new SatsConnectTestProvider({
    account: alice,
    approvals,
    esploraUrl: node.url,
    storageKey: 'sats-connect-face-test',
    origin: () => ORIGIN
  })
})

after(async () => {
  await node?.stop()
})

test('discoverable as sats-connect providers are: an entry in window.btc_providers whose id is the provider’s path', () => {
  const scope = globalThis as unknown as Record<string, unknown>
  try {
    const info = announceSatsConnectProvider(provider, 'AppKit Bitcoin Test Wallet')
    announceSatsConnectProvider(provider, 'AppKit Bitcoin Test Wallet')
    const list = scope.btc_providers as { id: string; name: string; icon: string; methods: string[] }[]
    assert.equal(list.length, 1, 'announced once')
    assert.deepEqual(list[0], info)
    assert.equal(info.id, SATS_CONNECT_PROVIDER_ID)
    assert.match(info.icon, /^data:image\/svg\+xml/)
    assert.ok(info.methods.includes('signPsbt') && info.methods.includes('wallet_connect'))
    const found = info.id.split('.').reduce<unknown>((at, part) => (at as Record<string, unknown>)[part], scope)
    assert.equal(found, provider)
  } finally {
    delete scope.btc_providers
    delete scope.AppKitBitcoinTestWallet
  }
})

test('connect: a refusal answers -32000 and grants nothing; approved, wallet_getAccount gives the addresses without asking', async () => {
  const silent = await call('wallet_getAccount', null)
  assert.equal(silent.error?.code, -32002, 'not connected yet: access denied')
  assert.equal(asked.length, 0)

  decision = false
  const refused = await call('wallet_connect', { addresses: ['payment'], message: 'Connect to the demo' })
  assert.deepEqual(refused.error, { code: -32000, message: 'User rejected the request.' })
  assert.equal(refused.jsonrpc, '2.0')
  assert.equal((await call('wallet_getAccount', null)).error?.code, -32002)

  decision = true
  const connected = await result<{ addresses: { address: string; purpose: string; addressType: string }[] }>(
    'wallet_connect',
    { addresses: ['payment'] }
  )
  assert.deepEqual(
    connected.addresses.map(a => [a.address, a.purpose, a.addressType]),
    [[alice.payment.address, 'payment', 'p2wpkh']]
  )
  assert.equal(asked.length, 2, 'asked twice: refused, approved')
  assert.deepEqual(asked[1]!.details?.[0], ['Payment (P2WPKH)', alice.payment.address])

  const again = await result<{ addresses: { address: string }[] }>('wallet_getAccount', null)
  assert.deepEqual(
    again.addresses.map(a => a.address),
    [alice.payment.address]
  )
  // getAccounts for the ordinals purpose asks again (not granted yet), then both are given.
  const ordinals = await result<{ address: string; purpose: string }[]>('getAccounts', { purposes: ['ordinals'] })
  assert.deepEqual(
    ordinals.map(a => a.purpose),
    ['ordinals']
  )
  assert.equal(ordinals[0]!.address, alice.ordinals.address)
  assert.equal(asked.length, 3)
  assert.equal((await result<{ addresses: unknown[] }>('wallet_getAccount')).addresses.length, 2)
})

test('signMessage: BIP-322 simple by the payment or the ordinals address, in base64; another address is refused', async () => {
  const signed = await result<{ signature: string; address: string; protocol: string; messageHash: string }>(
    'signMessage',
    { address: alice.payment.address, message: 'Sign in to the demo', protocol: 'BIP322' }
  )
  assert.equal(signed.protocol, 'BIP322')
  assert.equal(signed.address, alice.payment.address)
  assert.equal(
    signed.signature,
    signBip322P2wpkh(hex.decode(alice.payment.privateKey), new TextEncoder().encode('Sign in to the demo'))
  )
  assert.match(signed.messageHash, /^[0-9a-f]{64}$/)
  // The ordinals address (given to this site above) signs too: BIP-322 simple, P2TR key path.
  const taproot = await result<{ signature: string }>('signMessage', { address: alice.ordinals.address, message: 'x' })
  // (Schnorr signatures take fresh randomness: checked by the kit's verifier, src/siwx/bitcoin-signature.ts.)
  assert.equal(bitcoinSignatureProblem(alice.ordinals.address, 'x', taproot.signature, 'bcrt'), undefined)
  assert.equal(
    bitcoinSignatureProblem(alice.ordinals.address, 'y', taproot.signature, 'bcrt'),
    'the signature is not the account’s'
  )
  const stranger = await call('signMessage', { address: bitcoinTestAccounts[1]!.payment.address, message: 'x' })
  assert.equal(stranger.error?.code, -32002)
  const ecdsa = await call('signMessage', { address: alice.payment.address, message: 'x', protocol: 'ECDSA' })
  assert.equal(ecdsa.error?.code, -32001)
})

test('getBalance: the node’s confirmed and mempool sums for the payment address, in satoshi strings', async () => {
  const stats = (await get(node.url, `/address/${alice.payment.address}`)).body as {
    chain_stats: { funded_txo_sum: number; spent_txo_sum: number }
    mempool_stats: { funded_txo_sum: number; spent_txo_sum: number }
  }
  const confirmed = stats.chain_stats.funded_txo_sum - stats.chain_stats.spent_txo_sum
  const balance = await result<{ confirmed: string; unconfirmed: string; total: string }>('getBalance', null)
  assert.deepEqual(balance, { confirmed: String(confirmed), unconfirmed: '0', total: String(confirmed) })
})

test('signPsbt: signs the inputs asked; with broadcast, the node has the payment with its amount and fee', async () => {
  const to = freshAddress()
  const psbt = await unsignedPayment(to, 12_345_678n, 500n)
  // Without broadcast: the signed PSBT, no txid, nothing on the node.
  const signedOnly = await result<{ psbt: string; txid?: string }>('signPsbt', {
    psbt,
    signInputs: { [alice.payment.address]: [0] }
  })
  assert.equal(signedOnly.txid, undefined)
  const parsed = btc.Transaction.fromPSBT(base64.decode(signedOnly.psbt))
  assert.equal(parsed.getInput(0).partialSig?.length, 1, 'input 0 signed')
  // An input index out of range, a malformed PSBT: invalid params, nothing asked.
  const before = asked.length
  assert.equal((await call('signPsbt', { psbt, signInputs: { [alice.payment.address]: [5] } })).error?.code, -32602)
  assert.equal((await call('signPsbt', { psbt: 'bm90IGEgcHNidA==', signInputs: {} })).error?.code, -32602)
  assert.equal(asked.length, before)
  // A refusal in the panel: -32000, nothing sent.
  decision = false
  const refused = await call('signPsbt', { psbt, signInputs: { [alice.payment.address]: [0] }, broadcast: true })
  assert.equal(refused.error?.code, -32000)
  decision = true

  const sent = await result<{ psbt: string; txid: string }>('signPsbt', {
    psbt,
    signInputs: { [alice.payment.address]: [0] },
    broadcast: true
  })
  assert.match(sent.txid, /^[0-9a-f]{64}$/)
  assert.match(asked.at(-1)!.title, /Sign and send/)
  assert.deepEqual(
    asked.at(-1)!.details?.find(([label]) => label === 'Fee'),
    ['Fee', '0.00000500 BTC']
  )
  node.mine(1)
  assert.deepEqual(await paidOnNode(node.url, sent.txid, to), { value: 12_345_678, fee: 500, confirmed: true })
})

test('sendTransfer: the wallet builds, signs and posts the payment; confirmed on the node with the amount', async () => {
  const to = freshAddress()
  const { txid } = await result<{ txid: string }>('sendTransfer', { recipients: [{ address: to, amount: 54_321 }] })
  assert.match(asked.at(-1)!.details?.[0]?.[1] ?? '', new RegExp(`0\\.00054321 BTC to ${to}`))
  node.mine(1)
  const paid = await paidOnNode(node.url, txid, to)
  assert.equal(paid.value, 54_321)
  assert.equal(paid.confirmed, true)
  assert.ok(paid.fee > 0 && paid.fee < 10_000, `a small fee: ${paid.fee}`)
  // A mainnet address on regtest, and a method the wallet does not have.
  const mainnet = await call('sendTransfer', {
    recipients: [{ address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', amount: 1000 }]
  })
  assert.equal(mainnet.error?.code, -32602)
  assert.equal((await call('stx_getAccounts', null)).error?.code, -32601)
})

test('wallet_disconnect forgets the site; the wallet’s own disconnect tells listeners', async () => {
  const events: string[] = []
  const stop = provider.addListener({
    eventName: 'disconnect',
    cb: (event: { type: string }) => events.push(event.type)
  })
  await result('wallet_disconnect', null)
  assert.equal((await call('wallet_getAccount', null)).error?.code, -32002)
  assert.equal((await call('getBalance', null)).error?.code, -32002)
  provider.disconnectSite()
  assert.deepEqual(events, ['disconnect'])
  stop()
  provider.disconnectSite()
  assert.deepEqual(events, ['disconnect'])
})
