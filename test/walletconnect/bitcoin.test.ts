// WalletConnect's bip122 namespace (issue 34), both sides real: the kit's WalletConnect controller
// and connector (src/connectors/walletconnect/, the dapp SDK in this process) paired over the local
// relay with the wallet SDK answering as a Bitcoin wallet (bitcoin-wallet-side.ts), on a local
// regtest node of this file's own. Connecting gives the payment address (the ordinals one on
// 'ordinal'), told by getAccountAddresses or by the session's properties; reconnecting asks nothing;
// the balance is the node's; signMessage is a BIP-322 signature that verifies; a payment goes as
// signPsbt (broadcast) or sendTransfer and lands on the node with the kit's amount and fee; an
// attacker's answers are refused.
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { secp256k1 } from '@noble/curves/secp256k1'
import { base64 } from '@scure/base'
import * as btc from '@scure/btc-signer'
import { bitcoinTestAccounts, REGTEST_CAIP_NETWORK_ID, REGTEST_NETWORK } from '../../local/bitcoin/accounts.js'
import { startBitcoin, type LocalBitcoin } from '../../local/bitcoin/start.js'
import { startLocalRelay, type LocalRelay } from '../../local/walletconnect-relay/relay.js'
import { bip322Transactions } from '../../local/wallets/bitcoin-test-wallet/bip322.js'
import { createWalletConnectConnector } from '../../src/connectors/walletconnect/connector.js'
import { createWalletConnectController } from '../../src/connectors/walletconnect/controller.js'
import { proposalNamespaces, resetSignClients } from '../../src/connectors/walletconnect/sign-client.js'
import type { BitcoinTransferRequest, Connector } from '../../src/connectors/types.js'
import { localChainA } from '../../src/networks/definitions.js'
import { localBitcoin } from '../../src/networks/local-bitcoin.js'
import type { CaipNetwork } from '../../src/networks/types.js'
import { get, utxosOf } from '../bitcoin/helpers.js'
import {
  answerBitcoinRequests,
  bitcoinSessionAccounts,
  bitcoinSessionProperties,
  type BitcoinWalletOptions,
  type BitcoinWalletSide
} from './bitcoin-wallet-side.js'
import { startTestWalletKit, type TestWalletKit } from './wallet-side.js'

const bob = bitcoinTestAccounts[1]!
const EVM = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
/** Fresh P2WPKH addresses only this file pays (keys nobody holds). */
const FRESH = [1, 2].map(
  n =>
    btc.p2wpkh(
      secp256k1.getPublicKey(
        Uint8Array.from({ length: 32 }, () => n),
        true
      ),
      REGTEST_NETWORK
    ).address!
)
const realFetch = globalThis.fetch
let relay: LocalRelay
let node: LocalBitcoin
let wallet: TestWalletKit
let walletSide: BitcoinWalletSide
const behaviour: BitcoinWalletOptions = { account: bob, esploraUrl: '' }
let network: CaipNetwork

before(async () => {
  // The SDKs' calls to WalletConnect's cloud are answered 503 at once (no internet); the node is local.
  globalThis.fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input))
    return url.hostname === '127.0.0.1' ? realFetch(input, init) : new Response(null, { status: 503 })
  }
  relay = await startLocalRelay()
  // Blocks only on demand.
  node = await startBitcoin({ port: 0, blockIntervalMs: 0 })
  network = { ...localBitcoin, rpcUrls: { default: { http: [node.url] } } }
  wallet = await startTestWalletKit(relay.url)
  walletSide = answerBitcoinRequests(wallet, Object.assign(behaviour, { esploraUrl: node.url }))
})

after(async () => {
  walletSide?.stop()
  await resetSignClients()
  await wallet?.stop()
  await relay?.close()
  await node?.stop()
  globalThis.fetch = realFetch
})

/** A fresh kit controller and its bip122 connector, with the session the wallet approves. */
async function connected(answer: Omit<Parameters<TestWalletKit['pairAndAnswer']>[1] & object, 'accounts'> = {}) {
  await resetSignClients()
  const networks = [localChainA, network]
  const controller = createWalletConnectController({
    projectId: 'local-test',
    relayUrl: relay.url,
    metadata: { name: 'Kit under test', description: '', url: 'http://127.0.0.1', icons: [] },
    networks
  })
  const proposal = await controller.propose()
  await wallet.pairAndAnswer(proposal.uri ?? '', {
    accounts: [`eip155:31337:${EVM}`, ...bitcoinSessionAccounts(bob, REGTEST_CAIP_NETWORK_ID)],
    ...answer
  })
  await proposal.approval
  walletSide.requests.length = 0
  return { controller, connector: createWalletConnectConnector(controller, 'bip122', networks) }
}

/** The kit's payment as the Send flow hands it over: Bob's largest coin, `amount` to `to`, change back, `fee` left. */
async function payment(to: string, amount: bigint, fee: bigint): Promise<BitcoinTransferRequest> {
  const [coin] = (await utxosOf(node.url, bob.payment.address)).sort((a, b) => b.value - a.value)
  assert.ok(coin)
  const script = btc.p2wpkh(Buffer.from(bob.payment.publicKey, 'hex')).script
  const tx = new btc.Transaction()
  tx.addInput({ txid: coin.txid, index: coin.vout, witnessUtxo: { script, amount: BigInt(coin.value) } })
  tx.addOutputAddress(to, amount, REGTEST_NETWORK)
  tx.addOutputAddress(bob.payment.address, BigInt(coin.value) - amount - fee, REGTEST_NETWORK)
  return {
    namespace: 'bip122',
    from: bob.payment.address,
    to,
    amount,
    feeRate: 2,
    fee,
    psbt: tx.toPSBT(),
    signInputs: [0],
    chain: REGTEST_CAIP_NETWORK_ID,
    esploraUrl: node.url
  }
}

/** `request`'s PSBT signed by Bob's payment key, not finalized. */
function signedByBob(request: BitcoinTransferRequest): Uint8Array {
  const tx = btc.Transaction.fromPSBT(request.psbt)
  tx.sign(Buffer.from(bob.payment.privateKey, 'hex'))
  return tx.toPSBT()
}

/** What the node holds of `txid`: its fee and what `address` got. */
async function onNode(txid: string, address: string) {
  const { status, body } = await get(node.url, `/tx/${txid}`)
  assert.equal(status, 200, `the node knows ${txid}`)
  const tx = body as { fee: number; vout: { scriptpubkey_address: string; value: number }[] }
  return {
    fee: tx.fee,
    paid: tx.vout.filter(out => out.scriptpubkey_address === address).reduce((s, o) => s + o.value, 0)
  }
}

/** The node's confirmed + unconfirmed sum for `address`, from its unspent outputs (not the kit's read). */
async function nodeSats(address: string): Promise<bigint> {
  return (await utxosOf(node.url, address)).reduce((sum, utxo) => sum + BigInt(utxo.value), 0n)
}

/** BIP-322 simple, P2WPKH: the witness [signature, key] signs to_sign's input with the address's key. */
function verifiesBip322(address: string, message: string, signature: string): boolean {
  const [der, publicKey] = btc.RawWitness.decode(base64.decode(signature))
  if (!der || !publicKey || btc.p2wpkh(publicKey, REGTEST_NETWORK).address !== address) return false
  const script = btc.p2wpkh(publicKey).script
  const { toSign } = bip322Transactions(script, new TextEncoder().encode(message))
  const sighash = toSign.preimageWitnessV0(0, btc.p2pkh(publicKey).script, btc.SigHash.ALL, 0n)
  return secp256k1.verify(der.subarray(0, -1), sighash, publicKey, { format: 'der', lowS: true })
}

test('the proposal asks bip122 only when the app has a Bitcoin network, with the four Bitcoin methods', () => {
  assert.equal(proposalNamespaces([localChainA]).bip122, undefined)
  assert.deepEqual(proposalNamespaces([localChainA, localBitcoin]).bip122, {
    chains: [REGTEST_CAIP_NETWORK_ID],
    methods: ['signMessage', 'sendTransfer', 'signPsbt', 'getAccountAddresses'],
    events: []
  })
})

test('connect: the payment address, told by getAccountAddresses; ordinals on "ordinal"; a reconnect asks nothing; the balance is the node’s', async () => {
  const { controller, connector } = await connected()
  assert.deepEqual(controller.chains('bip122'), [REGTEST_CAIP_NETWORK_ID])
  const chainId = localBitcoin.id
  assert.deepEqual(await connector.connect({ network, accountType: 'payment' }), {
    address: bob.payment.address,
    accounts: [bob.payment.address],
    chainId
  })
  assert.deepEqual(
    walletSide.requests.map(r => [r.method, r.chainId, r.params]),
    [['getAccountAddresses', REGTEST_CAIP_NETWORK_ID, { account: bob.payment.address, intentions: ['payment'] }]]
  )
  assert.equal((await connector.connect({ network, accountType: 'ordinal' })).address, bob.ordinals.address)
  assert.deepEqual(walletSide.requests.at(-1)?.params.intentions, ['ordinal'])

  // After a reload the session is restored from the SDK's storage: no request to the wallet.
  walletSide.requests.length = 0
  assert.equal((await connector.reconnect({ network, accountType: 'payment' }))?.address, bob.payment.address)
  assert.equal((await connector.reconnect({ network, accountType: 'ordinal' }))?.address, bob.ordinals.address)
  assert.deepEqual(walletSide.requests, [])

  assert.equal(await connector.getBalance(bob.payment.address), await nodeSats(bob.payment.address))
  assert.equal(await connector.getBalance(bob.ordinals.address), await nodeSats(bob.ordinals.address))
})

test('a session whose properties carry bip122_getAccountAddresses: the intention read there, nothing asked', async () => {
  // The wallet says (unusually) that its taproot address is its payment address: the kit follows it.
  const swapped = JSON.stringify([
    { address: bob.ordinals.address, intention: 'payment' },
    { address: bob.payment.address, intention: 'ordinal' }
  ])
  const { connector } = await connected({ sessionProperties: { bip122_getAccountAddresses: swapped } })
  assert.equal((await connector.connect({ network, accountType: 'payment' })).address, bob.ordinals.address)
  assert.equal((await connector.reconnect({ network, accountType: 'ordinal' }))?.address, bob.payment.address)
  assert.deepEqual(walletSide.requests, [])
})

test('signMessage: BIP-322 over WalletConnect, base64, verified against the payment address', async () => {
  const { connector } = await connected({ sessionProperties: bitcoinSessionProperties(bob) })
  await connector.connect({ network })
  const message = 'Sign in to appkit-elements\nNonce: 7f3a'
  const signature = await connector.signMessage!(message, bob.payment.address)
  assert.deepEqual(walletSide.requests.at(-1)?.params, {
    account: bob.payment.address,
    address: bob.payment.address,
    message,
    protocol: 'bip322'
  })
  assert.equal(verifiesBip322(bob.payment.address, message, signature), true)
  assert.equal(verifiesBip322(bob.payment.address, `${message}!`, signature), false)
  // The wallet's refusal keeps its code and text (here: it signs with its payment address only).
  await assert.rejects(connector.signMessage!(message, bob.ordinals.address), (error: { code?: number }) => {
    assert.equal(error.code, -32601)
    return true
  })
})

test('sendTransaction: signPsbt on the kit’s PSBT with broadcast; the node has the payment with the kit’s amount and fee', async () => {
  const { connector } = await connected({ sessionProperties: bitcoinSessionProperties(bob) })
  await connector.connect({ network })
  const request = await payment(FRESH[0]!, 12_345_678n, 1_000n)
  const txid = await connector.sendTransaction!(request)
  assert.match(txid, /^[0-9a-f]{64}$/)
  const asked = walletSide.requests.at(-1)!
  assert.equal(asked.method, 'signPsbt')
  assert.deepEqual(
    { ...asked.params, psbt: undefined },
    {
      account: bob.payment.address,
      psbt: undefined,
      signInputs: [{ address: bob.payment.address, index: 0, sighashTypes: [1] }],
      broadcast: true
    }
  )
  assert.equal(asked.params.psbt, base64.encode(request.psbt))
  assert.deepEqual(await onNode(txid, FRESH[0]!), { fee: 1_000, paid: 12_345_678 })
  node.mine(1)
  assert.equal(((await get(node.url, `/tx/${txid}/status`)).body as { confirmed: boolean }).confirmed, true)

  // A wallet that signs but does not send (broadcast ignored): the kit finalizes its PSBT and posts it.
  behaviour.tamper = (asked, honest) => {
    if (asked.method !== 'signPsbt') return undefined
    asked.params.broadcast = false
    return honest()
  }
  try {
    const posted = await connector.sendTransaction!(await payment(FRESH[0]!, 54_321n, 700n))
    assert.deepEqual(await onNode(posted, FRESH[0]!), { fee: 700, paid: 54_321 })
  } finally {
    behaviour.tamper = undefined
  }
})

test('a wallet that approved sendTransfer but not signPsbt gets the payment whole; the node has it', async () => {
  const { connector } = await connected({
    sessionProperties: bitcoinSessionProperties(bob),
    methods: { bip122: ['getAccountAddresses', 'signMessage', 'sendTransfer'] }
  })
  await connector.connect({ network })
  const request = await payment(FRESH[1]!, 2_500_000n, 500n)
  const txid = await connector.sendTransaction!(request)
  assert.deepEqual(walletSide.requests.at(-1), {
    method: 'sendTransfer',
    chainId: REGTEST_CAIP_NETWORK_ID,
    params: {
      account: bob.payment.address,
      recipientAddress: FRESH[1],
      amount: '2500000',
      changeAddress: bob.payment.address
    }
  })
  // The wallet chose the fee (the node's estimate); the receiver got the amount.
  assert.equal((await onNode(txid, FRESH[1]!)).paid, 2_500_000)
})

test('an attacker’s wallet: unreadable answers are refused, never shown or reported as sent', async t => {
  const { connector } = await connected()
  t.after(() => (behaviour.tamper = undefined))
  // getAccountAddresses with markup for an address: not used; the address type decides.
  behaviour.tamper = ({ method }) =>
    method === 'getAccountAddresses'
      ? Promise.resolve([{ address: '<img src=x onerror=alert(1)>', intention: 'payment' }])
      : undefined
  assert.equal((await connector.connect({ network })).address, bob.payment.address)
  // An answer that is no list: not read (the address type decides), the connection still opens.
  behaviour.tamper = ({ method }) =>
    method === 'getAccountAddresses'
      ? Promise.resolve({ address: bob.ordinals.address, intention: 'payment' })
      : undefined
  assert.equal((await connector.connect({ network })).address, bob.payment.address)

  const refusals: [Awaited<ReturnType<NonNullable<BitcoinWalletOptions['tamper']>>>, string, () => Promise<unknown>][] =
    [
      [
        { psbt: 'cHNidP8=', txid: 'not-a-txid' },
        'The WalletConnect wallet answered signPsbt unreadably',
        async () => connector.sendTransaction!(await payment(FRESH[0]!, 1_000n, 500n))
      ],
      // Signed, not sent, and not the kit's transaction (another receiver): not posted.
      [
        { psbt: base64.encode(signedByBob(await payment(FRESH[1]!, 1_000n, 500n))) },
        'The wallet signed another transaction than the one asked',
        async () => connector.sendTransaction!(await payment(FRESH[0]!, 1_000n, 500n))
      ],
      [
        'a'.repeat(64),
        'The WalletConnect wallet answered signPsbt unreadably',
        async () => connector.sendTransaction!(await payment(FRESH[0]!, 1_000n, 500n))
      ],
      // A signature by another address than the one asked, and one that is not hex.
      [
        { address: bob.ordinals.address, signature: 'abcd' },
        'The WalletConnect wallet answered signMessage unreadably',
        () => connector.signMessage!('hi', bob.payment.address)
      ],
      [
        { address: bob.payment.address, signature: '<svg/onload=alert(1)>' },
        'The WalletConnect wallet answered signMessage unreadably',
        () => connector.signMessage!('hi', bob.payment.address)
      ]
    ]
  for (const [answer, message, call] of refusals) {
    behaviour.tamper = () => Promise.resolve(answer)
    await assert.rejects(call(), { message })
  }
  // A payment on a chain the session did not approve is not asked of the wallet.
  behaviour.tamper = undefined
  walletSide.requests.length = 0
  const elsewhere = { ...(await payment(FRESH[0]!, 1_000n, 500n)), chain: 'bip122:000000000019d6689c085ae165831e93' }
  await assert.rejects(connector.sendTransaction!(elsewhere), { name: 'ChainNotConfiguredError' })
  assert.deepEqual(walletSide.requests, [])
})

test('the kit’s other namespaces are unchanged: an EVM connector of the same session has no Bitcoin address', async () => {
  const { controller } = await connected({ sessionProperties: bitcoinSessionProperties(bob) })
  const evm: Connector = createWalletConnectConnector(controller, 'eip155', [localChainA, network])
  assert.deepEqual(await evm.connect({ network: localChainA }), { address: EVM, accounts: [EVM], chainId: '31337' })
})
