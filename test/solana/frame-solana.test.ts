/**
 * The embedded wallet's Solana transactions (service/frame/rpc-approvals-solana.ts, service/frame/solana-wire.ts,
 * service/frame/solana-send.ts) against the local Solana runtime: the frame's RPC, with a keyring whose
 * Solana key is a funded test account, signs the transactions the kit's Send flow builds (and ones
 * @solana/web3.js builds, legacy and v0), shows what they do, and sends them to the runtime the
 * way the backend's /frame-api/rpc forwards them. Signatures are checked with @solana/web3.js and
 * ed25519, balances on the runtime. Signing without sending is in frame-solana-sign.test.ts.
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { Keypair, LAMPORTS_PER_SOL, PublicKey, TransactionInstruction } from '@solana/web3.js'
import { getAssociatedTokenAddressSync } from '@solana/spl-token'
import { MEMO_PROGRAM } from '../../service/frame/solana-instructions.js'
import { sendSolanaTransaction } from '../../service/frame/solana-send.js'
import { decodeTransaction, encodeTransaction } from '../../service/frame/solana-wire.js'
import { buildSolanaTransfer } from '../../src/adapters/solana/solana-transfer.js'
import { RPC_USER_REJECTED } from '../../src/frame/rpc-methods.js'
import { decodeBase58, encodeBase58, toBase64 } from '../../src/utils/base58.js'
import { useLocalSolana } from './local-runtime.js'
import { rejected as rejection } from '../fixtures/rejected.js'

import { carol, CHAIN, dave, details, frameTools, mint, type Solana } from './frame-solana-support.js'

const local = useLocalSolana()
const { frame, solTransfer } = frameTools(local)

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
