/**
 * The local Solana RPC through @solana/web3.js's Connection and @solana/spl-token, as a wallet kit
 * uses it: balances, a SOL transfer confirmed over the websocket, an SPL token transfer to a new
 * associated token account, history, a failing transaction and malformed requests.
 */
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import {
  Connection,
  Keypair,
  LAMPORTS_PER_SOL,
  PublicKey,
  SendTransactionError,
  SystemProgram,
  Transaction,
  TransactionMessage,
  VersionedTransaction,
  sendAndConfirmTransaction,
  type ParsedAccountData
} from '@solana/web3.js'
import { getOrCreateAssociatedTokenAccount, transferChecked } from '@solana/spl-token'
import { WebSocket } from 'ws'
import { toBase58 as bs58 } from '../../local/solana/codec.js'
import { solanaTestAccounts, testUsdCoin } from '../../local/solana/accounts.js'
import { startSolana, type LocalSolana } from '../../local/solana/start.js'
import { rawRpc, rpc, testKeypair, waitFor } from './helpers.js'

const alice = testKeypair(0)
const bob = testKeypair(1)
const carol = testKeypair(2)
const dave = testKeypair(3)
const mint = new PublicKey(testUsdCoin.address)

let solana: LocalSolana
let connection: Connection

before(async () => {
  solana = await startSolana({ port: 0 })
  connection = new Connection(solana.rpcUrl, 'confirmed')
})

after(async () => {
  await solana?.stop()
})

describe('local Solana RPC with @solana/web3.js', () => {
  let transferSignature = ''

  test('a test account starts with 100 SOL', async () => {
    assert.equal(await connection.getBalance(alice.publicKey), 100 * LAMPORTS_PER_SOL)
  })

  test('cluster facts: version, genesis hash, slot, epoch, rent, blockhash validity', async () => {
    assert.equal(typeof (await connection.getVersion())['solana-core'], 'string')
    assert.equal(await connection.getGenesisHash(), solana.genesisHash)
    const slot = await connection.getSlot()
    assert.ok((await connection.getBlockHeight()) >= slot)
    assert.ok((await connection.getEpochInfo()).absoluteSlot >= slot)
    assert.equal(await connection.getMinimumBalanceForRentExemption(165), 2_039_280)
    const { blockhash, lastValidBlockHeight } = await connection.getLatestBlockhash()
    assert.ok(lastValidBlockHeight >= slot + 150)
    assert.equal((await connection.isBlockhashValid(blockhash)).value, true)
    assert.equal((await connection.isBlockhashValid(new PublicKey(testUsdCoin.address).toBase58())).value, false)
    assert.equal((await rpc(solana.rpcUrl, 'getHealth')).result, 'ok')
  })

  test('getMultipleAccounts, getParsedAccountInfo of the mint, and simulateTransaction', async () => {
    const [wallet, mintInfo, missing] = await connection.getMultipleAccountsInfo([
      alice.publicKey,
      mint,
      Keypair.generate().publicKey
    ])
    assert.equal(wallet?.lamports, 100 * LAMPORTS_PER_SOL)
    assert.equal(mintInfo?.owner.toBase58(), testUsdCoin.programId)
    assert.equal(missing, null)
    const parsed = (await connection.getParsedAccountInfo(mint)).value?.data as ParsedAccountData
    assert.equal(parsed.parsed.type, 'mint')
    assert.equal(parsed.parsed.info.decimals, 6)

    // Unsigned, with an old blockhash: replaceRecentBlockhash as wallets do before showing a preview.
    const message = new TransactionMessage({
      payerKey: alice.publicKey,
      recentBlockhash: solana.genesisHash,
      instructions: [SystemProgram.transfer({ fromPubkey: alice.publicKey, toPubkey: bob.publicKey, lamports: 5 })]
    }).compileToV0Message()
    const simulated = await connection.simulateTransaction(new VersionedTransaction(message), {
      replaceRecentBlockhash: true,
      accounts: { encoding: 'base64', addresses: [bob.publicKey.toBase58()] }
    })
    assert.equal(simulated.value.err, null)
    assert.ok((simulated.value.unitsConsumed ?? 0) > 0)
    assert.equal(simulated.value.accounts?.[0]?.lamports, 100 * LAMPORTS_PER_SOL + 5)
    assert.equal(await connection.getBalance(bob.publicKey), 100 * LAMPORTS_PER_SOL)
  })

  test('a SOL transfer confirms through signatureSubscribe and moves the balances', async () => {
    const tx = new Transaction().add(
      SystemProgram.transfer({ fromPubkey: alice.publicKey, toPubkey: bob.publicKey, lamports: 1.5 * LAMPORTS_PER_SOL })
    )
    const fee = (
      await connection.getFeeForMessage(
        (() => {
          const copy = new Transaction({
            feePayer: alice.publicKey,
            recentBlockhash: solana.chain.latestBlockhash().blockhash
          })
          copy.add(...tx.instructions)
          return copy.compileMessage()
        })()
      )
    ).value
    assert.equal(fee, 5000)

    transferSignature = await sendAndConfirmTransaction(connection, tx, [alice])
    assert.equal(await connection.getBalance(alice.publicKey), 100 * LAMPORTS_PER_SOL - 1.5 * LAMPORTS_PER_SOL - 5000)
    assert.equal(await connection.getBalance(bob.publicKey), 101.5 * LAMPORTS_PER_SOL)

    const status = (await connection.getSignatureStatus(transferSignature)).value
    assert.equal(status?.err, null)
    assert.equal(status?.confirmationStatus, 'finalized')

    const history = await connection.getTransaction(transferSignature, { maxSupportedTransactionVersion: 0 })
    assert.equal(history?.meta?.fee, 5000)
    assert.deepEqual(history?.meta?.preBalances.slice(0, 2), [100 * LAMPORTS_PER_SOL, 100 * LAMPORTS_PER_SOL])
    assert.equal(history?.transaction.message.staticAccountKeys[1]?.toBase58(), bob.publicKey.toBase58())
    const parsed = await connection.getParsedTransaction(transferSignature, { maxSupportedTransactionVersion: 0 })
    const instruction = parsed?.transaction.message.instructions[0]
    assert.ok(instruction && 'parsed' in instruction)
    assert.deepEqual(instruction.parsed, {
      type: 'transfer',
      info: {
        source: alice.publicKey.toBase58(),
        destination: bob.publicKey.toBase58(),
        lamports: 1.5 * LAMPORTS_PER_SOL
      }
    })
  })

  test('getSignaturesForAddress lists the transfer for both sides, newest first', async () => {
    for (const key of [alice.publicKey, bob.publicKey]) {
      const list = await connection.getSignaturesForAddress(key)
      assert.equal(list[0]?.signature, transferSignature)
      assert.equal(list[0]?.err, null)
      assert.equal(typeof list[0]?.blockTime, 'number')
    }
    assert.deepEqual(await connection.getSignaturesForAddress(dave.publicKey), [])
  })

  test('an SPL token transfer to a new associated token account, then getParsedTokenAccountsByOwner', async () => {
    const recipient = Keypair.fromSeed(new Uint8Array(32).fill(7)).publicKey
    const source = new PublicKey(solanaTestAccounts[2]!.tokenAccount)
    const destination = await getOrCreateAssociatedTokenAccount(connection, carol, mint, recipient)
    assert.equal(destination.amount, 0n)
    const signature = await transferChecked(connection, carol, source, mint, destination.address, carol, 12_500_000n, 6)

    const owned = await connection.getParsedTokenAccountsByOwner(recipient, { mint })
    assert.equal(owned.value.length, 1)
    assert.equal(owned.value[0]?.pubkey.toBase58(), destination.address.toBase58())
    const info = (owned.value[0]?.account.data as ParsedAccountData).parsed.info
    assert.equal(info.mint, testUsdCoin.address)
    assert.equal(info.owner, recipient.toBase58())
    assert.deepEqual(info.tokenAmount, { amount: '12500000', decimals: 6, uiAmount: 12.5, uiAmountString: '12.5' })

    const left = await connection.getTokenAccountBalance(source)
    assert.equal(left.value.uiAmountString, '987.5')
    const raw = await connection.getTokenAccountsByOwner(carol.publicKey, {
      programId: new PublicKey(testUsdCoin.programId)
    })
    assert.equal(raw.value[0]?.account.data.length, 165)

    const parsed = await connection.getParsedTransaction(signature, { maxSupportedTransactionVersion: 0 })
    assert.deepEqual(
      parsed?.meta?.postTokenBalances?.map(b => [b.owner, b.uiTokenAmount.uiAmountString]).sort(),
      [
        [carol.publicKey.toBase58(), '987.5'],
        [recipient.toBase58(), '12.5']
      ].sort()
    )
  })

  test('a failing transaction gives a JSON-RPC error with the program logs, and costs nothing', async () => {
    const tx = new Transaction().add(
      SystemProgram.transfer({ fromPubkey: dave.publicKey, toPubkey: bob.publicKey, lamports: 1000 * LAMPORTS_PER_SOL })
    )
    await assert.rejects(sendAndConfirmTransaction(connection, tx, [dave]), (error: unknown) => {
      assert.ok(error instanceof SendTransactionError)
      assert.match(error.message, /custom program error: 0x1/)
      assert.ok(error.logs?.some(line => line.startsWith('Transfer: insufficient lamports')))
      return true
    })

    const raw = new Transaction({ feePayer: dave.publicKey, ...(await connection.getLatestBlockhash()) }).add(
      tx.instructions[0]!
    )
    raw.sign(dave)
    const answer = await rpc(solana.rpcUrl, 'sendTransaction', [
      raw.serialize().toString('base64'),
      { encoding: 'base64' }
    ])
    assert.equal(answer.error?.code, -32002)
    assert.match(answer.error?.message ?? '', /^Transaction simulation failed: Error processing Instruction 0/)
    const data = answer.error?.data as { err: unknown; logs: string[] }
    assert.deepEqual(data.err, { InstructionError: [0, { Custom: 1 }] })
    assert.ok(data.logs.length > 0)
    assert.equal(await connection.getBalance(dave.publicKey), 100 * LAMPORTS_PER_SOL)
  })

  test('sendTransaction takes base58 (the default encoding) and base64; history pages with before/limit', async () => {
    const signatures: string[] = []
    for (const [lamports, encoding] of [
      [11, 'base58'],
      [12, 'base64']
    ] as const) {
      const tx = new Transaction({ feePayer: alice.publicKey, ...(await connection.getLatestBlockhash()) }).add(
        SystemProgram.transfer({ fromPubkey: alice.publicKey, toPubkey: carol.publicKey, lamports })
      )
      tx.sign(alice)
      const wire = tx.serialize()
      const text = encoding === 'base58' ? bs58(wire) : wire.toString('base64')
      const answer = await rpc(solana.rpcUrl, 'sendTransaction', encoding === 'base58' ? [text] : [text, { encoding }])
      assert.equal(answer.result, bs58(tx.signature!))
      signatures.push(answer.result as string)
    }
    const newest = await connection.getSignaturesForAddress(alice.publicKey, { limit: 1 })
    assert.deepEqual(
      newest.map(s => s.signature),
      [signatures[1]]
    )
    const older = await connection.getSignaturesForAddress(alice.publicKey, { limit: 1, before: signatures[1] })
    assert.deepEqual(
      older.map(s => s.signature),
      [signatures[0]]
    )
  })

  test('malformed requests get JSON-RPC parse, invalid-request, method and params errors', async () => {
    const error = async (body: string) =>
      ((await rawRpc(solana.rpcUrl, body)) as { error: { code: number } }).error.code
    assert.equal(await error('{"jsonrpc":"2.0","id":1,"method":'), -32700)
    assert.equal(await error('{"jsonrpc":"1.0","id":1,"method":"getSlot"}'), -32600)
    assert.equal(await error('{"jsonrpc":"2.0","id":1}'), -32600)
    assert.equal(await error('[]'), -32600)
    assert.equal(await error('{"jsonrpc":"2.0","id":1,"method":"getNothing"}'), -32601)
    assert.equal(await error('{"jsonrpc":"2.0","id":1,"method":"getBalance","params":["not-a-key"]}'), -32602)
    assert.equal(await error('{"jsonrpc":"2.0","id":1,"method":"getBalance","params":{"pubkey":"x"}}'), -32602)
    const batch = (await rawRpc(
      solana.rpcUrl,
      '[{"jsonrpc":"2.0","id":"a","method":"getSlot"},{"jsonrpc":"2.0","method":"getSlot"},{"jsonrpc":"2.0","id":"c","method":"x"}]'
    )) as { id: string }[]
    assert.deepEqual(
      batch.map(r => r.id),
      ['a', 'c']
    )
  })

  test('requestAirdrop from the faucet, confirmed', async () => {
    const fresh = Keypair.fromSeed(new Uint8Array(32).fill(9)).publicKey
    const signature = await connection.requestAirdrop(fresh, 2 * LAMPORTS_PER_SOL)
    const { blockhash, lastValidBlockHeight } = await connection.getLatestBlockhash()
    const result = await connection.confirmTransaction({ signature, blockhash, lastValidBlockHeight })
    assert.equal(result.value.err, null)
    assert.equal(await connection.getBalance(fresh), 2 * LAMPORTS_PER_SOL)
  })

  test('accountSubscribe notifies a balance change; slotSubscribe ticks', async () => {
    const seen: number[] = []
    const id = connection.onAccountChange(bob.publicKey, info => seen.push(info.lamports), { commitment: 'confirmed' })
    const slots: number[] = []
    const slotId = connection.onSlotChange(info => slots.push(info.slot))
    // Wait until the subscription is live: the slot one ticks within a slot (400 ms).
    await waitFor(() => slots.length > 0)
    await sendAndConfirmTransaction(
      connection,
      new Transaction().add(
        SystemProgram.transfer({ fromPubkey: alice.publicKey, toPubkey: bob.publicKey, lamports: 1000 })
      ),
      [alice]
    )
    await waitFor(() => seen.length > 0)
    assert.equal(seen.at(-1), await connection.getBalance(bob.publicKey))
    await connection.removeAccountChangeListener(id)
    await connection.removeSlotChangeListener(slotId)
  })

  test('websocket (also on the HTTP port): signature, logs and account notifications in order', async () => {
    type Message = {
      id?: number
      result?: unknown
      error?: { code: number }
      method?: string
      params?: { subscription: number; result: unknown }
    }
    const socket = new WebSocket(solana.rpcUrl.replace('http', 'ws'))
    const messages: Message[] = []
    socket.on('message', data => messages.push(JSON.parse(String(data)) as Message))
    await new Promise(resolve => socket.once('open', resolve))
    const call = async (id: number, method: string, params: unknown[]) => {
      socket.send(JSON.stringify({ jsonrpc: '2.0', id, method, params }))
      await waitFor(() => messages.some(m => m.id === id))
      return messages.find(m => m.id === id)!
    }
    const notifications = (subscription: unknown) => messages.filter(m => m.params?.subscription === subscription)

    // Already processed: the notification follows the subscribe answer.
    const old = await call(1, 'signatureSubscribe', [transferSignature, { commitment: 'confirmed' }])
    await waitFor(() => notifications(old.result).length === 1)
    assert.ok(messages.indexOf(old) < messages.indexOf(notifications(old.result)[0]!))
    assert.deepEqual((notifications(old.result)[0]!.params!.result as { value: unknown }).value, { err: null })

    // Subscribed first, processed later.
    const tx = new Transaction({ feePayer: bob.publicKey, ...(await connection.getLatestBlockhash()) }).add(
      SystemProgram.transfer({ fromPubkey: bob.publicKey, toPubkey: alice.publicKey, lamports: 4242 })
    )
    tx.sign(bob)
    const signature = bs58(tx.signature!)
    const pending = await call(2, 'signatureSubscribe', [signature])
    const logs = await call(3, 'logsSubscribe', [{ mentions: [alice.publicKey.toBase58()] }])
    const account = await call(4, 'accountSubscribe', [alice.publicKey.toBase58(), { encoding: 'base64' }])
    assert.equal(notifications(pending.result).length, 0)
    await connection.sendRawTransaction(tx.serialize())
    await waitFor(() => [pending, logs, account].every(sub => notifications(sub.result).length === 1))
    const logValue = (notifications(logs.result)[0]!.params!.result as { value: { signature: string; logs: string[] } })
      .value
    assert.equal(logValue.signature, signature)
    assert.ok(logValue.logs.length > 0)
    const accountValue = (notifications(account.result)[0]!.params!.result as { value: { lamports: number } }).value
    assert.equal(accountValue.lamports, await connection.getBalance(alice.publicKey))

    assert.equal((await call(5, 'logsUnsubscribe', [logs.result])).result, true)
    assert.equal((await call(6, 'signatureUnsubscribe', [pending.result])).error?.code, -32602)
    assert.equal((await call(7, 'getBalance', [alice.publicKey.toBase58()])).error?.code, -32601)
    socket.close()
  })

  test('CORS: a browser page on another localhost port may call it', async () => {
    const response = await fetch(solana.rpcUrl, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://127.0.0.1:5173',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type,solana-client'
      }
    })
    assert.equal(response.status, 204)
    assert.equal(response.headers.get('access-control-allow-origin'), '*')
    assert.match(response.headers.get('access-control-allow-headers') ?? '', /solana-client/)
  })

  test('a taken port fails with a message naming it', async () => {
    const port = Number(new URL(solana.rpcUrl).port)
    await assert.rejects(startSolana({ port }), new RegExp(`port ${port} on 127\\.0\\.0\\.1 is already in use`))
  })
})
