// End to end: connecting wallets to the demo, against the real local stack. Starts the two local
// chains (hardhat, contracts deployed), the Solana runtime, the reference backend and a WalletConnect
// relay on free ports on
// 127.0.0.1, builds the demo into a temporary directory with its VITE_APPKIT_* settings pointed at
// them, serves it under the demo's Content-Security-Policy, and drives it in Chromium:
// connect -> approve in the wallet's panel -> the Account view shows the address and the native
// balance the chain reports (viem getBalance) -> reload: still connected, nothing asked -> switch to
// the other local chain from the Networks view (the wallet and the kit agree) -> disconnect; and a
// rejection in the wallet shows the error, with Try again. Also the Solana test wallet (Wallet
// Standard) against the LiteSVM runtime, beside the Dev Wallet (one connection per namespace).
// WalletConnect is in connect-walletconnect.test.mjs. Everything started is stopped by its id.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { createPublicClient, createWalletClient, erc20Abi, formatEther, formatUnits, http, parseUnits } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { testCollectionAbi } from '../../local/chain/abis.ts'
import { CONTRACTS, TEST_ACCOUNTS, localViemChain } from '../../local/chain/deployment.ts'
import { connectWith, openDemo as openDemoPage, waitForTokenIcons } from './demo-page.mjs'
import { useLocalStack } from './local-stack.mjs'
import { asSender } from './chain-a.mjs'
import { Connection, PublicKey } from '@solana/web3.js'
import { getOrCreateAssociatedTokenAccount, transferChecked } from '@solana/spl-token'
import { solanaTestAccounts, testUsdCoin } from '../../local/solana/accounts.ts'
import { testKeypair } from '../solana/helpers.ts'

const DEV_WALLET_ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
/** The kit's display rule (docs/behaviour.md section 11): cut, never rounded, to 3 decimals, trailing zeros dropped; en grouping. */
function truncated(decimal) {
  const [whole, fraction = ''] = decimal.split('.')
  const cut = fraction.slice(0, 3).replace(/0+$/, '')
  // Shown in English through Intl: thousands grouped with commas (issue 8).
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return cut ? `${grouped}.${cut}` : grouped
}

const stack = useLocalStack()
const { rpc } = stack

async function chainBalance(rpcUrl) {
  const client = createPublicClient({ transport: http(rpcUrl) })
  return formatEther(await client.getBalance({ address: DEV_WALLET_ADDRESS }))
}

/** The Dev Wallet's tUSDC on a local chain (balanceOf), as a decimal string. */
async function usdcBalance(rpcUrl) {
  const client = createPublicClient({ transport: http(rpcUrl) })
  const amount = await client.readContract({
    address: CONTRACTS.tUSDC,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [DEV_WALLET_ADDRESS]
  })
  return formatUnits(amount, 6)
}

/** The SOL balance the local runtime reports for `address` (getBalance), as a decimal string. */
async function solanaBalance(address) {
  const response = await fetch(rpc.solana, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'getBalance',
      params: [address, { commitment: 'confirmed' }]
    })
  })
  const { result } = await response.json()
  const lamports = BigInt(result.value)
  const whole = lamports / 1_000_000_000n
  const fraction = (lamports % 1_000_000_000n).toString().padStart(9, '0').replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : String(whole)
}

const openDemo = context => openDemoPage(stack.site.url, context)

const text = async (page, testId) => (await page.getByTestId(testId).textContent())?.trim()

async function expectText(page, testId, expected, timeout = 15_000) {
  await page.getByTestId(testId).filter({ hasText: expected }).first().waitFor({ timeout })
}

test('connect the Dev Wallet, see the account and its balance, stay connected on reload, switch chains, disconnect', async () => {
  const context = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } })
  try {
    const { page, problems } = await openDemo(context)

    // Connect: the Connect view lists the announced wallet; choosing it waits for the wallet's panel.
    await page.locator('appkit-button [data-testid="connect-button"]').click()
    await page.getByTestId('connector-dev.appkit.wallet').click()
    await expectText(page, 'connecting-status', 'Continue in AppKit Dev Wallet')
    await page.getByTestId('dev-wallet-approve').click()

    // The Account view: the address under its name from the identity API (the registry gives the
    // Dev Wallet's account alice.appkit.id) and the balance the chain reports.
    await page.getByTestId('account-balance').filter({ hasText: 'ETH' }).waitFor({ timeout: 15_000 })
    await expectText(page, 'account-name', 'alice.appkit.id')
    assert.equal(await page.getByTestId('account-name').getAttribute('title'), DEV_WALLET_ADDRESS)
    assert.equal(await text(page, 'account-short-address'), '0x7099…79C8')
    const shown = 'alice.appkit.id'
    assert.equal(await text(page, 'account-balance'), `${truncated(await chainBalance(rpc.a))} ETH`)
    assert.equal(await text(page, 'account-network'), 'Local Chain A · AppKit Dev Wallet')
    assert.equal(await text(page, 'account-status'), 'connected')
    assert.equal(await text(page, 'account-caip-address'), `eip155:31337:${DEV_WALLET_ADDRESS}`)

    // The Tokens list, from the backend's balance API over the chain: ETH and the account's tUSDC.
    await expectText(page, 'token-amount', `${truncated(await usdcBalance(rpc.a))} tUSDC`)
    await expectText(page, 'token-amount', `${truncated(await chainBalance(rpc.a))} ETH`)
    assert.match(await text(page, 'account-portfolio-value'), /^\$[\d,]+\.\d{2}$/)

    // The host button shows the account.
    await page.keyboard.press('Escape')
    await page.getByTestId('account-button-address').waitFor()
    assert.equal(await text(page, 'account-button-address'), shown)

    // Reload: reconnected from storage, nothing asked (the wallet's panel never opens).
    await page.reload()
    await page.getByTestId('account-button-address').waitFor({ timeout: 15_000 })
    assert.equal(await text(page, 'account-status'), 'connected')
    assert.equal(await page.getByTestId('dev-wallet-approve').isVisible(), false)
    assert.equal(await page.evaluate(() => window.testWallets.dev.provider.approvals.size), 0)

    // Switch to chain B from the Networks view: the wallet moves, and the kit follows.
    await page.locator('appkit-network-button [data-testid="network-button"]').click()
    await page.getByTestId('network-eip155:31338').click()
    await page
      .locator('appkit-network-button [data-testid="network-button"]')
      .filter({ hasText: 'Local Chain B' })
      .waitFor()
    assert.equal(
      await page.evaluate(() => window.testWallets.dev.provider.request({ method: 'eth_chainId' })),
      '0x7a6a'
    )
    assert.equal(await text(page, 'account-caip-address'), `eip155:31338:${DEV_WALLET_ADDRESS}`)
    await page.locator('appkit-account-button [data-testid="account-button"]').click()
    await expectText(page, 'account-network', 'Local Chain B')
    await expectText(page, 'account-balance', `${truncated(await chainBalance(rpc.b))} ETH`)

    // Receive: the address in full and as a QR code, with the app's EVM networks (not Solana's).
    await page.getByTestId('wallet-feature-receive').click()
    await expectText(page, 'receive-address', DEV_WALLET_ADDRESS)
    await page.locator('w3m-wallet-receive-view wui-qr-code svg[part="code"]').waitFor({ timeout: 5000 })
    assert.deepEqual(await page.getByTestId('receive-networks').locator('li').allTextContents(), [
      'Local Chain A',
      'Local Chain B'
    ])
    await page.getByTestId('header-back').click()
    await page.getByTestId('disconnect-button').waitFor()

    // Disconnect: the kit forgets the connection, the wallet forgets the site.
    await page.getByTestId('disconnect-button').click()
    await page.locator('appkit-button [data-testid="connect-button"]').waitFor()
    assert.equal(await text(page, 'account-status'), 'disconnected')
    assert.equal(await page.evaluate(() => localStorage.getItem('@appkit-wallet/connections')), null)
    assert.equal(await text(page, 'dev-wallet-connected'), 'false')
    await page.reload()
    await page.locator('appkit-button [data-testid="connect-button"]').waitFor()
    assert.equal(await text(page, 'account-status'), 'disconnected')
    assert.deepEqual(problems, [])
  } finally {
    await context.close()
  }
})

/** The backend's history of the Dev Wallet on `chainId`, first page (the demo's project). */
async function backendHistory(chainId) {
  const url = new URL(`${stack.api}/v1/account/${DEV_WALLET_ADDRESS}/history`)
  url.searchParams.set('chainId', chainId)
  url.searchParams.set('projectId', 'appkit-local')
  url.searchParams.set('st', 'appkit')
  url.searchParams.set('sv', 'html-appkit-elements-0.1.0')
  const response = await fetch(url)
  assert.equal(response.status, 200)
  return response.json()
}

const isSpam = transaction =>
  transaction.transfers.length > 0 && transaction.transfers.every(transfer => transfer.nft_info?.flags.is_spam === true)

/** The ids of the Activity rows the page shows, in order. */
const shownActivity = page => page.getByTestId('activity-row').evaluateAll(rows => rows.map(row => row.dataset.id))

test('Account tabs: a tUSDC transfer made by the test shows in Tokens and Activity (amount, direction); no spam; NFTs with Show hidden; each chain its own', async () => {
  // Account #2 sends the Dev Wallet 1.5 tUSDC on chain A, with viem, before the visitor connects.
  const chainA = localViemChain(31337, rpc.a)
  const before = await createPublicClient({ transport: http(rpc.a) }).readContract({
    address: CONTRACTS.tUSDC,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [DEV_WALLET_ADDRESS]
  })
  const sender = createWalletClient({
    account: privateKeyToAccount(TEST_ACCOUNTS[2].privateKey),
    chain: chainA,
    transport: http(rpc.a)
  })
  const hash = await asSender(rpc.a, TEST_ACCOUNTS[2].address, () =>
    sender.writeContract({
      address: CONTRACTS.tUSDC,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [DEV_WALLET_ADDRESS, parseUnits('1.5', 6)]
    })
  )
  await createPublicClient({ chain: chainA, transport: http(rpc.a) }).waitForTransactionReceipt({ hash })
  // The backend's indexer follows new blocks: wait until its history has the transfer.
  let historyA
  for (let tries = 0; tries < 100; tries++) {
    historyA = await backendHistory('eip155:31337')
    if (historyA.data.some(transaction => transaction.id === hash)) break
    await new Promise(resolve => setTimeout(resolve, 100))
  }
  assert.ok(
    historyA.data.some(transaction => transaction.id === hash),
    'the backend indexed the transfer'
  )
  // Not vacuous: the Dev Wallet's history holds the spam collection's airdrop.
  assert.ok(historyA.data.some(isSpam), 'the history has a spam NFT transfer to leave out')

  const context = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } })
  try {
    const { page, problems } = await openDemo(context)
    await connectWith(page, 'dev')

    // Tokens: the new tUSDC balance, 1.5 more than before the transfer.
    await expectText(page, 'token-amount', `${truncated(formatUnits(before + 1_500_000n, 6))} tUSDC`)

    // Activity: the transfer first, received from account #2, +1.5 tUSDC; the rows are the chain's
    // history without the spam NFT's.
    await page.getByTestId('account-tab-activity').click()
    const row = page.locator(`[data-testid="activity-row"][data-id="${hash}"]`)
    await row.waitFor({ timeout: 15_000 })
    assert.equal((await row.getByTestId('activity-operation').textContent()).trim(), 'Received')
    assert.equal((await row.getByTestId('activity-amount').textContent()).trim(), '+1.5 tUSDC')
    assert.equal((await row.getByTestId('activity-counterparty').textContent()).trim(), 'From 0x3C44…93BC')
    const expectedA = historyA.data.filter(transaction => !isSpam(transaction)).map(transaction => transaction.id)
    assert.deepEqual(await shownActivity(page), expectedA)
    assert.equal(await page.getByTestId('activity-row').filter({ hasText: 'RCV' }).count(), 0)

    // NFTs: the two AKTC the Dev Wallet holds on chain A (tokensOfOwner); the RCV one only after "Show hidden".
    const reader = createPublicClient({ transport: http(rpc.a) })
    const owned = await reader.readContract({
      address: CONTRACTS.collection,
      abi: testCollectionAbi,
      functionName: 'tokensOfOwner',
      args: [DEV_WALLET_ADDRESS]
    })
    const [spamId] = await reader.readContract({
      address: CONTRACTS.spamCollection,
      abi: testCollectionAbi,
      functionName: 'tokensOfOwner',
      args: [DEV_WALLET_ADDRESS]
    })
    await page.getByTestId('account-tab-nfts').click()
    await page.getByTestId('nfts-grid').waitFor({ timeout: 15_000 })
    const nftNames = () => page.getByTestId('nft-name').allTextContents()
    assert.deepEqual(
      (await nftNames()).map(name => name.trim()),
      owned.map(id => `AppKit Test Collection #${id}`)
    )
    await page.getByTestId('nfts-toggle-hidden').click()
    await page
      .getByTestId('nft-name')
      .filter({ hasText: `Reward Claim Voucher #${spamId}` })
      .waitFor()
    await page.getByTestId('nfts-toggle-hidden').click()
    assert.equal((await nftNames()).length, owned.length)
    // A card opens its details; Back returns to the grid.
    await page.getByTestId('nft-card').first().click()
    await expectText(page, 'nft-details-collection', 'AppKit Test Collection (AKTC)')
    await page.getByTestId('nft-details-back').click()
    await page.getByTestId('account-tab-activity').click()
    await page.locator(`[data-testid="activity-row"][data-id="${hash}"]`).waitFor()

    // Chain B: the tab is kept, and the list is chain B's history only.
    await page.keyboard.press('Escape')
    await page.locator('appkit-network-button [data-testid="network-button"]').click()
    await page.getByTestId('network-eip155:31338').click()
    await page
      .locator('appkit-network-button [data-testid="network-button"]')
      .filter({ hasText: 'Local Chain B' })
      .waitFor()
    const historyB = await backendHistory('eip155:31338')
    const expectedB = historyB.data.filter(transaction => !isSpam(transaction)).map(transaction => transaction.id)
    assert.ok(expectedB.length > 0 && !expectedB.includes(hash))
    await page.locator('appkit-account-button [data-testid="account-button"]').click()
    assert.equal(await page.getByTestId('account-tab-activity').getAttribute('aria-selected'), 'true')
    await page.locator(`[data-testid="activity-row"][data-id="${expectedB[0]}"]`).waitFor({ timeout: 15_000 })
    assert.deepEqual(await shownActivity(page), expectedB)
    assert.deepEqual(problems, [])
  } finally {
    await context.close()
  }
})

test("the Tokens list reads the chain when the backend's balance call fails: the native balance and the app's tokens, EVM and Solana", async () => {
  const context = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } })
  try {
    // The backend's balance endpoint is unreachable for this page (every other call still answers).
    await context.route(`${stack.api}/v1/account/*/balance*`, route => route.abort('connectionrefused'))
    const { page, problems } = await openDemo(context)
    await connectWith(page, 'dev')

    // Chain A read directly (the demo lists tUSDC and TT): amounts as the chain reports them, no USD values.
    await expectText(page, 'token-amount', `${truncated(await usdcBalance(rpc.a))} tUSDC`)
    await expectText(page, 'token-amount', `${truncated(await chainBalance(rpc.a))} ETH`)
    const tt = await createPublicClient({ transport: http(rpc.a) }).readContract({
      address: CONTRACTS.TT,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [DEV_WALLET_ADDRESS]
    })
    await expectText(page, 'token-amount', `${truncated(formatUnits(tt, 18))} TT`)
    assert.equal(await page.getByTestId('token-value').count(), 0)
    assert.equal(await page.getByTestId('account-portfolio').count(), 0)

    // The Solana test wallet: SOL and TUSDC from the runtime's RPC.
    await page.keyboard.press('Escape')
    await page.evaluate(() => window.appKit.open({ view: 'Connect' }))
    await page.getByTestId('connector-AppKit Solana Test Wallet').click()
    await page.getByTestId('solana-wallet-approve').click()
    const address = await text(page, 'solana-wallet-address')
    const connection = new Connection(rpc.solana, 'confirmed')
    const owned = await connection.getParsedTokenAccountsByOwner(new PublicKey(address), {
      mint: new PublicKey(testUsdCoin.address)
    })
    const tusdc = owned.value.reduce(
      (sum, account) => sum + BigInt(account.account.data.parsed.info.tokenAmount.amount),
      0n
    )
    await expectText(page, 'token-amount', `${truncated(formatUnits(tusdc, 6))} TUSDC`)
    await expectText(page, 'token-amount', `${truncated(await solanaBalance(address))} SOL`)

    // Only the aborted balance calls failed.
    assert.deepEqual(
      problems.filter(problem => !problem.includes('/balance?')),
      []
    )
  } finally {
    await context.close()
  }
})

test('a rejection in the wallet shows the error; Try again connects', async () => {
  const context = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } })
  try {
    const { page, problems } = await openDemo(context)
    await page.locator('appkit-button [data-testid="connect-button"]').click()
    await page.getByTestId('connector-dev.appkit.wallet').click()
    await page.getByTestId('dev-wallet-reject').click()
    await expectText(page, 'connecting-error', 'Connection declined')
    assert.equal(await text(page, 'account-status'), 'disconnected')
    await page.getByTestId('connecting-retry').click()
    await page.getByTestId('dev-wallet-approve').click()
    await page.getByTestId('disconnect-button').waitFor({ timeout: 15_000 })
    assert.equal(await text(page, 'account-status'), 'connected')
    assert.deepEqual(problems, [])
  } finally {
    await context.close()
  }
})

test('connect the Solana test wallet (Wallet Standard): its SOL balance from the local runtime, reload, EVM beside it, disconnect', async () => {
  const context = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } })
  try {
    const { page, problems } = await openDemo(context)
    const address = await text(page, 'solana-wallet-address')
    assert.match(address, /^[1-9A-HJ-NP-Za-km-z]{32,44}$/)

    await connectWith(page, 'solana')
    await page.getByTestId('account-balance').filter({ hasText: 'SOL' }).waitFor({ timeout: 15_000 })
    assert.equal(await text(page, 'account-balance'), `${truncated(await solanaBalance(address))} SOL`)
    assert.equal(await text(page, 'account-caip-address'), `solana:CmpNeggWJ4JaWJeJ8YKN1Zypmk7uvQq3:${address}`)
    await expectText(page, 'account-network', 'Solana Local')

    // Reload: the wallet answers a silent connect, nothing is asked.
    // A reload right after the Account view shows would abort its token icons' loads.
    await waitForTokenIcons(page)
    await page.reload()
    await expectText(page, 'account-status', 'connected')
    await expectText(page, 'account-caip-address', `solana:CmpNeggWJ4JaWJeJ8YKN1Zypmk7uvQq3:${address}`)
    assert.equal(await page.getByTestId('solana-wallet-approve').isVisible(), false)

    // The Dev Wallet beside it: one account per namespace, both connected.
    await page.locator('appkit-account-button [data-testid="account-button"]').click()
    await page.getByTestId('disconnect-button').waitFor()
    await page.keyboard.press('Escape')
    await page.evaluate(() => window.testWallets.dev.setAutoApprove(true))
    await page.evaluate(() => window.appKit.open({ view: 'Connect' }))
    await page.getByTestId('connector-dev.appkit.wallet').click()
    await expectText(page, 'account-caip-address', `eip155:31337:${DEV_WALLET_ADDRESS}`)
    const connections = await page.evaluate(() => JSON.parse(localStorage.getItem('@appkit-wallet/connections')))
    assert.deepEqual(Object.keys(connections).sort(), ['eip155', 'solana'])

    // Disconnect (the modal still shows Account) ends both.
    await page.getByTestId('disconnect-button').click()
    await page.locator('appkit-button [data-testid="connect-button"]').waitFor()
    assert.equal(await page.evaluate(() => localStorage.getItem('@appkit-wallet/connections')), null)
    assert.deepEqual(problems, [])
  } finally {
    await context.close()
  }
})

test('Solana: a TUSDC transfer made by the test shows in Tokens and Activity, from the backend over the local runtime', async () => {
  const context = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } })
  try {
    const { page, problems } = await openDemo(context)
    const address = await text(page, 'solana-wallet-address')
    // Test account #3 sends the wallet 2.5 TUSDC with @solana/web3.js and @solana/spl-token.
    const connection = new Connection(rpc.solana, 'confirmed')
    const sender = testKeypair(3)
    const mint = new PublicKey(testUsdCoin.address)
    const destination = await getOrCreateAssociatedTokenAccount(connection, sender, mint, new PublicKey(address))
    const before = destination.amount
    const signature = await transferChecked(
      connection,
      sender,
      new PublicKey(solanaTestAccounts[3].tokenAccount),
      mint,
      destination.address,
      sender,
      2_500_000n,
      6
    )

    await connectWith(page, 'solana')
    await expectText(page, 'token-amount', `${truncated(formatUnits(before + 2_500_000n, 6))} TUSDC`)
    await expectText(page, 'token-amount', 'SOL')

    await page.getByTestId('account-tab-activity').click()
    const row = page.locator(`[data-testid="activity-row"][data-id="${signature}"]`)
    await row.waitFor({ timeout: 15_000 })
    assert.equal((await row.getByTestId('activity-operation').textContent()).trim(), 'Received')
    assert.equal((await row.getByTestId('activity-amount').textContent()).trim(), '+2.5 TUSDC')
    const from = sender.publicKey.toBase58()
    assert.equal(
      (await row.getByTestId('activity-counterparty').textContent()).trim(),
      `From ${from.slice(0, 4)}…${from.slice(-4)}`
    )
    // Newest first: the transfer leads the list.
    assert.equal((await shownActivity(page))[0], signature)
    assert.deepEqual(problems, [])
  } finally {
    await context.close()
  }
})
