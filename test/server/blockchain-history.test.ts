// History against two real local chains and the backend over an in-memory PGlite
// (test/server/blockchain-endpoints.ts): history must show what the indexer followed (waiting for
// the indexer by condition, never by a fixed sleep), transfers, swaps, approvals, NFTs, pages, onramp.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { erc20Abi, erc721Abi, formatUnits, maxUint256, parseEther, parseUnits } from 'viem'
import { swapRouterAbi, testCollectionAbi } from '../../local/chain/abis.js'
import { CONTRACTS, TEST_ACCOUNTS } from '../../local/chain/deployment.js'
import { insertOrder, updateOrder } from '../../service/backend/onramp/orders.js'
import type { Transaction } from '../../src/api/schemas/index.js'
import { A, B, allHistory, db, history, newAddress, stack, useBlockchainBackend } from './blockchain-endpoints.js'

useBlockchainBackend()

describe('GET /v1/account/{address}/history', () => {
  it('shows a native and an ERC-20 transfer on both sides once the indexer has read them', async () => {
    const sender = await stack.freshAccount({ eth: '3', TT: parseEther('10') })
    const receiver = newAddress()
    const wallet = stack.wallet(sender)
    // Asked before anything happened: an empty page, cached until the indexer sees the receiver.
    assert.deepEqual(await history(receiver, { chainId: A }), { data: [], next: null })
    const native = await wallet.sendTransaction({
      account: sender,
      chain: wallet.chain,
      to: receiver,
      value: parseEther('0.25')
    })
    const token = await wallet.writeContract({
      account: sender,
      chain: wallet.chain,
      address: CONTRACTS.TT,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [receiver, parseEther('2.5')]
    })
    await stack.indexed(token)

    const received = await history(receiver, { chainId: A })
    assert.equal(received.next, null)
    assert.deepEqual(
      received.data.map(tx => tx.id),
      [token, native]
    )
    const [tokenTx, nativeTx] = received.data as [Transaction, Transaction]
    assert.equal(nativeTx.metadata.operationType, 'receive')
    assert.equal(nativeTx.metadata.status, 'confirmed')
    assert.equal(nativeTx.metadata.chain, A)
    assert.equal(nativeTx.metadata.sentFrom, sender.address)
    assert.equal(nativeTx.metadata.sentTo, receiver)
    assert.deepEqual(
      nativeTx.transfers.map(t => [t.fungible_info?.symbol, t.direction, t.quantity.numeric]),
      [['ETH', 'in', '0.25']]
    )
    assert.deepEqual(
      tokenTx.transfers.map(t => [t.fungible_info?.symbol, t.direction, t.quantity.numeric]),
      [['TT', 'in', '2.5']]
    )
    assert.equal(tokenTx.metadata.sentTo, CONTRACTS.TT)

    const chainBlock = await stack
      .publicClient()
      .getBlock({ blockNumber: (await stack.publicClient().getTransactionReceipt({ hash: native })).blockNumber })
    assert.equal(nativeTx.metadata.minedAt, new Date(Number(chainBlock.timestamp) * 1000).toISOString())

    const sent = await history(sender.address, { chainId: A })
    const ops = sent.data.map(tx => [
      tx.id,
      tx.metadata.operationType,
      tx.transfers.map(t => `${t.direction} ${t.quantity.numeric} ${t.fungible_info?.symbol}`)
    ])
    assert.deepEqual(ops.slice(0, 2), [
      [token, 'send', ['out 2.5 TT']],
      [native, 'send', ['out 0.25 ETH']]
    ])
    // The funding transactions come after (older): 3 ETH and 10 TT in.
    assert.deepEqual(
      sent.data.slice(2).map(tx => tx.metadata.operationType),
      ['receive', 'receive']
    )
    // Nothing of chain A on chain B.
    assert.deepEqual((await history(receiver, { chainId: B })).data, [])
  })

  it('shows a swap as a trade (native out and token in; token out and native in), and approvals', async () => {
    const trader = await stack.freshAccount({ eth: '5' })
    const wallet = stack.wallet(trader)
    const client = stack.publicClient()
    const deadline = (await client.getBlock()).timestamp + 600n
    const buy = await wallet.writeContract({
      account: trader,
      chain: wallet.chain,
      address: CONTRACTS.router,
      abi: swapRouterAbi,
      functionName: 'swapExactETHForTokens',
      args: [0n, [CONTRACTS.WETH, CONTRACTS.TT], trader.address, deadline],
      value: parseEther('1')
    })
    const buyReceipt = await client.waitForTransactionReceipt({ hash: buy })
    assert.equal(buyReceipt.status, 'success')
    const bought = await client.readContract({
      address: CONTRACTS.TT,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [trader.address]
    })
    const approve = await wallet.writeContract({
      account: trader,
      chain: wallet.chain,
      address: CONTRACTS.TT,
      abi: erc20Abi,
      functionName: 'approve',
      args: [CONTRACTS.router, maxUint256]
    })
    await client.waitForTransactionReceipt({ hash: approve })
    const nativeBefore = await client.getBalance({ address: trader.address })
    const sell = await wallet.writeContract({
      account: trader,
      chain: wallet.chain,
      address: CONTRACTS.router,
      abi: swapRouterAbi,
      functionName: 'swapExactTokensForETH',
      args: [bought / 2n, 0n, [CONTRACTS.TT, CONTRACTS.WETH], trader.address, deadline]
    })
    const sellReceipt = await client.waitForTransactionReceipt({ hash: sell })
    const nativeAfter = await client.getBalance({ address: trader.address })
    const received = nativeAfter - nativeBefore + sellReceipt.gasUsed * sellReceipt.effectiveGasPrice
    await stack.indexed(sell)

    const { data } = await history(trader.address, { chainId: A })
    const byId = new Map(data.map(tx => [tx.id, tx]))
    const buyTx = byId.get(buy)!
    assert.equal(buyTx.metadata.operationType, 'trade')
    assert.deepEqual(
      buyTx.transfers.map(t => [t.fungible_info?.symbol, t.direction, t.quantity.numeric]),
      [
        ['ETH', 'out', '1'],
        ['TT', 'in', formatUnits(bought, 18)]
      ]
    )
    assert.equal(byId.get(approve)!.metadata.operationType, 'approve')
    assert.deepEqual(byId.get(approve)!.transfers, [])
    const sellTx = byId.get(sell)!
    assert.equal(sellTx.metadata.operationType, 'trade')
    assert.deepEqual(
      sellTx.transfers.map(t => [t.fungible_info?.symbol, t.direction, t.quantity.numeric]),
      [
        ['ETH', 'in', formatUnits(received, 18)],
        ['TT', 'out', formatUnits(bought / 2n, 18)]
      ]
    )
    assert.deepEqual(
      data.slice(0, 3).map(tx => tx.id),
      [sell, approve, buy]
    )
  })

  it('flags NFTs of the spam collection and not the others', async () => {
    const owner = TEST_ACCOUNTS[2]!
    const receiver = newAddress()
    const wallet = stack.wallet(owner.privateKey)
    const client = stack.publicClient()
    // Account #2 holds AKTC ids 5 and 6 and RCV id 3 (local/chain/deployment.ts SEED).
    const [spamId] = await client.readContract({
      address: CONTRACTS.spamCollection,
      abi: testCollectionAbi,
      functionName: 'tokensOfOwner',
      args: [owner.address]
    })
    const [goodId] = await client.readContract({
      address: CONTRACTS.collection,
      abi: testCollectionAbi,
      functionName: 'tokensOfOwner',
      args: [owner.address]
    })
    const spam = await wallet.writeContract({
      account: wallet.account,
      chain: wallet.chain,
      address: CONTRACTS.spamCollection,
      abi: erc721Abi,
      functionName: 'transferFrom',
      args: [owner.address, receiver, spamId!]
    })
    const good = await wallet.writeContract({
      account: wallet.account,
      chain: wallet.chain,
      address: CONTRACTS.collection,
      abi: erc721Abi,
      functionName: 'transferFrom',
      args: [owner.address, receiver, goodId!]
    })
    await stack.indexed(good)
    const { data } = await history(receiver, { chainId: A })
    assert.deepEqual(
      data.map(tx => tx.id),
      [good, spam]
    )
    const [goodTx, spamTx] = data as [Transaction, Transaction]
    assert.equal(spamTx.transfers[0]!.nft_info!.flags.is_spam, true)
    assert.equal(spamTx.transfers[0]!.nft_info!.name, `Reward Claim Voucher #${spamId}`)
    assert.equal(goodTx.transfers[0]!.nft_info!.flags.is_spam, false)
    assert.equal(goodTx.transfers[0]!.nft_info!.name, `AppKit Test Collection #${goodId}`)
    assert.deepEqual(goodTx.transfers[0]!.quantity, { numeric: '1' })
    assert.equal(goodTx.metadata.operationType, 'receive')
    // The seeded mint to the owner is in the owner's history, flagged too.
    const ownerPages = await allHistory(owner.address, { chainId: A })
    const mints = ownerPages
      .flat()
      .filter(tx => tx.metadata.operationType === 'mint' && tx.transfers.some(t => t.nft_info))
    assert.deepEqual(mints.map(tx => tx.transfers.map(t => t.nft_info!.flags.is_spam)).sort(), [[false, false], [true]])

    // The preview is served by the backend (the kit loads no data: URLs).
    const preview = goodTx.transfers[0]!.nft_info!.content!.preview!.url
    assert.ok(preview.startsWith(stack.url), preview)
    const image = await fetch(preview)
    assert.equal(image.status, 200)
    assert.equal(image.headers.get('content-type'), 'image/svg+xml')
    assert.match(await image.text(), new RegExp(`^<svg[^]*#${goodId}</text></svg>$`))
    assert.equal((await fetch(`${stack.url}/v1/nft/image/${A}/${CONTRACTS.collection}/999`)).status, 404)
  })

  it('pages newest first with a cursor, per chain, without gaps or repeats', async () => {
    const busy = await stack.freshAccount({ eth: '50' })
    const wallet = stack.wallet(busy)
    const client = stack.publicClient()
    const hashes: `0x${string}`[] = []
    for (let i = 0; i < 24; i++) {
      const hash = await wallet.sendTransaction({
        account: busy,
        chain: wallet.chain,
        to: newAddress(),
        value: parseEther('0.01')
      })
      hashes.push(hash)
    }
    await client.waitForTransactionReceipt({ hash: hashes.at(-1)! })
    // The same account on chain B, so an unfiltered history mixes both chains.
    const walletB = stack.wallet(TEST_ACCOUNTS[0]!.privateKey, stack.chainB)
    const toBusyOnB = await walletB.sendTransaction({
      account: walletB.account,
      chain: walletB.chain,
      to: busy.address,
      value: parseEther('1')
    })
    await stack.indexed(hashes.at(-1)!)
    await stack.indexed(toBusyOnB, stack.chainB)

    const first = await history(busy.address, { chainId: A })
    assert.equal(first.data.length, 20)
    assert.ok(first.next)
    const second = await history(busy.address, { chainId: A, cursor: first.next })
    assert.equal(second.next, null)
    const ids = [...first.data, ...second.data].map(tx => tx.id)
    assert.equal(new Set(ids).size, ids.length, 'no transaction twice')
    // 24 sends and the funding transfer, newest first.
    assert.deepEqual(ids.slice(0, 24), [...hashes].reverse())
    assert.equal(ids.length, 25)
    const times = [...first.data, ...second.data].map(tx => Date.parse(tx.metadata.minedAt))
    assert.deepEqual(
      times,
      [...times].sort((a, b) => b - a)
    )

    const onB = await history(busy.address, { chainId: B })
    assert.deepEqual(
      onB.data.map(tx => [tx.id, tx.metadata.chain, tx.metadata.operationType]),
      [[toBusyOnB, B, 'receive']]
    )
    const everywhere = (await allHistory(busy.address)).flat()
    assert.equal(everywhere.length, 26)
    assert.deepEqual(new Set(everywhere.map(tx => tx.metadata.chain)), new Set([A, B]))

    assert.match(
      await stack.error('GET', `/v1/account/${busy.address}/history`, 400, { query: { cursor: 'not-a-cursor' } }),
      /cursor/
    )
    assert.match(
      await stack.error('GET', `/v1/account/${busy.address}/history`, 400, { query: { chainId: '31337' } }),
      /chainId/
    )
    assert.match(
      await stack.error('GET', `/v1/account/${busy.address}/history`, 400, { query: { onramp: 'meld' } }),
      /onramp/
    )
    assert.match(await stack.error('GET', '/v1/account/not-an-address/history', 400), /address/)
  })

  it('with onramp=coinbase answers only the transfers of onramp orders', async () => {
    const buyer = newAddress()
    const treasury = stack.wallet(TEST_ACCOUNTS[0]!.privateKey)
    const order = await treasury.writeContract({
      account: treasury.account,
      chain: treasury.chain,
      address: CONTRACTS.tUSDC,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [buyer, parseUnits('50', 6)]
    })
    const other = await treasury.sendTransaction({
      account: treasury.account,
      chain: treasury.chain,
      to: buyer,
      value: parseEther('0.1')
    })
    await stack.indexed(other)
    // Orders as the sandbox onramp records them (service/backend/onramp/orders.ts); the first is paid by `order`.
    const open = {
      project_id: 'appkit-local',
      provider: 'coinbase' as const,
      network: 'ethereum',
      chain_id: 31337,
      destination: buyer,
      asset_symbol: 'tUSDC',
      token_address: CONTRACTS.tUSDC,
      token_decimals: 6,
      fiat_amount: '51.00',
      fiat_currency: 'USD',
      fee_amount: '1.00',
      partner_user_id: null
    }
    await insertOrder(db, { ...open, id: 'test-order-1', status: 'created', crypto_amount: '50' })
    await updateOrder(db, 'test-order-1', { status: 'completed', tx_hash: order })
    assert.deepEqual(
      (await history(buyer)).data.map(tx => tx.id),
      [other, order]
    )
    const onramp = await history(buyer, { onramp: 'coinbase' })
    assert.deepEqual(
      onramp.data.map(tx => [tx.id, tx.metadata.operationType, tx.transfers[0]!.quantity.numeric]),
      [[order, 'receive', '50']]
    )

    // Orders not paid out yet lead the first page: processing as pending, failed as failed.
    await insertOrder(db, { ...open, id: 'test-order-2', status: 'created', crypto_amount: '20' })
    await updateOrder(db, 'test-order-2', { status: 'processing' })
    await new Promise(resolve => setTimeout(resolve, 5))
    await insertOrder(db, { ...open, id: 'test-order-3', status: 'created', crypto_amount: '7' })
    await updateOrder(db, 'test-order-3', { status: 'failed', error: 'declined' })
    const withOpen = await history(buyer, { onramp: 'coinbase' })
    assert.deepEqual(
      withOpen.data.map(tx => [tx.id, tx.metadata.status, tx.metadata.chain, tx.transfers[0]!.quantity.numeric]),
      [
        ['onramp-order:test-order-3', 'failed', 'eip155:31337', '7'],
        ['onramp-order:test-order-2', 'pending', 'eip155:31337', '20'],
        [order, 'confirmed', 'eip155:31337', '50']
      ]
    )
    // Never on another chain, and never in plain history.
    assert.deepEqual((await history(buyer, { onramp: 'coinbase', chainId: B })).data, [])
    assert.ok(!(await history(buyer)).data.some(tx => tx.id.startsWith('onramp-order:')))
  })
})
