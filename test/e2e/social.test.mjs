// End to end: social login through the embedded wallet against the local stack (issue 15). Each
// of the six providers (the local OpenID provider standing in for them, with its own login and
// consent pages) signs a visitor in through a popup: the address shows, with the provider and
// user name; Google's wallet then sends tUSDC approved in the frame (checked on the chain). On a
// phone-sized touch screen the page itself goes to the provider and comes back, connected, its
// address clean of the return; the same visitor in a fresh browser gets the same address. A
// window the visitor closes says so at once. No message the host page receives holds a key.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { parseUnits } from 'viem'
import { CONTRACTS, TEST_ACCOUNTS } from '../../local/chain/deployment.ts'
import { BALANCE_FRESH_MS } from '../../src/config/constants.ts'
import { LOCAL_SOCIAL_PROVIDERS } from '../../local/social/local-idp.ts'
import { openDemo as openDemoPage, textOf, waitForAddress } from './demo-page.mjs'
import { useLocalStack } from './local-stack.mjs'
import { freshAccount, fundOnChainA, tokenBalance } from './chain-a.mjs'

const stack = useLocalStack()
const RUN = Date.now().toString(36)
const NAMES = { google: 'Google', github: 'GitHub', apple: 'Apple', facebook: 'Facebook', x: 'X', discord: 'Discord' }
/** Where this file's transfer goes: an address of its own on the shared chain. */
const RECEIVER = freshAccount().address

const openDemo = (context, query = '') => openDemoPage(stack.site.url, context, query)
const text = textOf
const frame = page => page.frameLocator('iframe[data-testid="w3m-frame"]')

/** Signs in on the local provider's own pages (any name and password), then consents. */
async function signInAtProvider(page, login) {
  await page.locator('input[name="login"]').fill(login, { timeout: 20_000 })
  await page.locator('input[name="password"]').fill('any password')
  await page.locator('button[type="submit"]').click()
  await page.locator('button[type="submit"]', { hasText: 'Continue' }).click({ timeout: 20_000 })
}

/**
 * From the host button: the provider's button opens its window, where the visitor signs in (a
 * visitor the provider still knows comes straight back).
 */
async function logInWithPopup(page, provider, login) {
  await page.locator('appkit-button [data-testid="connect-button"]').click()
  // The providers after the first five wait behind 'More sign-in options' (issue 32).
  await page.getByTestId('social-google').waitFor()
  if (!(await page.getByTestId(`social-${provider}`).count())) await page.getByTestId('social-more').click()
  const [popup] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByTestId(`social-${provider}`).click()
  ])
  const closed = popup.waitForEvent('close', { timeout: 30_000 })
  const first = await Promise.race([
    popup
      .locator('input[name="login"]')
      .waitFor({ timeout: 20_000 })
      .then(() => 'form'),
    closed.then(() => 'back')
  ])
  if (first === 'form') await signInAtProvider(popup, login)
  await closed
  return waitForAddress(page)
}

async function logOut(page) {
  if (!(await page.getByTestId('disconnect-button').isVisible())) await page.locator('appkit-button').first().click()
  await page.getByTestId('disconnect-button').click()
  await page.waitForFunction(
    () => document.querySelector('[data-testid="account-is-connected"]')?.textContent === 'false'
  )
}

const tusdc = owner => tokenBalance(stack.rpc.a, CONTRACTS.tUSDC, owner)
const fund = address => fundOnChainA(stack.rpc.a, address, 10, { funder: TEST_ACCOUNTS[3] })

const addresses = {}

test('each of the six providers signs a visitor in through its window; Google’s wallet sends tUSDC approved in the frame', async () => {
  const context = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } })
  try {
    const { page, problems, quiet } = await openDemo(context)
    let fundedAt = 0
    for (const provider of LOCAL_SOCIAL_PROVIDERS) {
      const login = `${provider}-${RUN}`
      const address = await logInWithPopup(page, provider, login)
      addresses[provider] = address
      // The Account view says with what and as whom (Apple gives no profile: its visitors are known by e-mail).
      const shownName = provider === 'apple' ? `${login}@apple.local.test` : login
      assert.equal(await text(page, 'account-social'), `Signed in with ${NAMES[provider]} as ${shownName}`)
      assert.equal(await page.getByTestId('account-update-email').count(), 0)
      // Google's wallet is funded now; it sends once its balances are read again: the log-out clears
      // the kit's caches, and the Account and Send views read again balances read more than
      // BALANCE_FRESH_MS before (issue 29), so only that long needs to pass, not the 30 s caches.
      if (provider === 'google') {
        await fund(address)
        fundedAt = Date.now()
      }
      await quiet()
      await logOut(page)
    }
    assert.equal(new Set(Object.values(addresses)).size, 6, 'six visitors, six wallets')

    // Google's visitor again (the provider still knows them): the same wallet, which sends tUSDC.
    const wait = fundedAt + BALANCE_FRESH_MS - Date.now()
    if (wait > 0) await page.waitForTimeout(wait)
    assert.equal(await logInWithPopup(page, 'google', `google-${RUN}`), addresses.google)
    await page.getByTestId('wallet-feature-send').click()
    const select = page.getByTestId('send-token-select')
    const option = select.locator('option', { hasText: 'tUSDC ·' }).first()
    await option.waitFor({ state: 'attached', timeout: 20_000 })
    await select.selectOption({ label: (await option.textContent()).trim() })
    await page.getByTestId('send-amount-input').fill('4')
    await page.getByTestId('send-receiver-input').fill(RECEIVER)
    await page.getByTestId('send-preview-button').click()
    const before = await tusdc(RECEIVER)
    await page.getByTestId('send-confirm-button').click()
    const approve = frame(page).locator('button.approval-approve')
    await approve.waitFor({ timeout: 15_000 })
    await page.waitForTimeout(600)
    await approve.click()
    await page.getByTestId('toast-message').filter({ hasText: 'Transaction sent' }).waitFor({ timeout: 20_000 })
    assert.equal((await tusdc(RECEIVER)) - before, parseUnits('4', 6))
    assert.equal(await tusdc(addresses.google), parseUnits('6', 6))
    assert.deepEqual(problems, [])
  } finally {
    await context.close()
  }
})

test('on a phone the page goes to the provider and comes back connected, its address clean; the same visitor gets the same wallet', async () => {
  assert.ok(addresses.github, 'the first test signed github’s visitor in')
  const context = await stack.browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    userAgent:
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36'
  })
  try {
    const { page, problems } = await openDemo(context, '?from=phone')
    await page.locator('appkit-button [data-testid="connect-button"]').click()
    await page.getByTestId('social-github').click()
    await page.waitForURL(url => url.href.startsWith(stack.social.issuer('github')), { timeout: 20_000 })
    await signInAtProvider(page, `github-${RUN}`)
    await page.waitForURL(url => url.href.startsWith(stack.site.url), { timeout: 20_000 })
    assert.equal(await waitForAddress(page), addresses.github)
    const url = new URL(page.url())
    assert.equal(url.search, '?from=phone', 'the return left the address; the page’s own query stayed')
    await page.locator('appkit-button').first().click()
    assert.equal(await text(page, 'account-social'), `Signed in with GitHub as github-${RUN}`)
    assert.deepEqual(problems, [])
  } finally {
    await context.close()
  }
})

test('a provider window the visitor closes says so at once', async () => {
  const context = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } })
  try {
    const { page, problems } = await openDemo(context)
    await page.locator('appkit-button [data-testid="connect-button"]').click()
    const [popup] = await Promise.all([context.waitForEvent('page'), page.getByTestId('social-discord').click()])
    await popup.locator('input[name="login"]').waitFor({ timeout: 20_000 })
    await popup.close()
    const closedAt = Date.now()
    await page
      .getByTestId('social-error')
      .filter({ hasText: 'The sign-in window was closed' })
      .waitFor({ timeout: 3000 })
    assert.ok(Date.now() - closedAt < 2000)
    assert.equal(await text(page, 'account-is-connected'), 'false')
    assert.deepEqual(problems, [])
  } finally {
    await context.close()
  }
})
