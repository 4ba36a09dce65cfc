/**
 * The runtime behind the RPC, without a server: the fixed test keys and start state, the slot
 * clock and blockhash expiry (with a fake clock), fees, transactions that land with an error,
 * and versioned (v0) transactions.
 */
import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { describe, test } from 'node:test'
import {
  ComputeBudgetProgram,
  Keypair,
  LAMPORTS_PER_SOL,
  PublicKey,
  SystemProgram,
  Transaction,
  TransactionMessage,
  VersionedTransaction
} from '@solana/web3.js'
import { getAssociatedTokenAddressSync } from '@solana/spl-token'
import { solanaFaucet, solanaTestAccounts, testUsdCoin } from '../../local/solana/accounts.js'
import { MS_PER_SLOT, MAX_BLOCKHASH_AGE } from '../../local/solana/chain.js'
import { RpcError, decodeMint, decodeTokenAccount } from '../../local/solana/codec.js'
import { createTestChain } from '../../local/solana/genesis.js'
import { encodeTransactionRecord } from '../../local/solana/rpc-transaction.js'
import { testKeypair } from './helpers.js'

function fromSeed(seed: string): Keypair {
  return Keypair.fromSeed(createHash('sha256').update(seed).digest())
}

function fakeClock() {
  let now = 1_700_000_000_000
  return { now: () => now, advanceSlots: (slots: number) => (now += slots * MS_PER_SLOT) }
}

function transfer(from: Keypair, to: PublicKey, lamports: number, blockhash: string): Transaction {
  const tx = new Transaction({ feePayer: from.publicKey, recentBlockhash: blockhash }).add(
    SystemProgram.transfer({ fromPubkey: from.publicKey, toPubkey: to, lamports })
  )
  tx.sign(from)
  return tx
}

describe('fixed test keys and start state', () => {
  test('every key is Keypair.fromSeed(sha256(seed)) and each token account is the ATA', () => {
    for (const account of [...solanaTestAccounts, solanaFaucet]) {
      const keypair = fromSeed(account.seed)
      assert.equal(keypair.publicKey.toBase58(), account.publicKey)
      assert.deepEqual(Array.from(keypair.secretKey), account.secretKey)
    }
    assert.equal(fromSeed(testUsdCoin.seed).publicKey.toBase58(), testUsdCoin.address)
    for (const account of solanaTestAccounts) {
      const ata = getAssociatedTokenAddressSync(new PublicKey(testUsdCoin.address), new PublicKey(account.publicKey))
      assert.equal(ata.toBase58(), account.tokenAccount)
    }
  })

  test('two starts hold the same state: 100 SOL, the mint, 1000 TUSDC per account', () => {
    const [a, b] = [createTestChain(), createTestChain()]
    assert.equal(a.genesisHash, b.genesisHash)
    const mint = a.getAccount(testUsdCoin.address)!
    assert.deepEqual(decodeMint(mint.owner, mint.data), {
      mintAuthority: solanaFaucet.publicKey,
      supply: 4_000_000_000n,
      decimals: 6,
      isInitialized: true,
      freezeAuthority: null
    })
    for (const account of solanaTestAccounts) {
      assert.equal(a.getAccount(account.publicKey)?.lamports, 100n * BigInt(LAMPORTS_PER_SOL))
      const token = a.getAccount(account.tokenAccount)!
      assert.equal(decodeTokenAccount(token.owner, token.data)?.amount, 1_000_000_000n)
      assert.deepEqual(b.getAccount(account.tokenAccount)?.data, token.data)
    }
  })
})

describe('slots, blockhashes and transactions', () => {
  test('a slot every 400 ms; a blockhash stays valid for 150 slots, then the transaction is refused', () => {
    const clock = fakeClock()
    const chain = createTestChain({ now: clock.now })
    const alice = testKeypair(0)
    const bob = testKeypair(1)
    const first = chain.latestBlockhash()
    assert.equal(chain.slot, 0)
    assert.equal(first.lastValidBlockHeight, MAX_BLOCKHASH_AGE)

    clock.advanceSlots(1)
    const second = chain.latestBlockhash()
    assert.equal(chain.slot, 1)
    assert.notEqual(second.blockhash, first.blockhash)
    // An older blockhash is still accepted (LiteSVM alone takes only the latest one).
    chain.send(transfer(alice, bob.publicKey, 1, first.blockhash).serialize(), { skipPreflight: false })

    clock.advanceSlots(MAX_BLOCKHASH_AGE)
    assert.equal(chain.isBlockhashValid(first.blockhash), false)
    assert.equal(chain.isBlockhashValid(second.blockhash), true)
    assert.throws(
      () => chain.send(transfer(alice, bob.publicKey, 2, first.blockhash).serialize(), { skipPreflight: false }),
      (error: unknown) =>
        error instanceof RpcError && error.code === -32002 && /Blockhash not found/.test(error.message)
    )
    assert.equal(chain.blockTimeOf(10) - chain.blockTimeOf(0), 4)
  })

  test('the fee includes the priority fee, and matches what the runtime charges', () => {
    const chain = createTestChain({ now: fakeClock().now })
    const alice = testKeypair(0)
    const tx = new Transaction({ feePayer: alice.publicKey, recentBlockhash: chain.latestBlockhash().blockhash }).add(
      ComputeBudgetProgram.setComputeUnitLimit({ units: 10_000 }),
      ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 250_000 }),
      SystemProgram.transfer({ fromPubkey: alice.publicKey, toPubkey: alice.publicKey, lamports: 1 })
    )
    tx.sign(alice)
    const signature = chain.send(tx.serialize(), { skipPreflight: false })
    const record = chain.getTransaction(signature)!
    assert.equal(record.fee, 5000 + 2500)
    assert.equal(record.preBalances[0]! - record.postBalances[0]!, record.fee)
  })

  test('with skipPreflight a failing transaction lands with its error and pays the fee', () => {
    const chain = createTestChain({ now: fakeClock().now })
    const dave = testKeypair(3)
    const tx = transfer(dave, testKeypair(0).publicKey, 1000 * LAMPORTS_PER_SOL, chain.latestBlockhash().blockhash)
    const signature = chain.send(tx.serialize(), { skipPreflight: true })
    const record = chain.getTransaction(signature)!
    assert.deepEqual(record.err, { InstructionError: [0, { Custom: 1 }] })
    assert.equal(record.postBalances[0], 100 * LAMPORTS_PER_SOL - 5000)
    assert.ok(record.logs.some(line => line.includes('insufficient lamports')))
    // Sending it again returns the same signature without processing it twice.
    assert.equal(chain.send(tx.serialize(), { skipPreflight: true }), signature)
    assert.equal(chain.transactionCount, 1)
  })

  test('a bad signature is refused with -32003', () => {
    const chain = createTestChain({ now: fakeClock().now })
    const tx = transfer(testKeypair(0), testKeypair(1).publicKey, 1, chain.latestBlockhash().blockhash)
    const wire = tx.serialize()
    wire[10] = wire[10]! ^ 0xff
    assert.throws(
      () => chain.send(wire, { skipPreflight: true }),
      (error: unknown) => error instanceof RpcError && error.code === -32003
    )
  })

  test('a v0 transaction is processed and getTransaction needs maxSupportedTransactionVersion for it', () => {
    const chain = createTestChain({ now: fakeClock().now })
    const alice = testKeypair(0)
    const message = new TransactionMessage({
      payerKey: alice.publicKey,
      recentBlockhash: chain.latestBlockhash().blockhash,
      instructions: [
        SystemProgram.transfer({ fromPubkey: alice.publicKey, toPubkey: testKeypair(2).publicKey, lamports: 7 })
      ]
    }).compileToV0Message()
    const tx = new VersionedTransaction(message)
    tx.sign([alice])
    const record = chain.getTransaction(chain.send(tx.serialize(), { skipPreflight: false }))!
    assert.equal(record.version, 0)
    assert.throws(
      () => encodeTransactionRecord(record, 'json', undefined),
      (e: unknown) => (e as RpcError).code === -32015
    )
    assert.equal(encodeTransactionRecord(record, 'json', 0).version, 0)
  })
})
