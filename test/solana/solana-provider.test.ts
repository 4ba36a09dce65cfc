/**
 * The app's Solana provider (issue 31: getWalletProvider('solana'), src/adapters/solana/solana-provider.ts)
 * over the embedded wallet's Solana connector and the real frame RPC (Carol's key) in front of the
 * local Solana runtime: web3.js transfers (legacy and v0) built by the app, signed through the
 * provider, sent, and seen on the chain as balance changes; a declined approval with the frame's
 * text. (Messages: test/browser/connect/solana-provider.test.ts verifies them with ed25519.)
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { SystemProgram, Transaction, TransactionMessage, VersionedTransaction } from '@solana/web3.js'
import { createSolanaProvider } from '../../src/adapters/solana/solana-provider.js'
import { createSolanaAuthConnector, type SolanaFrameClient } from '../../src/connectors/auth/solana-auth-connector.js'
import { SolanaProviderError } from '../../src/errors/solana-provider-error.js'
import { rejected } from '../fixtures/rejected.js'
import { carol, CHAIN, dave, frameTools } from './frame-solana-support.js'
import { useLocalSolana } from './local-runtime.js'

const local = useLocalSolana()
const { frame, blockhash } = frameTools(local)

/** The embedded wallet's Solana connector whose frame is `f` (the page's channel left out), and the provider over it. */
async function providerOver(f: ReturnType<typeof frame>) {
  const client: SolanaFrameClient = {
    request: async () => ({ address: carol.publicKey.toBase58() }),
    rpc: (method, params) => f.call(method, params)
  }
  const connector = createSolanaAuthConnector({ client, isLoggedIn: async () => true, release: async () => undefined })
  const { address } = await connector.connect({ network: local.network })
  return createSolanaProvider({ connector, address, chain: CHAIN })
}

const balanceOf = (key: typeof dave.publicKey) => local.connection.getBalance(key, 'confirmed')

async function legacyTransfer(lamports: number): Promise<Transaction> {
  const transaction = new Transaction({ feePayer: carol.publicKey, recentBlockhash: await blockhash() })
  return transaction.add(SystemProgram.transfer({ fromPubkey: carol.publicKey, toPubkey: dave.publicKey, lamports }))
}

async function v0Transfer(lamports: number): Promise<VersionedTransaction> {
  const message = new TransactionMessage({
    payerKey: carol.publicKey,
    recentBlockhash: await blockhash(),
    instructions: [SystemProgram.transfer({ fromPubkey: carol.publicKey, toPubkey: dave.publicKey, lamports })]
  }).compileToV0Message()
  return new VersionedTransaction(message)
}

describe('the app’s Solana provider through the embedded wallet, on the local runtime (issue 31)', () => {
  test('signTransaction(Transaction): the app sends what the frame signed; the receiver’s balance grows by the amount', async () => {
    const f = frame()
    const provider = await providerOver(f)
    assert.equal(provider.publicKey.toBase58(), carol.publicKey.toBase58())
    const before = await balanceOf(dave.publicKey)
    const signed = await provider.signTransaction(await legacyTransfer(12_345))
    assert.ok(signed instanceof Transaction)
    assert.equal(signed.verifySignatures(), true)
    assert.deepEqual(f.forwarded, [], 'signing only: the frame sent nothing')
    const signature = await local.connection.sendRawTransaction(signed.serialize())
    await local.connection.confirmTransaction(signature, 'confirmed')
    assert.equal((await balanceOf(dave.publicKey)) - before, 12_345)
  })

  test('signAndSendTransaction(VersionedTransaction): the frame sends it; the base58 signature is the transaction’s, the balance moved', async () => {
    const f = frame()
    const provider = await providerOver(f)
    const before = await balanceOf(dave.publicKey)
    const signature = await provider.signAndSendTransaction(await v0Transfer(23_456))
    assert.match(signature, /^[1-9A-HJ-NP-Za-km-z]{87,88}$/)
    assert.equal(f.asked[0]!.send, true)
    const status = await local.connection.getSignatureStatus(signature)
    assert.equal(status.value?.err, null)
    assert.equal((await balanceOf(dave.publicKey)) - before, 23_456)
  })

  test('signAllTransactions: one approval, both signed (legacy and v0), both land', async () => {
    const f = frame()
    const provider = await providerOver(f)
    const before = await balanceOf(dave.publicKey)
    const [legacy, versioned] = await provider.signAllTransactions([
      await legacyTransfer(1_001),
      await v0Transfer(2_002)
    ])
    assert.equal(f.asked.length, 1)
    assert.ok(legacy instanceof Transaction)
    assert.ok(versioned instanceof VersionedTransaction)
    for (const bytes of [legacy.serialize(), versioned.serialize()]) {
      const signature = await local.connection.sendRawTransaction(bytes)
      await local.connection.confirmTransaction(signature, 'confirmed')
    }
    assert.equal((await balanceOf(dave.publicKey)) - before, 3_003)
  })

  test('sendTransaction(transaction, connection): signed by the wallet, sent through the app’s own connection; one still missing a signature is refused', async () => {
    const f = frame()
    const provider = await providerOver(f)
    const before = await balanceOf(dave.publicKey)
    const signature = await provider.sendTransaction(await legacyTransfer(34_567), local.connection)
    await local.connection.confirmTransaction(signature, 'confirmed')
    assert.deepEqual(f.forwarded, [], 'the app’s connection sent it, not the frame')
    assert.equal((await balanceOf(dave.publicKey)) - before, 34_567)

    // Dave pays the fee: the frame signs Carol's slot only, and the app's transaction cannot go out.
    const shared = await legacyTransfer(1)
    shared.feePayer = dave.publicKey
    const error = await rejected(provider.sendTransaction(shared, local.connection))
    assert.ok(error instanceof SolanaProviderError)
    assert.match(error.message, new RegExp(`Missing signature for public key \\[\`${dave.publicKey.toBase58()}\`\\]`))
  })

  test('a declined approval reaches the app as a SolanaProviderError with the frame’s text', async () => {
    const declining = await providerOver(
      frame({
        approve: async () => {
          throw new Error('User rejected the request.')
        }
      })
    )
    const error = await rejected(declining.signTransaction(await legacyTransfer(1)))
    assert.ok(error instanceof SolanaProviderError)
    assert.equal(error.message, 'User rejected the request.')
  })
})
