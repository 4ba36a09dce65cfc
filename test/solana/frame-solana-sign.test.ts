/**
 * The embedded wallet's Solana signing without sending (solana_signTransaction,
 * solana_signAllTransactions; service/frame/rpc-approvals-solana.ts, service/frame/solana-wire.ts) against the local
 * Solana runtime: legacy and v0 transactions signed in the frame key's slot and verified with
 * @solana/web3.js and ed25519, what the approval shows, and what it refuses.
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { ed25519 } from '@noble/curves/ed25519'
import {
  AddressLookupTableAccount,
  ComputeBudgetProgram,
  Keypair,
  PublicKey,
  SystemProgram,
  Transaction,
  TransactionInstruction,
  TransactionMessage,
  VersionedTransaction
} from '@solana/web3.js'
import { FROM_LOOKUP_TABLE, MEMO_PROGRAM } from '../../service/frame/solana-instructions.js'
import { decodeTransaction } from '../../service/frame/solana-wire.js'
import { decodeBase58, toBase64 } from '../../src/utils/base58.js'
import { useLocalSolana } from './local-runtime.js'
import { rejected as rejection } from '../fixtures/rejected.js'

import { carol, CHAIN, dave, details, frameTools } from './frame-solana-support.js'

const local = useLocalSolana()
const { frame, blockhash, solTransfer } = frameTools(local)

describe('the frame’s Solana transactions on the local runtime', () => {
  test('solana_signTransaction signs in the frame key’s slot, sends nothing, and @solana/web3.js verifies it', async () => {
    const f = frame({ solanaChainId: CHAIN })
    const bytes = await solTransfer(carol.publicKey, dave.publicKey, 7000)
    const answer = (await f.call('solana_signTransaction', {
      transaction: toBase64(bytes),
      pubkey: carol.publicKey.toBase58()
    })) as { signature: string; transaction: string }
    const signed = Transaction.from(Buffer.from(answer.transaction, 'base64'))
    assert.equal(signed.verifySignatures(), true)
    assert.equal(
      signed.signature && Buffer.from(signed.signature).toString('hex'),
      Buffer.from(decodeBase58(answer.signature)!).toString('hex')
    )
    assert.equal(f.asked[0]!.send, false)
    assert.equal(f.asked[0]!.chainId, undefined)
    assert.deepEqual(f.forwarded, [], 'signing only: nothing goes to the network')
    // What it signed is what it was given: the message bytes are unchanged.
    assert.deepEqual(
      decodeTransaction(Buffer.from(answer.transaction, 'base64')).message,
      decodeTransaction(bytes).message
    )
  })

  test('a transaction with another signer too: signed in its own slot only, shown with the other signer, not sendable', async () => {
    const f = frame()
    const transaction = new Transaction({ feePayer: dave.publicKey, recentBlockhash: await blockhash() })
    transaction.add(SystemProgram.transfer({ fromPubkey: carol.publicKey, toPubkey: dave.publicKey, lamports: 1000 }))
    const bytes = transaction.serialize({ requireAllSignatures: false, verifySignatures: false })

    const answer = (await f.call('solana_signTransaction', { transaction: toBase64(bytes) })) as { transaction: string }
    const partly = Transaction.from(Buffer.from(answer.transaction, 'base64'))
    assert.equal(partly.signatures.length, 2)
    assert.equal(partly.signatures[0]!.signature, null, 'the fee payer’s slot stays empty')
    partly.partialSign(dave)
    assert.equal(partly.verifySignatures(), true, 'with the other signature added, both verify')
    assert.equal(f.asked[0]!.transactions[0]!.otherSigners, 1)
    assert.equal(f.asked[0]!.transactions[0]!.feePayer, dave.publicKey.toBase58())

    const error = await rejection(
      f.call('solana_signAndSendTransaction', { transaction: toBase64(bytes), chainId: CHAIN })
    )
    assert.equal(
      error.message,
      'solana_signAndSendTransaction got a transaction that still needs 1 other signature(s); it cannot be sent'
    )
  })

  test('solana_signAllTransactions: one approval for all, each signed and verifiable', async () => {
    const f = frame()
    const first = await solTransfer(carol.publicKey, dave.publicKey, 1000)
    const second = await solTransfer(carol.publicKey, dave.publicKey, 2000)
    const answer = (await f.call('solana_signAllTransactions', {
      transactions: [toBase64(first), toBase64(second)]
    })) as { transactions: string[] }
    assert.equal(answer.transactions.length, 2)
    for (const text of answer.transactions) {
      assert.equal(Transaction.from(Buffer.from(text, 'base64')).verifySignatures(), true)
    }
    assert.equal(f.asked.length, 1)
    assert.equal(f.asked[0]!.transactions.length, 2)
    assert.deepEqual(
      f.asked[0]!.transactions.map(
        summary => summary.instructions[0]!.details.find(([term]) => term === 'Amount')?.[1]
      ),
      ['0.000001 SOL', '0.000002 SOL']
    )
  })

  test('a v0 transaction with a lookup table, a compute budget and a memo: read, shown, signed so that ed25519 verifies it', async () => {
    const f = frame()
    const table = new AddressLookupTableAccount({
      key: Keypair.generate().publicKey,
      state: {
        deactivationSlot: BigInt('18446744073709551615'),
        lastExtendedSlot: 0,
        lastExtendedSlotStartIndex: 0,
        addresses: [dave.publicKey]
      }
    })
    const message = new TransactionMessage({
      payerKey: carol.publicKey,
      recentBlockhash: await blockhash(),
      instructions: [
        ComputeBudgetProgram.setComputeUnitLimit({ units: 200_000 }),
        ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 5 }),
        SystemProgram.transfer({ fromPubkey: carol.publicKey, toPubkey: dave.publicKey, lamports: 3000 }),
        new TransactionInstruction({
          programId: new PublicKey(MEMO_PROGRAM),
          keys: [],
          data: Buffer.from('thanks for lunch')
        })
      ]
    }).compileToV0Message([table])
    const unsigned = new VersionedTransaction(message).serialize()

    const answer = (await f.call('solana_signTransaction', { transaction: toBase64(unsigned) })) as {
      signature: string
      transaction: string
    }
    const signed = VersionedTransaction.deserialize(Buffer.from(answer.transaction, 'base64'))
    assert.equal(ed25519.verify(signed.signatures[0]!, signed.message.serialize(), carol.publicKey.toBytes()), true)
    const summary = f.asked[0]!.transactions[0]!
    assert.equal(summary.lookupTables, 1)
    assert.deepEqual(details(f.asked[0]!), [
      { program: 'Compute Budget Program', action: 'Set the compute limit', Units: '200000' },
      { program: 'Compute Budget Program', action: 'Set the priority fee', 'Micro-lamports per unit': '5' },
      {
        program: 'System Program',
        action: 'Transfer SOL',
        From: carol.publicKey.toBase58(),
        To: FROM_LOOKUP_TABLE,
        Amount: '0.000003 SOL'
      },
      { program: 'Memo Program', action: 'Memo', Text: 'thanks for lunch' }
    ])
  })

  test('an instruction of an unknown program is shown as its address and its data’s size', async () => {
    const f = frame()
    const program = Keypair.generate().publicKey
    const bytes = await solTransfer(
      carol.publicKey,
      dave.publicKey,
      1000,
      new TransactionInstruction({ programId: program, keys: [], data: Buffer.from([1, 2, 3]) })
    )
    await f.call('solana_signTransaction', { transaction: toBase64(bytes) })
    assert.deepEqual(details(f.asked[0]!)[1], {
      program: program.toBase58(),
      action: 'An instruction this wallet cannot read',
      Data: '3 bytes'
    })
  })

  test('refuses, asking nothing: a transaction this wallet does not sign, another pubkey, bytes that are not a transaction, bad params', async () => {
    const f = frame()
    const daves = await solTransfer(dave.publicKey, carol.publicKey, 1000)
    assert.equal(
      (await rejection(f.call('solana_signTransaction', { transaction: toBase64(daves) }))).message,
      `solana_signTransaction got a transaction that this wallet (${carol.publicKey.toBase58()}) does not sign`
    )
    const ours = await solTransfer(carol.publicKey, dave.publicKey, 1000)
    assert.equal(
      (
        await rejection(
          f.call('solana_signTransaction', { transaction: toBase64(ours), pubkey: dave.publicKey.toBase58() })
        )
      ).message,
      `solana_signTransaction asks for ${dave.publicKey.toBase58()}, which is not this wallet’s address`
    )
    assert.match(
      (await rejection(f.call('solana_signTransaction', { transaction: toBase64(ours.subarray(0, 80)) }))).message,
      /^solana_signTransaction got a transaction it cannot read: The transaction ends too early$/
    )
    const extra = new Uint8Array([...ours, 0])
    assert.equal(
      (await rejection(f.call('solana_signTransaction', { transaction: toBase64(extra) }))).message,
      'solana_signTransaction got a transaction it cannot read: The transaction has bytes after its message'
    )
    assert.match(
      (await rejection(f.call('solana_signTransaction', { transaction: 'not base64!' }))).message,
      /^solana_signTransaction got bad params: /
    )
    assert.match(
      (await rejection(f.call('solana_signAllTransactions', { transactions: [] }))).message,
      /^solana_signAllTransactions got bad params: /
    )
    assert.deepEqual([f.asked, f.forwarded], [[], []])
  })
})
