// Balances, NFTs and the indexer against two real local chains and the backend over an in-memory
// PGlite (test/server/blockchain-endpoints.ts): what the endpoints answer must agree with what viem
// reads from the chain (waiting for the indexer by condition, never by a fixed sleep). History is
// in blockchain-history.test.ts.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { encodeDeployData, erc20Abi, erc721Abi, formatUnits, parseEther, parseUnits } from 'viem'
import { swapRouterAbi, testCollectionAbi } from '../../local/chain/abis.js'
import { compileContracts } from '../../local/chain/compile.js'
import { CONTRACTS, SEED, TEST_ACCOUNTS } from '../../local/chain/deployment.js'
import { nftsResponseSchema } from '../../src/api/schemas/index.js'
import {
  A,
  B,
  allHistory,
  balances,
  db,
  history,
  newAddress,
  stack,
  useBlockchainBackend
} from './blockchain-endpoints.js'

useBlockchainBackend()

describe('GET /v1/account/{address}/balance', () => {
  it('agrees with the chain after a transfer: native and ERC-20 amounts, decimals and pool prices', async () => {
    const sender = await stack.freshAccount({ eth: '20', tUSDC: parseUnits('500', 6), TT: parseEther('40') })
    const receiver = newAddress()
    const wallet = stack.wallet(sender)
    const client = stack.publicClient()
    // Read once so the answer is cached; the transfer must still show (forceUpdate, and the indexer).
    await balances(sender.address, { chainId: A })
    const sent = await wallet.sendTransaction({
      account: sender,
      chain: wallet.chain,
      to: receiver,
      value: parseEther('1.5')
    })
    const tokenSent = await wallet.writeContract({
      account: sender,
      chain: wallet.chain,
      address: CONTRACTS.tUSDC,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [receiver, parseUnits('123.456789', 6)]
    })
    await client.waitForTransactionReceipt({ hash: sent })
    await client.waitForTransactionReceipt({ hash: tokenSent })

    const forReceiver = await balances(receiver, { chainId: A, forceUpdate: 'true' })
    const eth = forReceiver.find(balance => balance.symbol === 'ETH')!
    assert.deepEqual(eth.quantity, { decimals: '18', numeric: '1.5' })
    assert.equal(eth.chainId, A)
    assert.equal(eth.address, undefined)
    const usdc = forReceiver.find(balance => balance.symbol === 'tUSDC')!
    assert.deepEqual(usdc.quantity, { decimals: '6', numeric: '123.456789' })
    assert.equal(usdc.address, `${A}:${CONTRACTS.tUSDC}`)
    assert.equal(usdc.price, 1)
    assert.equal(usdc.value, 123.4568)
    assert.equal(
      forReceiver.find(balance => balance.symbol === 'TT'),
      undefined,
      'zero token balances are left out'
    )

    // The sender: exactly what the chain says (gas included), native and both tokens.
    const forSender = await balances(sender.address, { chainId: A, forceUpdate: 'true' })
    const chainNative = await client.getBalance({ address: sender.address })
    assert.equal(forSender.find(b => b.symbol === 'ETH')!.quantity.numeric, formatUnits(chainNative, 18))
    for (const symbol of ['tUSDC', 'TT'] as const) {
      const onChain = await client.readContract({
        address: CONTRACTS[symbol],
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [sender.address]
      })
      const decimals = await client.readContract({
        address: CONTRACTS[symbol],
        abi: erc20Abi,
        functionName: 'decimals'
      })
      const entry = forSender.find(b => b.symbol === symbol)!
      assert.equal(parseUnits(entry.quantity.numeric, Number(entry.quantity.decimals)), onChain)
      assert.equal(entry.quantity.decimals, String(decimals))
    }

    // Prices come from the pools' reserves (tUSDC is the dollar).
    const [wethReserve, usdcReserve] = await client.readContract({
      address: CONTRACTS.router,
      abi: swapRouterAbi,
      functionName: 'getReserves',
      args: [CONTRACTS.WETH, CONTRACTS.tUSDC]
    })
    const ethPrice = Number(formatUnits(usdcReserve, 6)) / Number(formatUnits(wethReserve, 18))
    assert.ok(Math.abs(eth.price - ethPrice) < 1e-9 * ethPrice, `${eth.price} vs ${ethPrice}`)
    const [ttReserve, usdcReserve2] = await client.readContract({
      address: CONTRACTS.router,
      abi: swapRouterAbi,
      functionName: 'getReserves',
      args: [CONTRACTS.TT, CONTRACTS.tUSDC]
    })
    const ttPrice = Number(formatUnits(usdcReserve2, 6)) / Number(formatUnits(ttReserve, 18))
    assert.ok(Math.abs(forSender.find(b => b.symbol === 'TT')!.price - ttPrice) < 1e-9 * ttPrice)
  })

  it('serves a short cache unless forceUpdate (the indexer drops it when it sees the address move)', async () => {
    const holder = await stack.freshAccount({ eth: '5' })
    const wallet = stack.wallet(holder)
    const client = stack.publicClient()
    const before = await balances(holder.address, { chainId: A })
    assert.equal(before.find(b => b.symbol === 'ETH')!.quantity.numeric, '5')
    // With the indexer paused, nothing tells the cache: the cached answer is served...
    await stack.service.indexer.stop()
    try {
      const hash = await wallet.sendTransaction({
        account: holder,
        chain: wallet.chain,
        to: newAddress(),
        value: parseEther('1')
      })
      await client.waitForTransactionReceipt({ hash })
      const cached = await balances(holder.address, { chainId: A })
      assert.equal(cached.find(b => b.symbol === 'ETH')!.quantity.numeric, '5')
      // ... and forceUpdate reads the chain.
      const fresh = await balances(holder.address, { chainId: A, forceUpdate: 'true' })
      assert.equal(
        fresh.find(b => b.symbol === 'ETH')!.quantity.numeric,
        formatUnits(await client.getBalance({ address: holder.address }), 18)
      )
    } finally {
      stack.service.indexer.start()
    }
    // Once the indexer runs, it invalidates the entry on its own.
    const hash = await wallet.sendTransaction({
      account: holder,
      chain: wallet.chain,
      to: newAddress(),
      value: parseEther('1')
    })
    await stack.indexed(hash)
    const after = await balances(holder.address, { chainId: A })
    assert.equal(
      after.find(b => b.symbol === 'ETH')!.quantity.numeric,
      formatUnits(await client.getBalance({ address: holder.address }), 18)
    )
  })

  it('answers every chain without chainId, one chain with it, nothing for chains it does not read', async () => {
    const alice = TEST_ACCOUNTS[1]!.address
    const all = await balances(alice)
    assert.deepEqual([...new Set(all.map(b => b.chainId))].sort(), [A, B])
    const onlyB = await balances(alice, { chainId: B })
    assert.ok(onlyB.length >= 3 && onlyB.every(b => b.chainId === B))
    assert.deepEqual(await balances(alice, { chainId: 'eip155:1' }), [])
    assert.deepEqual(await balances('7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV'), [])
    // An address without 0x is the same account (docs/behaviour.md section 5).
    const bare = await balances(alice.slice(2), { chainId: B })
    assert.deepEqual(
      bare.map(b => b.quantity),
      onlyB.map(b => b.quantity)
    )
  })

  it("leaves out tokens whose decimals are '0'", async () => {
    const { artifacts } = await compileContracts()
    const deployer = stack.wallet(TEST_ACCOUNTS[0]!.privateKey)
    const client = stack.publicClient()
    const artifact = artifacts.TestToken
    const hash = await deployer.sendTransaction({
      account: deployer.account,
      chain: deployer.chain,
      data: encodeDeployData({ abi: artifact.abi, bytecode: artifact.bytecode, args: ['Whole Token', 'WHOLE', 0] })
    })
    const receipt = await client.waitForTransactionReceipt({ hash })
    const zero = receipt.contractAddress!
    const holder = newAddress()
    const mint = await deployer.writeContract({
      account: deployer.account,
      chain: deployer.chain,
      address: zero,
      abi: [
        {
          type: 'function',
          name: 'mint',
          stateMutability: 'nonpayable',
          inputs: [
            { name: 'to', type: 'address' },
            { name: 'amount', type: 'uint256' }
          ],
          outputs: []
        }
      ],
      functionName: 'mint',
      args: [holder, 7n]
    })
    await client.waitForTransactionReceipt({ hash: mint })
    assert.equal(
      await client.readContract({ address: zero, abi: erc20Abi, functionName: 'balanceOf', args: [holder] }),
      7n
    )
    // The chain's token list gets the 0-decimals token for this test only.
    const reader = stack.service.byChain.get(A)!
    reader.setup.tokens.push({ address: zero, imageId: 'WHOLE' })
    try {
      const answer = await balances(holder, { chainId: A, forceUpdate: 'true' })
      assert.deepEqual(
        answer.map(b => b.symbol),
        ['ETH']
      )
    } finally {
      reader.setup.tokens.pop()
    }
  })

  it('refuses bad input with 400 (and an unknown project with 403)', async () => {
    const alice = TEST_ACCOUNTS[1]!.address
    assert.match(await stack.error('GET', '/v1/account/0x1234/balance', 400, { query: { currency: 'usd' } }), /address/)
    assert.match(
      await stack.error('GET', `/v1/account/${alice}/balance`, 400, { query: { currency: 'eur' } }),
      /currency/
    )
    assert.match(await stack.error('GET', `/v1/account/${alice}/balance`, 400, {}), /query parameter 'currency'/)
    assert.match(
      await stack.error('GET', `/v1/account/${alice}/balance`, 400, {
        query: { currency: 'usd', chainId: 'ethereum' }
      }),
      /chainId/
    )
    assert.match(
      await stack.error('GET', `/v1/account/${alice}/balance`, 400, {
        query: { currency: 'usd', forceUpdate: 'maybe' }
      }),
      /forceUpdate/
    )
    assert.match(
      await stack.error('GET', `/v1/account/${alice}/balance`, 400, { query: { currency: 'usd' }, sdk: false }),
      /projectId/
    )
    assert.match(
      await stack.error('GET', `/v1/account/${alice}/balance`, 403, { query: { currency: 'usd', projectId: 'nope' } }),
      /Invalid Project ID/
    )
  })
})

describe('GET /v1/account/{address}/nfts', () => {
  const nfts = async (address: string, query: Record<string, string> = {}) =>
    (await stack.get(`/v1/account/${address}/nfts`, nftsResponseSchema, query)).data

  it('lists what the account holds now (the latest transfer of each token), with metadata, image and the spam flag', async () => {
    const owner = TEST_ACCOUNTS[3]!
    const receiver = newAddress()
    const client = stack.publicClient()
    // Account #3 holds two AKTC and one RCV on each chain (local/chain/deployment.ts SEED).
    const held = await client.readContract({
      address: CONTRACTS.collection,
      abi: testCollectionAbi,
      functionName: 'tokensOfOwner',
      args: [owner.address]
    })
    const [spamId] = await client.readContract({
      address: CONTRACTS.spamCollection,
      abi: testCollectionAbi,
      functionName: 'tokensOfOwner',
      args: [owner.address]
    })
    assert.equal(held.length, 2)
    const before = await nfts(owner.address, { chainId: A })
    assert.deepEqual(
      before.map(nft => [nft.contract, nft.tokenId, nft.flags.is_spam]),
      [
        [CONTRACTS.collection, String(held[0]), false],
        [CONTRACTS.collection, String(held[1]), false],
        [CONTRACTS.spamCollection, String(spamId), true]
      ].sort((a, b) => String(a[0]).toLowerCase().localeCompare(String(b[0]).toLowerCase()))
    )
    const first = before.find(nft => nft.tokenId === String(held[0]))!
    assert.equal(first.name, `AppKit Test Collection #${held[0]}`)
    assert.deepEqual(first.collection, { name: 'AppKit Test Collection', symbol: 'AKTC' })
    assert.ok(first.description && first.description.length > 0)
    assert.equal(first.chainId, A)
    const image = await fetch(first.image!.url)
    assert.equal(image.status, 200)
    assert.match(await image.text(), new RegExp(`#${held[0]}</text></svg>$`))

    // Transferred away: the receiver holds it, the owner no longer does; chain B is untouched.
    const wallet = stack.wallet(owner.privateKey)
    const hash = await wallet.writeContract({
      account: wallet.account,
      chain: wallet.chain,
      address: CONTRACTS.collection,
      abi: erc721Abi,
      functionName: 'transferFrom',
      args: [owner.address, receiver, held[0]!]
    })
    await stack.indexed(hash)
    assert.deepEqual(
      (await nfts(receiver, { chainId: A })).map(nft => nft.tokenId),
      [String(held[0])]
    )
    assert.deepEqual(
      (await nfts(owner.address, { chainId: A })).map(nft => nft.tokenId).sort(),
      [String(held[1]), String(spamId)].sort()
    )
    assert.equal((await nfts(owner.address, { chainId: B })).length, 3)
    assert.deepEqual(await nfts(receiver, { chainId: B }), [])
    // Without chainId: both chains.
    assert.equal((await nfts(owner.address)).length, 5)
  })

  it('answers nothing for a Solana address, and refuses a bad chain id', async () => {
    assert.deepEqual(await nfts('7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV'), [])
    assert.match(
      await stack.error('GET', `/v1/account/${TEST_ACCOUNTS[3]!.address}/nfts`, 400, { query: { chainId: '31337' } }),
      /chainId/
    )
  })
})

describe('the indexer', () => {
  it('indexed the deployment: the seeded mints and the name registration are history', async () => {
    const alice = TEST_ACCOUNTS[1]!.address
    const txs = (await allHistory(alice, { chainId: A })).flat()
    const seeded = txs.filter(tx => tx.metadata.sentFrom === '0x8626f6940E2eb28930eFb4CeF49B2d1F2C9C1199')
    const received = seeded.flatMap(tx =>
      tx.transfers.map(t => `${t.fungible_info?.symbol ?? t.nft_info?.name.split(' #')[0]} ${t.quantity.numeric}`)
    )
    assert.deepEqual(received.sort(), [
      'AppKit Test Collection 1',
      'AppKit Test Collection 1',
      'Reward Claim Voucher 1',
      `TT ${formatUnits(SEED.perAccount.TT, 18)}`,
      `tUSDC ${formatUnits(SEED.perAccount.tUSDC, 6)}`
    ])
  })

  it('persists its progress: a restarted backend resumes where it stopped', async () => {
    const [state] = (
      await db.query<{ next_block: string }>('SELECT next_block FROM chain_index_state WHERE chain_id = $1', [A])
    ).rows
    assert.ok(state && BigInt(state.next_block) > 19n)
    // A row of an early block is removed: resuming leaves it missing, indexing from 0 would not.
    const firstBlockTx = (
      await db.query<{ hash: string }>('SELECT hash FROM chain_transactions WHERE chain_id = $1 AND block_number = 1', [
        A
      ])
    ).rows[0]!
    await db.query('DELETE FROM chain_transactions WHERE chain_id = $1 AND hash = $2', [A, firstBlockTx.hash])

    await stack.server.stop()
    const payer = stack.wallet(TEST_ACCOUNTS[3]!.privateKey)
    const receiver = newAddress()
    const whileDown = await payer.sendTransaction({
      account: payer.account,
      chain: payer.chain,
      to: receiver,
      value: parseEther('0.5')
    })
    await stack.publicClient().waitForTransactionReceipt({ hash: whileDown })

    await stack.restartServer(db)
    await stack.indexed(whileDown)
    assert.deepEqual(
      (await history(receiver, { chainId: A })).data.map(tx => tx.id),
      [whileDown]
    )
    const missing = await db.query('SELECT 1 FROM chain_transactions WHERE chain_id = $1 AND hash = $2', [
      A,
      firstBlockTx.hash
    ])
    assert.equal(missing.rows.length, 0, 'the restart resumed instead of indexing from block 0')

    // A chain that no longer has the recorded block (reset, reorganised) is indexed again from 0.
    await db.query(`UPDATE chain_index_state SET last_hash = $2 WHERE chain_id = $1`, [A, `0x${'ab'.repeat(32)}`])
    const indexer = stack.service.indexer.chain(A)
    await new Promise<void>(resolve => indexer.once('reset', () => resolve()))
    await indexer.waitForHead(20_000)
    const restored = await db.query('SELECT 1 FROM chain_transactions WHERE chain_id = $1 AND hash = $2', [
      A,
      firstBlockTx.hash
    ])
    assert.equal(restored.rows.length, 1)
    assert.deepEqual(
      (await history(receiver, { chainId: A })).data.map(tx => tx.id),
      [whileDown]
    )
  })

  it('records failed transactions with status failed', async () => {
    const account = await stack.freshAccount({ eth: '1' })
    const wallet = stack.wallet(account)
    const client = stack.publicClient()
    // An expired deadline reverts in the router. Hardhat mines the transaction and answers the
    // send with the revert, so the hash is taken from the block.
    await assert.rejects(
      wallet.writeContract({
        account,
        chain: wallet.chain,
        address: CONTRACTS.router,
        abi: swapRouterAbi,
        functionName: 'swapExactTokensForTokens',
        args: [1n, 0n, [CONTRACTS.TT, CONTRACTS.tUSDC], account.address, 1n],
        gas: 200_000n
      }),
      /Expired/
    )
    const block = await client.getBlock({ blockTag: 'latest', includeTransactions: true })
    const hash = block.transactions.find(tx => tx.from.toLowerCase() === account.address.toLowerCase())!.hash
    const receipt = await client.getTransactionReceipt({ hash })
    assert.equal(receipt.status, 'reverted')
    await stack.indexed(hash)
    const [tx] = (await history(account.address, { chainId: A })).data
    assert.equal(tx!.id, hash)
    assert.equal(tx!.metadata.status, 'failed')
    assert.equal(tx!.metadata.operationType, 'trade')
    assert.deepEqual(tx!.transfers, [])
  })
})
