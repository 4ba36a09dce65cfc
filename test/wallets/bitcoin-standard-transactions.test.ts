/**
 * The Bitcoin test wallet's Wallet Standard payments (local/wallets/bitcoin-test-wallet/
 * standard-transactions.ts) in Node against a local regtest node (blocks mined on demand), with the
 * kit's own builder (src/adapters/bitcoin/bitcoin-transfer.ts): `bitcoin:signTransaction` signs the
 * kit's PSBT (P2WPKH and P2TR inputs), the kit finalizes and posts it, the node confirms the amount
 * and the fee the kit computed; `bitcoin:sendTransfer` builds, signs and posts itself; refusals in
 * the panel send nothing; an account the site was not given and a bad index are refused unasked.
 */
import assert from 'node:assert/strict'
import { after, before, beforeEach, test } from 'node:test'
import * as btc from '@scure/btc-signer'
import { bitcoinTestAccounts, type BitcoinTestKey } from '../../local/bitcoin/accounts.js'
import { startBitcoin, type LocalBitcoin } from '../../local/bitcoin/start.js'
import { SolanaWalletError } from '../../local/wallets/solana-test-wallet/errors.js'
import {
  sendTransfer,
  signTransactions,
  type ApprovalRequest,
  type WalletSide
} from '../../local/wallets/bitcoin-test-wallet/standard-transactions.js'
import {
  broadcastTransaction,
  buildBitcoinTransfer,
  finalizeSignedPsbt
} from '../../src/adapters/bitcoin/bitcoin-transfer.js'
import type { BitcoinTransferRequest } from '../../src/connectors/types.js'
import { localBitcoin } from '../../src/networks/local-bitcoin.js'
import type { CaipNetwork } from '../../src/networks/types.js'
import { freshAddress, paidOnNode, utxosOf } from '../bitcoin/helpers.js'

const alice = bitcoinTestAccounts[0]!
const bob = bitcoinTestAccounts[1]!
let node: LocalBitcoin
let network: CaipNetwork
const asked: ApprovalRequest[] = []
let decision = true

/** The wallet's side as wallet.ts gives it: Alice's two accounts given to the site, the panel scripted. */
function side(): WalletSide {
  const given: BitcoinTestKey[] = [alice.payment, alice.ordinals]
  return {
    keyOf: address => {
      const key = given.find(entry => entry.address === address)
      if (!key) throw new SolanaWalletError(4100, `no account ${address}`)
      return key
    },
    ask: async request => {
      asked.push(request)
      if (!decision) throw new SolanaWalletError(4001, 'User rejected the request.')
    },
    esploraUrl: node.url
  }
}
const account = (key: BitcoinTestKey) => ({ address: key.address }) as never

async function kitPayment(from: BitcoinTestKey, to: string, amount: bigint): Promise<BitcoinTransferRequest> {
  const transfer = await buildBitcoinTransfer({ network, from: from.address, receiver: to, amount })
  assert.ok(typeof transfer === 'object', `the kit refused: ${String(transfer)}`)
  return transfer.request
}

async function rejection(work: Promise<unknown>): Promise<{ code?: number; message: string }> {
  try {
    await work
  } catch (error) {
    return error as { code?: number; message: string }
  }
  assert.fail('expected a refusal')
}

before(async () => {
  node = await startBitcoin({ port: 0, blockIntervalMs: 0 })
  network = { ...localBitcoin, rpcUrls: { default: { http: [node.url] } } }
})

after(async () => {
  await node?.stop()
})

beforeEach(() => {
  asked.length = 0
  decision = true
})

test('signTransaction signs the kit’s PSBT; posted, the node confirms the amount and the kit’s fee', async () => {
  const to = freshAddress()
  const request = await kitPayment(alice.payment, to, 12_345_678n)
  const [signed] = await signTransactions(side(), [
    { psbt: request.psbt, inputsToSign: [{ account: account(alice.payment), signingIndexes: request.signInputs }] }
  ])
  assert.equal(asked.length, 1)
  const rows = new Map(asked[0]!.details)
  assert.match(rows.get('Fee') ?? '', new RegExp(`${(Number(request.fee) / 1e8).toFixed(8)} BTC`))
  assert.ok(asked[0]!.details!.some(([label, value]) => label === 'Pays' && value === `0.12345678 BTC to ${to}`))
  const { hex, txid } = finalizeSignedPsbt(signed!.signedPsbt, request)
  assert.equal(await broadcastTransaction(node.url, hex), txid)
  node.mine(1)
  const paid = await paidOnNode(node.url, txid, to)
  assert.deepEqual(paid, { value: 12_345_678, fee: Number(request.fee), confirmed: true })
})

test('signTransaction signs a taproot (ordinals) input, adding its internal key', async () => {
  const to = freshAddress()
  const request = await kitPayment(alice.ordinals, to, 400_000n)
  const [signed] = await signTransactions(side(), [
    { psbt: request.psbt, inputsToSign: [{ account: account(alice.ordinals), signingIndexes: [0] }] }
  ])
  const { hex, txid } = finalizeSignedPsbt(signed!.signedPsbt, request)
  assert.equal(await broadcastTransaction(node.url, hex), txid)
  node.mine(1)
  assert.deepEqual(await paidOnNode(node.url, txid, to), { value: 400_000, fee: Number(request.fee), confirmed: true })
})

test('a PSBT refused in the panel is not signed; a wrong account or index is refused without asking', async () => {
  const request = await kitPayment(alice.payment, freshAddress(), 50_000n)
  decision = false
  const input = { psbt: request.psbt, inputsToSign: [{ account: account(alice.payment), signingIndexes: [0] }] }
  assert.equal((await rejection(signTransactions(side(), [input]))).code, 4001)
  assert.equal(asked.length, 1)
  decision = true
  const bobs = { psbt: request.psbt, inputsToSign: [{ account: account(bob.payment), signingIndexes: [0] }] }
  assert.equal((await rejection(signTransactions(side(), [bobs]))).code, 4100)
  const outOfRange = { psbt: request.psbt, inputsToSign: [{ account: account(alice.payment), signingIndexes: [9] }] }
  assert.equal((await rejection(signTransactions(side(), [outOfRange]))).code, -32602)
  const notPsbt = { psbt: new Uint8Array([1, 2, 3]), inputsToSign: input.inputsToSign }
  assert.equal((await rejection(signTransactions(side(), [notPsbt]))).code, -32602)
  assert.equal(asked.length, 1)
})

test('sendTransfer builds, signs and posts the payment itself; a refusal sends nothing', async () => {
  const to = freshAddress()
  decision = false
  const refused = await rejection(
    sendTransfer(side(), { account: account(alice.payment), recipients: [{ address: to, amount: 70_000 }] })
  )
  assert.equal(refused.code, 4001)
  assert.deepEqual(await utxosOf(node.url, to), [])
  decision = true
  const { txid } = await sendTransfer(side(), {
    account: account(alice.payment),
    recipients: [{ address: to, amount: 70_000 }],
    feeRate: 2
  })
  assert.ok(asked[1]!.details!.some(([label, value]) => label === 'Pays' && value === `0.00070000 BTC to ${to}`))
  node.mine(1)
  const paid = await paidOnNode(node.url, txid, to)
  assert.equal(paid.value, 70_000)
  assert.equal(paid.confirmed, true)
  const vsize = btc.Transaction.fromRaw(
    Buffer.from(await (await fetch(`${node.url}/tx/${txid}/hex`)).text(), 'hex')
  ).vsize
  assert.ok(paid.fee >= 2 * vsize, `fee ${paid.fee} under 2 sat/vB of ${vsize} vB`)
  const mainnet = await rejection(
    sendTransfer(side(), {
      account: account(alice.payment),
      recipients: [{ address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', amount: 70_000 }]
    })
  )
  assert.equal(mainnet.code, -32602)
})
