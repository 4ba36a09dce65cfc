// End to end, faults injected (issue 33, point 2; spec §7-§9, docs/behaviour.md sections 4, 7, 8):
// the kit on a page of its own (fault-page/) whose backend and chain A's RPC are fault proxies
// (fault-proxy.mjs) in front of the local stack's, in Chromium, with the Dev Wallet holding an
// account of this file's own. For each fault: what the visitor sees is the spec's text, the kit
// retries as the spec says (counted at the proxy: query 3 tries in all, 1 s then 2 s apart,
// Retry-After winning), and nothing is lost (the connection, the selected network, the Activity
// already shown, the typed Send form).
// Time: the 30 s balance block is never waited out (each test is a page of its own, and the block
// is checked by asking again within it); the query backoff's full 1 s + 2 s is waited once a fault.
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { assertPagesBuilt, ROOT } from './helpers.mjs'
import { serveDemo } from './demo-site.mjs'
import { useLocalStack } from './local-stack.mjs'
import { addTestWallets, connectDevWallet } from './test-wallets.mjs'
import { freshAccount, fundOnChainA } from './chain-a.mjs'
import { openPage } from './helpers.mjs'
import { onPath, startFaultProxy } from './fault-proxy.mjs'

const stack = useLocalStack()
// The repository's root under the demo's policy: the page at /test/e2e/fault-page/, the build at /dist/.
let site
// The Dev Wallet's account in every test of this file (no other file sends from it): 1 ETH, 20 tUSDC.
const sender = freshAccount()
before(async () => {
  assertPagesBuilt()
  site = await serveDemo(ROOT.replace(/\/$/, ''))
  await fundOnChainA(stack.rpc.a, sender.address, 20)
})
after(() => site?.close())

/**
 * The fault page in a context of its own with the Dev Wallet (this file's account), its backend and
 * chain A's RPC behind proxies of its own (`api`, `rpc`), not yet connected. `beforeLoad({ api, rpc,
 * context })` runs before the page loads (faults, init scripts).
 */
async function openFaultPage({ beforeLoad } = {}) {
  const api = await startFaultProxy(stack.api)
  const rpc = await startFaultProxy(stack.rpc.a)
  const opened = await openPage(stack.browser)
  await addTestWallets(opened.context, {
    chainA: stack.rpc.a,
    chainB: stack.rpc.b,
    solana: stack.rpc.solana,
    devWalletKey: sender.privateKey
  })
  await beforeLoad?.({ api, rpc, context: opened.context })
  const warnings = []
  opened.page.on('console', message => {
    if (message.type() === 'warning') warnings.push(message.text())
  })
  const query = new URLSearchParams({ api: api.url, 'rpc-a': rpc.url, 'rpc-b': stack.rpc.b })
  await opened.page.goto(`${site.url}/test/e2e/fault-page/?${query}`)
  return {
    ...opened,
    api,
    rpc,
    warnings,
    async close() {
      await opened.context.close()
      await api.close()
      await rpc.close()
    }
  }
}

const toast = (page, text) => page.getByTestId('toast-message').filter({ hasText: text })

/** Problems besides the faults the test made: uncaught errors, console errors other than failed loads. */
const unexpected = problems =>
  problems.filter(
    problem =>
      problem.startsWith('uncaught') ||
      (problem.startsWith('console error') && !problem.includes('Failed to load resource'))
  )

const balancePath = onPath('/v1/account/', 'GET')
const isBalance = request => balancePath(request) && request.path.endsWith('/balance')

const isHistory = request => onPath('/v1/account/', 'GET')(request) && request.path.endsWith('/history')
/** The Activity list's own page (not the onramp purchases asked beside the first one). */
const isHistoryPage = request => isHistory(request) && !request.query.has('onramp')
const isQuotes = onPath('/v1/convert/quotes', 'GET')

/** The gaps between the times of `requests`, in ms. */
const gaps = requests => requests.slice(1).map((request, index) => request.at - requests[index].at)

/**
 * Spec §9, query retries: 3 tries in all, the second 1 s after the first, the third 2 s after the
 * second (the backoff doubling from 1 s; its 30 s cap is never reached in 3 tries).
 */
function assertQueryBackoff(requests, what) {
  assert.equal(requests.length, 3, `${what}: 3 tries in all`)
  const [first, second] = gaps(requests)
  assert.ok(first >= 950 && first < 1900, `${what}: the first retry 1 s after the try (${first} ms)`)
  assert.ok(second >= 1950 && second < 3900, `${what}: the second retry 2 s after the first (${second} ms)`)
}

const accountView = page => page.getByTestId('disconnect-button')
/** The connection and the selected network are kept (the app's view of the kit, spec §3). */
async function assertConnectionKept(page) {
  const kept = await page.evaluate(() => ({
    caipAddress: window.appKit.getAccount('eip155')?.caipAddress.toLowerCase(),
    network: window.appKit.getCaipNetwork()?.caipNetworkId
  }))
  assert.deepEqual(kept, { caipAddress: `eip155:31337:${sender.address.toLowerCase()}`, network: 'eip155:31337' })
}

test('backend down when the modal opens (spec §7, §8): Connect lists the wallet and connects; the balance is tried 3 times (1 s, 2 s) and says "Token Balance Unavailable"; back up, Activity loads, connection and network kept', async () => {
  const failedBalances = []
  const opened = await openFaultPage({ beforeLoad: ({ api }) => api.down() })
  const { page, api } = opened
  try {
    page.on('request', request => {
      if (/\/v1\/account\/[^/]+\/balance/.test(request.url())) failedBalances.push({ at: Date.now() })
    })
    await connectDevWallet(page)
    await toast(page, 'Token Balance Unavailable').waitFor({ timeout: 15_000 })
    assertQueryBackoff(failedBalances, 'balance, connection refused')
    await assertConnectionKept(page)
    await api.up()
    await page.getByTestId('account-tab-activity').click()
    await api.waitForRequests(isHistoryPage, 1)
    await page
      .locator('w3m-account-activity [data-testid="account-activity"][aria-busy="false"]')
      .waitFor({ timeout: 15_000 })
    assert.equal(await toast(page, 'Failed to fetch transactions').count(), 0)
    await assertConnectionKept(page)
    assert.deepEqual(unexpected(opened.problems), [])
  } finally {
    await opened.close()
  }
})

test('500 on balance, then on history (spec §8, §9): 3 tries each, 1 s then 2 s apart; "Token Balance Unavailable" then "Failed to fetch transactions"; no balance asked within the 30 s block; connection and network kept', async () => {
  const opened = await openFaultPage()
  const { page, api } = opened
  try {
    api.fail(isBalance, { status: 500, json: { message: 'Internal error' } })
    await connectDevWallet(page)
    await toast(page, 'Token Balance Unavailable').waitFor({ timeout: 15_000 })
    assertQueryBackoff(api.requests.filter(isBalance), 'balance, 500')
    // Within the block: the Account view shown again (which reads balances older than 5 s) asks nothing.
    await page.keyboard.press('Escape')
    await page.getByTestId('account-button').click()
    await accountView(page).waitFor()
    await page.waitForTimeout(1500)
    assert.equal(api.requests.filter(isBalance).length, 3, 'no balance asked within the 30 s block')
    await assertConnectionKept(page)

    api.fail(isHistory, { status: 500, json: { message: 'Internal error' } })
    await page.getByTestId('account-tab-activity').click()
    await toast(page, 'Failed to fetch transactions').waitFor({ timeout: 15_000 })
    assertQueryBackoff(api.requests.filter(isHistoryPage), 'history, 500')
    await assertConnectionKept(page)
    assert.deepEqual(unexpected(opened.problems), [])
  } finally {
    await opened.close()
  }
})

/** Resolves once the backend's history of `address` on chain A lists something (the indexer caught up). */
async function waitForIndexed(address) {
  const query = new URLSearchParams({ projectId: 'appkit-local', chainId: 'eip155:31337', st: 'appkit', sv: 'e2e' })
  const url = `${stack.api}/v1/account/${address}/history?${query}`
  for (const end = Date.now() + 30_000; Date.now() < end; await new Promise(resolve => setTimeout(resolve, 250))) {
    const response = await fetch(url)
    if (response.ok && (await response.json()).data.length > 0) return
  }
  throw new Error(`the backend indexed nothing of ${address} within 30 s`)
}

const activityRows = page => page.locator('w3m-account-activity [data-testid="activity-row"]')

test('a malformed JSON body on balance and a body of the wrong shape on the next Activity page (spec §8): no retry (one request each), "Token Balance Unavailable" and "Failed to fetch transactions", and the Activity already shown stays', async () => {
  await waitForIndexed(sender.address)
  const opened = await openFaultPage()
  const { page, api } = opened
  try {
    api.fail(isBalance, { status: 200, raw: '{"balances": [{"name": "ETH", ' })
    // The first page says another follows (the end of the list then asks for it); that one answers nonsense.
    api.fail(request => isHistoryPage(request) && request.query.has('cursor'), {
      status: 200,
      json: { data: 'none', next: 7 }
    })
    api.fail(isHistoryPage, { rewrite: body => ({ ...body, next: 'fault-cursor' }) })
    await connectDevWallet(page)
    await toast(page, 'Token Balance Unavailable').waitFor({ timeout: 15_000 })
    // One request per reader at most (the native balance, which then asks the wallet, and the Tokens
    // list), never a retry: a read that retried would make 3 requests alone.
    const balanceReads = api.requests.filter(isBalance).length
    assert.ok(
      balanceReads >= 1 && balanceReads <= 2,
      `a body that is not JSON is not asked again (${balanceReads} requests)`
    )
    await page.getByTestId('account-tab-activity').click()
    await toast(page, 'Failed to fetch transactions').waitFor({ timeout: 15_000 })
    const pages = api.requests.filter(isHistoryPage)
    assert.deepEqual(
      pages.map(request => request.query.get('cursor')),
      [null, 'fault-cursor'],
      'the first page, then the next one once: a body of the wrong shape is not asked again'
    )
    assert.ok((await activityRows(page).count()) > 0, 'the rows of the first page are still shown')
    await assertConnectionKept(page)
    assert.deepEqual(unexpected(opened.problems), [])
  } finally {
    await opened.close()
  }
})

/** Opens Swap and fills tUSDC -> TT with `amount`. */
async function fillSwap(page, amount) {
  await page.getByTestId('wallet-feature-swaps').click()
  const source = page.getByTestId('swap-source-token')
  await source.locator('option', { hasText: 'tUSDC' }).waitFor({ state: 'attached', timeout: 15_000 })
  await source.selectOption({ label: 'tUSDC' })
  await page.getByTestId('swap-to-token').selectOption({ label: 'TT' })
  await page.getByTestId('swap-source-amount').fill(amount)
}

test('429 with Retry-After on quotes, then 500 (spec §8, §9): the retry waits Retry-After (2 s, not the 1 s backoff) and the quote shows; a 500 is tried 3 times and says "No quote is available for this swap"; the typed amount stays', async () => {
  const opened = await openFaultPage()
  const { page, api } = opened
  try {
    await connectDevWallet(page)
    await page.getByTestId('wallet-feature-swaps').waitFor({ timeout: 15_000 })
    api.fail(
      isQuotes,
      { status: 429, headers: { 'Retry-After': '2' }, json: { message: 'Too many requests' } },
      { times: 1 }
    )
    await fillSwap(page, '2')
    await page.getByTestId('swap-minimum').waitFor({ timeout: 15_000 })
    const quotes = api.requests.filter(isQuotes)
    assert.equal(quotes.length, 2, 'the 429, then its retry')
    assert.ok(gaps(quotes)[0] >= 1950, `the retry came ${gaps(quotes)[0]} ms later: Retry-After's 2 s`)

    api.fail(isQuotes, { status: 500, json: { message: 'Internal error' } })
    const before = api.requests.length
    await page.getByTestId('swap-source-amount').fill('3')
    await page
      .getByTestId('swap-error')
      .filter({ hasText: 'No quote is available for this swap' })
      .waitFor({ timeout: 15_000 })
    assertQueryBackoff(api.requests.slice(before).filter(isQuotes), 'quotes, 500')
    assert.equal(await page.getByTestId('swap-source-amount').inputValue(), '3')
    await assertConnectionKept(page)
    assert.deepEqual(unexpected(opened.problems), [])
  } finally {
    await opened.close()
  }
})

test('the chain RPC dies after the wallet signed and before the receipt (spec §9: RPC retries 3, 150 ms backoff): the swap is not reported failed; the kit finds the receipt when the RPC is back', async () => {
  const opened = await openFaultPage()
  const { page, rpc } = opened
  try {
    await connectDevWallet(page)
    await page.getByTestId('wallet-feature-swaps').waitFor({ timeout: 15_000 })
    await fillSwap(page, '2')
    await page.getByTestId('swap-minimum').waitFor({ timeout: 15_000 })
    await page.getByTestId('swap-review-button').click()
    await page.getByTestId('swap-confirm-button').click()
    // The approval first (its receipt read with the RPC up), then the swap itself.
    await page.getByTestId('approve-button').click()
    await page.getByTestId('dev-wallet-approve').click()
    await page.getByTestId('dev-wallet-approve').waitFor({ state: 'hidden', timeout: 15_000 })
    await page.getByTestId('dev-wallet-approve').waitFor({ timeout: 20_000 })
    await rpc.down()
    const asked = rpc.requests.length
    await page.getByTestId('dev-wallet-approve').click()
    // Longer than a poll's 4 tries (150 + 300 + 600 ms apart) and the next poll (1 s on a local chain).
    await page.waitForTimeout(3000)
    assert.equal(await page.getByTestId('swap-error').count(), 0, 'no failure while the RPC is down')
    await rpc.up()
    await toast(page, 'Swap completed').waitFor({ timeout: 15_000 })
    assert.ok(
      rpc.requests.slice(asked).some(request => request.rpcMethods.includes('eth_getTransactionReceipt')),
      'the receipt was read once the RPC was back'
    )
    await assertConnectionKept(page)
    assert.deepEqual(unexpected(opened.problems), [])
  } finally {
    await opened.close()
  }
})

test('a send that fails before the wallet is asked (the RPC down, spec §8 "Transaction failed") keeps the typed Send form; sent again once the RPC is back, it goes through once', async () => {
  const receiver = freshAccount().address
  const opened = await openFaultPage()
  const { page, rpc } = opened
  try {
    await connectDevWallet(page)
    await page.getByTestId('wallet-feature-send').click()
    const select = page.getByTestId('send-token-select')
    const option = select.locator('option', { hasText: 'ETH ·' }).first()
    await option.waitFor({ state: 'attached', timeout: 15_000 })
    await select.selectOption({ label: (await option.textContent()).trim() })
    await page.getByTestId('send-amount-input').fill('0.01')
    await page.getByTestId('send-receiver-input').fill(receiver)
    await page.getByTestId('send-preview-button').click()
    await page.getByTestId('send-preview-fee').waitFor({ timeout: 15_000 })
    await rpc.down()
    await page.getByTestId('send-confirm-button').click()
    await page.getByTestId('send-preview-error').filter({ hasText: 'Transaction failed' }).waitFor({ timeout: 15_000 })
    assert.equal(await page.getByTestId('dev-wallet-approve').isVisible(), false, 'the wallet was not asked')
    await page.getByTestId('header-back').click()
    assert.equal(await page.getByTestId('send-amount-input').inputValue(), '0.01')
    assert.equal(await page.getByTestId('send-receiver-input').inputValue(), receiver)
    await rpc.up()
    await page.getByTestId('send-preview-button').click()
    await page.getByTestId('send-confirm-button').click()
    await page.getByTestId('dev-wallet-approve').click()
    await toast(page, 'Transaction sent').waitFor({ timeout: 15_000 })
    await assertConnectionKept(page)
    assert.deepEqual(unexpected(opened.problems), [])
  } finally {
    await opened.close()
  }
})
