// The fault tests' page (issue 33, point 2), shared by faults.test.mjs and faults-chain.test.mjs:
// the kit on fault-page/ (served from the repository's root, the build at /dist/) with its backend
// and chain A's RPC behind fault proxies of its own (fault-proxy.mjs), the Dev Wallet holding an
// account funded for the file (1 ETH, 20 tUSDC; no other file sends from it).
import assert from 'node:assert/strict'
import { after, before } from 'node:test'
import { assertPagesBuilt, openPage, ROOT } from './helpers.mjs'
import { serveDemo } from './demo-site.mjs'
import { useLocalStack } from './local-stack.mjs'
import { addTestWallets } from './test-wallets.mjs'
import { freshAccount, fundOnChainA } from './chain-a.mjs'
import { startFaultProxy } from './fault-proxy.mjs'

/**
 * Registers the file's hooks (the stack, the page's server, the funded account); returns { stack,
 * sender, open(options), assertConnectionKept(page) }.
 */
export function useFaultPages() {
  const stack = useLocalStack()
  const sender = freshAccount()
  let site
  before(async () => {
    assertPagesBuilt()
    site = await serveDemo(ROOT.replace(/\/$/, ''))
    await fundOnChainA(stack.rpc.a, sender.address, 20)
  })
  after(() => site?.close())

  /**
   * The fault page in a context of its own, not yet connected, with `api` and `rpc`, its proxies;
   * `beforeLoad({ api, rpc, context, page })` runs before the page loads (faults, init scripts,
   * routes); `frame: true` gives the kit the stack's embedded wallet frame (the e-mail login);
   * `siwx: true` turns sign-in on, kept by the backend behind the `api` proxy;
   * `apiTarget` puts the `api` proxy in front of another backend than the stack's.
   */
  let warmedUp
  async function open({ beforeLoad, frame = false, siwx = false, apiTarget = stack.api } = {}) {
    // The test wallets' script is bundled on first use: once, not once per test side by side.
    warmedUp ??= stack.browser.newContext().then(async context => {
      await addTestWallets(context, { chainA: stack.rpc.a, chainB: stack.rpc.b, solana: stack.rpc.solana })
      await context.close()
    })
    await warmedUp
    const api = await startFaultProxy(apiTarget)
    const rpc = await startFaultProxy(stack.rpc.a)
    const opened = await openPage(stack.browser)
    await addTestWallets(opened.context, {
      chainA: stack.rpc.a,
      chainB: stack.rpc.b,
      solana: stack.rpc.solana,
      devWalletKey: sender.privateKey
    })
    await beforeLoad?.({ api, rpc, context: opened.context, page: opened.page })
    const warnings = []
    opened.page.on('console', message => {
      if (message.type() === 'warning') warnings.push(message.text())
    })
    const query = new URLSearchParams({ api: api.url, 'rpc-a': rpc.url, 'rpc-b': stack.rpc.b })
    if (frame) query.set('frame', `${stack.frame}/`)
    if (siwx) query.set('siwx', 'backend')
    await opened.page.goto(`${site.url}/test/e2e/fault-page/?${query}`, { waitUntil: 'domcontentloaded' })
    await opened.page.locator('appkit-button').waitFor()
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

  /** The connection and the selected network are kept (the app's view of the kit, spec §3). */
  async function assertConnectionKept(page) {
    const kept = await page.evaluate(() => ({
      caipAddress: window.appKit.getAccount('eip155')?.caipAddress.toLowerCase(),
      network: window.appKit.getCaipNetwork()?.caipNetworkId
    }))
    assert.deepEqual(kept, { caipAddress: `eip155:31337:${sender.address.toLowerCase()}`, network: 'eip155:31337' })
  }

  return { stack, sender, open, assertConnectionKept }
}

export const toast = (page, text) => page.getByTestId('toast-message').filter({ hasText: text })

/** Problems besides the faults the test made: uncaught errors, console errors other than failed loads. */
export const unexpected = problems =>
  problems.filter(
    problem =>
      problem.startsWith('uncaught') ||
      (problem.startsWith('console error') && !problem.includes('Failed to load resource'))
  )

/** The Account view is shown. */
export const accountView = page => page.getByTestId('disconnect-button')

/** The Activity tab has its list (or says it is empty). */
export const activityShown = page =>
  page.locator('w3m-account-activity [data-testid="account-activity"][aria-busy="false"]').waitFor({ timeout: 15_000 })

/** Opens Swap and fills tUSDC -> TT with `amount`. */
export async function fillSwap(page, amount) {
  await page.getByTestId('wallet-feature-swaps').click()
  const source = page.getByTestId('swap-source-token')
  await source.locator('option', { hasText: 'tUSDC' }).waitFor({ state: 'attached', timeout: 15_000 })
  await source.selectOption({ label: 'tUSDC' })
  await page.getByTestId('swap-to-token').selectOption({ label: 'TT' })
  await page.getByTestId('swap-source-amount').fill(amount)
}

/** From the Account view: Send, ETH, `amount` to `receiver`, Preview; waits `feeTimeout` ms for the fee read. */
export async function previewEthSend(page, amount, receiver, { feeTimeout = 15_000 } = {}) {
  await page.getByTestId('wallet-feature-send').click()
  const select = page.getByTestId('send-token-select')
  const option = select.locator('option', { hasText: 'ETH ·' }).first()
  await option.waitFor({ state: 'attached', timeout: 15_000 })
  await select.selectOption({ label: (await option.textContent()).trim() })
  await page.getByTestId('send-amount-input').fill(amount)
  await page.getByTestId('send-receiver-input').fill(receiver)
  await page.getByTestId('send-preview-button').click()
  await page.getByTestId('send-preview-fee').waitFor({ timeout: feeTimeout })
}
