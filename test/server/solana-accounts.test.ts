// Solana balances and history from the backend, read from the real local Solana runtime
// (local/solana/start.ts): SOL and SPL token accounts priced from the table, and the SOL and token
// amounts each signature moved for an address, paged newest first.
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import {
  Connection,
  Keypair,
  LAMPORTS_PER_SOL,
  PublicKey,
  SystemProgram,
  Transaction,
  sendAndConfirmTransaction
} from '@solana/web3.js'
import { createMint, getOrCreateAssociatedTokenAccount, mintTo, transferChecked } from '@solana/spl-token'
import { solanaTestAccounts, testUsdCoin } from '../../local/solana/accounts.js'
import { startSolana, type LocalSolana } from '../../local/solana/start.js'
import { createSolanaContext, parseSolanaPrices, SolanaAccountService } from '../../service/backend/solana/accounts.js'
import { startServer, type RunningServer } from '../../service/backend/main.js'
import {
  balanceResponseSchema,
  historyResponseSchema,
  nftsResponseSchema,
  supportedChainsResponseSchema
} from '../../src/api/schemas/index.js'
import { testKeypair } from '../solana/helpers.js'

const SDK_QUERY = { projectId: 'appkit-local', st: 'appkit', sv: 'html-elements-0.1.0' }

let solana: LocalSolana
let server: RunningServer
let connection: Connection

before(async () => {
  solana = await startSolana({ port: 0 })
  connection = new Connection(solana.rpcUrl, 'confirmed')
  server = await startServer({ port: 0, ignoreEnv: true, solana: await createSolanaContext(solana.rpcUrl) })
})

after(async () => {
  await server?.stop()
  await solana?.stop()
})

async function get(path: string, query: Record<string, string> = {}) {
  const url = new URL(server.url + path)
  for (const [key, value] of Object.entries({ ...SDK_QUERY, ...query })) url.searchParams.set(key, value)
  return fetch(url)
}

async function balances(address: string, query: Record<string, string> = {}) {
  const response = await get(`/v1/account/${address}/balance`, { currency: 'usd', ...query })
  assert.equal(response.status, 200)
  return balanceResponseSchema.parse(await response.json()).balances
}

async function history(address: string, query: Record<string, string> = {}) {
  const response = await get(`/v1/account/${address}/history`, query)
  assert.equal(response.status, 200, await response.clone().text())
  return historyResponseSchema.parse(await response.json())
}

describe('Solana accounts on the backend', () => {
  it('lists the Solana network in GET /v1/supported-chains: the kit asks only for listed networks (docs/behaviour.md section 5)', async () => {
    const response = await get('/v1/supported-chains')
    assert.equal(response.status, 200)
    assert.deepEqual(supportedChainsResponseSchema.parse(await response.json()), {
      http: [solana.caipNetworkId],
      ws: []
    })
  })

  it("answers SOL and the account's SPL tokens, priced from the table, with icons", async () => {
    const alice = solanaTestAccounts[0]!.publicKey
    const list = await balances(alice, { chainId: solana.caipNetworkId })
    const lamports = await connection.getBalance(new PublicKey(alice))
    assert.deepEqual(
      list.map(entry => [entry.symbol, entry.quantity.decimals, entry.chainId]),
      [
        ['SOL', '9', solana.caipNetworkId],
        ['TUSDC', '6', solana.caipNetworkId]
      ]
    )
    const [sol, usdc] = list
    assert.equal(sol!.quantity.numeric, String(lamports / LAMPORTS_PER_SOL))
    assert.equal(sol!.price, 150)
    assert.equal(sol!.value, (lamports / LAMPORTS_PER_SOL) * 150)
    assert.equal(sol!.address, undefined)
    assert.equal(usdc!.quantity.numeric, '1000')
    assert.equal(usdc!.value, 1000)
    assert.equal(usdc!.address, `${solana.caipNetworkId}:${testUsdCoin.address}`)
    assert.ok(usdc!.iconUrl.startsWith(`${server.url}/public/getTokenImage/`))
    assert.equal((await get(new URL(usdc!.iconUrl).pathname)).status, 200)
    // Another network's balances are not this node's.
    assert.deepEqual(await balances(alice, { chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' }), [])
  })

  it('shows an SPL transfer and a SOL transfer on both sides, newest first, with amounts and counterparties', async () => {
    const sender = testKeypair(1)
    const receiver = Keypair.generate()
    const mint = new PublicKey(testUsdCoin.address)
    const destination = await getOrCreateAssociatedTokenAccount(connection, sender, mint, receiver.publicKey)
    const tokenSignature = await transferChecked(
      connection,
      sender,
      new PublicKey(solanaTestAccounts[1]!.tokenAccount),
      mint,
      destination.address,
      sender,
      2_500_000n,
      6
    )
    // The next transfer in a later slot, so that newest first has one answer (inside a slot the
    // node's order is all there is).
    const { slot } = (await connection.getTransaction(tokenSignature, { maxSupportedTransactionVersion: 0 }))!
    while ((await connection.getSlot()) <= slot) await new Promise(resolve => setTimeout(resolve, 50))
    const solSignature = await sendAndConfirmTransaction(
      connection,
      new Transaction().add(
        SystemProgram.transfer({
          fromPubkey: sender.publicKey,
          toPubkey: receiver.publicKey,
          lamports: LAMPORTS_PER_SOL / 4
        })
      ),
      [sender]
    )
    const received = await history(receiver.publicKey.toBase58(), { chainId: solana.caipNetworkId })
    // The SOL transfer (a later slot) first; the token transfer, and the creation of the receiver's
    // token account before it in the same slot (moving nothing of the receiver's: no transfer).
    const ids = received.data.map(tx => tx.id)
    assert.equal(ids.length, 3)
    assert.equal(ids[0], solSignature)
    assert.ok(ids.includes(tokenSignature))
    const creation = received.data.find(tx => tx.id !== solSignature && tx.id !== tokenSignature)!
    assert.deepEqual(creation.transfers, [])
    assert.equal(creation.metadata.operationType, 'execute')
    assert.equal(received.next, null)
    const sol = received.data[0]
    const token = received.data.find(tx => tx.id === tokenSignature)
    assert.deepEqual(
      sol!.transfers.map(t => [t.fungible_info?.symbol, t.direction, t.quantity.numeric]),
      [['SOL', 'in', '0.25']]
    )
    assert.equal(sol!.metadata.operationType, 'receive')
    assert.equal(sol!.metadata.sentFrom, sender.publicKey.toBase58())
    assert.equal(sol!.metadata.chain, solana.caipNetworkId)
    assert.equal(sol!.metadata.status, 'confirmed')
    assert.deepEqual(
      token!.transfers.map(t => [t.fungible_info?.symbol, t.direction, t.quantity.numeric]),
      [['TUSDC', 'in', '2.5']]
    )
    assert.equal(token!.metadata.sentFrom, sender.publicKey.toBase58())

    // The sender's side: out, to the receiver; the fee is not a transfer.
    const sent = await history(sender.publicKey.toBase58())
    const [solOut] = sent.data
    assert.equal(solOut!.id, solSignature)
    assert.deepEqual(
      solOut!.transfers.map(t => [t.fungible_info?.symbol, t.direction, t.quantity.numeric]),
      [['SOL', 'out', '0.25']]
    )
    assert.equal(solOut!.metadata.operationType, 'send')
    assert.equal(solOut!.metadata.sentTo, receiver.publicKey.toBase58())
    const tokenOut = sent.data.find(tx => tx.id === tokenSignature)!
    // The account creation rent is SOL the sender paid: out, besides the token.
    assert.deepEqual(
      tokenOut.transfers.map(t => [t.fungible_info?.symbol, t.direction]).filter(([symbol]) => symbol === 'TUSDC'),
      [['TUSDC', 'out']]
    )
  })

  it("pages through the address's and its token accounts' signatures without gaps or repeats; a bad cursor is a 400", async () => {
    const context = await createSolanaContext(solana.rpcUrl)
    const onePerPage = new SolanaAccountService(context, 1)
    const owner = testKeypair(1)
    const links = { tokenIcon: (id: string) => `https://icons.example/${id}`, nftImage: () => '' }
    const ids: string[] = []
    let cursor: string | undefined
    for (let page = 0; page < 50; page++) {
      const answer = await onePerPage.history(owner.publicKey.toBase58(), { ...(cursor ? { cursor } : {}), links })
      assert.ok(answer.data.length <= 1)
      ids.push(...answer.data.map(tx => tx.id))
      if (!answer.next) break
      cursor = answer.next
    }
    const whole = await new SolanaAccountService(context, 1000).history(owner.publicKey.toBase58(), { links })
    assert.deepEqual(
      ids,
      whole.data.map(tx => tx.id)
    )
    // Every signature of the owner and of its token account is there once.
    const own = await connection.getSignaturesForAddress(owner.publicKey)
    const tokens = await connection.getSignaturesForAddress(new PublicKey(solanaTestAccounts[1]!.tokenAccount))
    assert.deepEqual([...new Set([...own, ...tokens].map(entry => entry.signature))].sort(), [...ids].sort())
    const bad = await get(`/v1/account/${owner.publicKey.toBase58()}/history`, { cursor: 'not-a-cursor' })
    assert.equal(bad.status, 400)
  })

  it('lists as NFTs the mints of 0 decimals and supply 1 the address holds; a 0-decimal token of larger supply is neither an NFT nor a balance', async () => {
    const payer = testKeypair(3)
    const owner = Keypair.generate()
    const nft = await createMint(connection, payer, payer.publicKey, null, 0)
    const nftAccount = await getOrCreateAssociatedTokenAccount(connection, payer, nft, owner.publicKey)
    await mintTo(connection, payer, nft, nftAccount.address, payer, 1)
    const points = await createMint(connection, payer, payer.publicKey, null, 0)
    const pointsAccount = await getOrCreateAssociatedTokenAccount(connection, payer, points, owner.publicKey)
    await mintTo(connection, payer, points, pointsAccount.address, payer, 1)
    await mintTo(
      connection,
      payer,
      points,
      (await getOrCreateAssociatedTokenAccount(connection, payer, points, payer.publicKey)).address,
      payer,
      4
    )

    const response = await get(`/v1/account/${owner.publicKey.toBase58()}/nfts`, { chainId: solana.caipNetworkId })
    assert.equal(response.status, 200)
    const { data } = nftsResponseSchema.parse(await response.json())
    assert.deepEqual(
      data.map(entry => [entry.contract, entry.chainId, entry.flags.is_spam]),
      [[nft.toBase58(), solana.caipNetworkId, false]]
    )
    // Neither shows among the balances (decimals 0).
    const listed = await balances(owner.publicKey.toBase58())
    assert.deepEqual(
      listed.map(entry => entry.symbol),
      ['SOL']
    )
  })

  it('reads a price table from APPKIT_SOLANA_PRICES and refuses a malformed one', () => {
    assert.deepEqual(parseSolanaPrices('SOL=140.5, TUSDC=1'), { SOL: 140.5, TUSDC: 1 })
    assert.throws(() => parseSolanaPrices('SOL:140'), /SYMBOL=price/)
  })
})
