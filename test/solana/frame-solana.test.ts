/**
 * The embedded wallet's Solana transactions (frame/rpc-approvals-solana.ts, frame/solana-wire.ts,
 * frame/solana-send.ts) against the local Solana runtime: the frame's RPC, with a keyring whose
 * Solana key is a funded test account, signs the transactions the kit's Send flow builds (and ones
 * @solana/web3.js builds, legacy and v0), shows what they do, and sends them to the runtime the
 * way the backend's /frame-api/rpc forwards them. Signatures are checked with @solana/web3.js and
 * ed25519, balances on the runtime.
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { ed25519 } from '@noble/curves/ed25519'
import {
  AddressLookupTableAccount,
  ComputeBudgetProgram,
  Keypair,
  LAMPORTS_PER_SOL,
  PublicKey,
  SystemProgram,
  Transaction,
  TransactionInstruction,
  TransactionMessage,
  VersionedTransaction
} from '@solana/web3.js'
import { getAssociatedTokenAddressSync } from '@solana/spl-token'
import { bytesToHex } from 'viem'
import type { ApprovalRequest } from '../../frame/approval-request.js'
import { Keyring } from '../../frame/keys.js'
import { createRpc, type RpcRequest } from '../../frame/rpc.js'
import { FROM_LOOKUP_TABLE, MEMO_PROGRAM } from '../../frame/solana-instructions.js'
import { sendSolanaTransaction } from '../../frame/solana-send.js'
import { decodeTransaction, encodeTransaction } from '../../frame/solana-wire.js'
import { buildSolanaTransfer } from '../../src/adapters/solana/solana-transfer.js'
import { RPC_USER_REJECTED } from '../../src/frame/rpc-methods.js'
import { solanaLocal } from '../../src/networks/definitions.js'
import { decodeBase58, encodeBase58, toBase64 } from '../../src/utils/base58.js'
import { testUsdCoin } from '../../solana/accounts.js'
import { testKeypair } from './helpers.js'
import { useLocalSolana } from './local-runtime.js'
import { rejected as rejection } from '../fixtures/rejected.js'

const HARDHAT_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'
const carol = testKeypair(2)
const dave = testKeypair(3)
const mint = new PublicKey(testUsdCoin.address)
const CHAIN = solanaLocal.caipNetworkId

const local = useLocalSolana()

type Solana = Extract<ApprovalRequest, { kind: 'solana-transactions' }>

/** The frame's RPC with Carol's key as its Solana key; the chain behind it is the local runtime. */
function frame(options: { approve?: () => Promise<void>; solanaChainId?: string } = {}) {
  const keyring = new Keyring([
    { namespace: 'eip155', privateKey: HARDHAT_KEY },
    { namespace: 'solana', privateKey: bytesToHex(carol.secretKey.slice(0, 32)) }
  ])
  const asked: Solana[] = []
  const forwarded: Array<{ chainId: string; method: string }> = []
  const rpc = createRpc({
    account: async () => ({ email: 'carol@example.com', keyring }),
    isCurrent: () => true,
    chainId: () => 31337,
    solanaChainId: () => options.solanaChainId,
    backend: {
      // What POST /frame-api/rpc?chainId=… does: the JSON-RPC request to that chain's node, its answer back.
      async rpc(chainId, request) {
        assert.equal(chainId, CHAIN, 'only the local Solana network is known')
        forwarded.push({ chainId, method: (request as { method: string }).method })
        const response = await fetch(local.rpcUrl, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(request)
        })
        return response.json()
      }
    },
    approve: async request => {
      assert.equal(request.kind, 'solana-transactions')
      asked.push(request as Solana)
      await options.approve?.()
    }
  })
  const call = (method: string, params: unknown) => rpc({ method, params } as RpcRequest)
  return { keyring, asked, forwarded, call }
}

const details = (request: Solana, transaction = 0): Array<Record<string, string>> =>
  request.transactions[transaction]!.instructions.map(instruction => ({
    program: instruction.program,
    action: instruction.action,
    ...Object.fromEntries(instruction.details)
  }))

async function blockhash(): Promise<string> {
  return (await local.connection.getLatestBlockhash('confirmed')).blockhash
}

/** A legacy transaction moving `lamports` from `from` to `to`, unsigned, as base64. */
async function solTransfer(from: PublicKey, to: PublicKey, lamports: number, ...more: TransactionInstruction[]) {
  const transaction = new Transaction({ feePayer: from, recentBlockhash: await blockhash() })
  transaction.add(SystemProgram.transfer({ fromPubkey: from, toPubkey: to, lamports }), ...more)
  return transaction.serialize({ requireAllSignatures: false, verifySignatures: false })
}

describe('the frame’s Solana transactions on the local runtime', () => {
  test('sign-and-send: the kit’s SOL transfer is shown, approved, signed by the frame’s key and confirmed on the runtime', async () => {
    const f = frame()
    const amount = BigInt(1.25 * LAMPORTS_PER_SOL)
    const [carolBefore, daveBefore] = await Promise.all([
      local.connection.getBalance(carol.publicKey),
      local.connection.getBalance(dave.publicKey)
    ])
    const transfer = await buildSolanaTransfer({
      network: local.network,
      from: carol.publicKey.toBase58(),
      receiver: dave.publicKey.toBase58(),
      amount,
      mint: undefined,
      decimals: 9
    })
    const answer = (await f.call('solana_signAndSendTransaction', {
      transaction: toBase64(transfer.request.transaction),
      pubkey: carol.publicKey.toBase58(),
      chainId: transfer.request.chain,
      options: { commitment: 'confirmed' }
    })) as { signature: string }

    assert.equal(decodeBase58(answer.signature)?.length, 64)
    const status = (await local.connection.getSignatureStatuses([answer.signature])).value[0]
    assert.ok(status && status.err === null, 'the runtime has the transaction, without error')
    assert.equal((await local.connection.getBalance(dave.publicKey)) - daveBefore, Number(amount))
    assert.equal(carolBefore - (await local.connection.getBalance(carol.publicKey)), Number(amount + transfer.fee))

    assert.equal(f.asked.length, 1)
    const [request] = f.asked as [Solana]
    assert.equal(request.send, true)
    assert.equal(request.chainId, CHAIN)
    assert.equal(request.transactions[0]!.feePayer, carol.publicKey.toBase58())
    assert.equal(request.transactions[0]!.otherSigners, 0)
    assert.deepEqual(details(request), [
      {
        program: 'System Program',
        action: 'Transfer SOL',
        From: carol.publicKey.toBase58(),
        To: dave.publicKey.toBase58(),
        Amount: '1.25 SOL'
      }
    ])
    assert.deepEqual(
      f.forwarded.map(entry => entry.method).slice(0, 2),
      ['sendTransaction', 'getSignatureStatuses'],
      'sent, then confirmed (asked for the commitment)'
    )
  })

  test('sign-and-send: TUSDC to an address without a token account shows the account’s creation and the amount in tokens', async () => {
    const f = frame({ solanaChainId: CHAIN })
    const receiver = Keypair.generate().publicKey
    const transfer = await buildSolanaTransfer({
      network: local.network,
      from: carol.publicKey.toBase58(),
      receiver: receiver.toBase58(),
      amount: 2_500_000n,
      mint: mint.toBase58(),
      decimals: 6
    })
    assert.equal(transfer.createsTokenAccount, true)
    // No chainId in the params: the frame sends to the Solana network it was last asked about.
    await f.call('solana_signAndSendTransaction', {
      transaction: toBase64(transfer.request.transaction),
      options: { commitment: 'confirmed' }
    })
    const balance = await local.connection.getTokenAccountBalance(
      getAssociatedTokenAddressSync(mint, receiver),
      'confirmed'
    )
    assert.equal(balance.value.amount, '2500000')
    const shown = details(f.asked[0]!)
    assert.deepEqual(
      shown.map(entry => entry.action),
      ['Create a token account', 'Transfer tokens']
    )
    assert.equal(shown[0]!.Owner, receiver.toBase58())
    assert.equal(shown[0]!.Token, mint.toBase58())
    assert.equal(shown[1]!.Amount, '2.5')
    assert.equal(shown[1]!.Token, mint.toBase58())
    assert.equal(shown[1]!.program, 'Token Program')
  })

  test('sign-and-send with neither a chainId nor a known Solana network says so, asks nothing and sends nothing', async () => {
    const f = frame()
    const bytes = await solTransfer(carol.publicKey, dave.publicKey, 1000)
    const error = await rejection(f.call('solana_signAndSendTransaction', { transaction: toBase64(bytes) }))
    assert.equal(error.message, 'solana_signAndSendTransaction needs the Solana network to send on (chainId)')
    assert.deepEqual([f.asked, f.forwarded], [[], []])
  })

  test('a rejection in the frame signs and sends nothing: “User rejected the request”', async () => {
    const f = frame({ approve: async () => Promise.reject(new Error(RPC_USER_REJECTED)) })
    const before = await local.connection.getBalance(dave.publicKey)
    const bytes = await solTransfer(carol.publicKey, dave.publicKey, 5000)
    const error = await rejection(
      f.call('solana_signAndSendTransaction', { transaction: toBase64(bytes), chainId: CHAIN })
    )
    assert.equal(error.message, RPC_USER_REJECTED)
    assert.deepEqual(f.forwarded, [])
    assert.equal(await local.connection.getBalance(dave.publicKey), before)
  })

  test('the network’s refusal comes back as its error: a transfer of more SOL than the wallet holds', async () => {
    const f = frame()
    const bytes = await solTransfer(carol.publicKey, dave.publicKey, 10_000 * LAMPORTS_PER_SOL)
    const error = await rejection(
      f.call('solana_signAndSendTransaction', { transaction: toBase64(bytes), chainId: CHAIN })
    )
    // The System program's error 1: the account has too few lamports (preflight, as a validator says it).
    assert.equal(
      error.message,
      'Transaction simulation failed: Error processing Instruction 0: custom program error: 0x1'
    )
    assert.deepEqual(
      f.forwarded.map(entry => entry.method),
      ['sendTransaction']
    )
  })

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

describe('the wire format', () => {
  test('what it decodes it encodes byte for byte, lengths past 127 included (a 300-byte memo)', async () => {
    const bytes = await solTransfer(
      carol.publicKey,
      dave.publicKey,
      1,
      new TransactionInstruction({ programId: new PublicKey(MEMO_PROGRAM), keys: [], data: Buffer.alloc(300, 97) })
    )
    const decoded = decodeTransaction(bytes)
    assert.equal(decoded.instructions[1]!.data.length, 300)
    assert.deepEqual(encodeTransaction(decoded), new Uint8Array(bytes))
    assert.equal(decoded.version, 'legacy')
    assert.equal(decoded.accounts[0], carol.publicKey.toBase58())
  })

  test('a network that answers another signature than the transaction’s is an error', async () => {
    const error = await rejection(
      sendSolanaTransaction({
        forward: async () => encodeBase58(new Uint8Array(64).fill(1)),
        chainId: CHAIN,
        transaction: new Uint8Array(10),
        signature: new Uint8Array(64).fill(2)
      })
    )
    assert.equal(error.message, 'The network answered sendTransaction with another signature than the transaction’s')
  })

  test('waits for the commitment, and gives up after its timeout with a clear text', async () => {
    const signature = new Uint8Array(64).fill(7)
    let statuses = 0
    const error = await rejection(
      sendSolanaTransaction({
        forward: async (_chain, method) => {
          if (method === 'sendTransaction') return encodeBase58(signature)
          statuses++
          return { value: [{ err: null, confirmationStatus: 'processed' }] }
        },
        chainId: CHAIN,
        transaction: new Uint8Array(10),
        signature,
        options: { commitment: 'finalized' },
        timeoutMs: 0,
        sleep: async () => undefined
      })
    )
    assert.match(error.message, /^The transaction \w+ was sent but not finalized within 0 s$/)
    assert.equal(statuses, 1)
  })
})
