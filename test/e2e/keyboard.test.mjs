// End to end with the keyboard alone (issue 8): no mouse call anywhere. Against the local stack
// (test/e2e/local-stack.mjs), in the demo: Tab to the connect button, open the modal, reach the
// AppKit Dev Wallet with the arrow keys, connect, open the network list, switch network, open the
// account and disconnect. Then the same in Arabic, chosen with the keyboard in the demo's language
// picker, with the modal mirrored. A screenshot of the Connect view in each language is written to
// test-results/ and its path reported in the test output.
import assert from 'node:assert/strict'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { test } from 'node:test'
import { ROOT, deepActiveElement } from './helpers.mjs'
import { useLocalStack } from './local-stack.mjs'

const stack = useLocalStack()
const SCREENSHOTS = join(ROOT, 'test-results')
const DEV_WALLET = 'connector-dev.appkit.wallet'
/** The Dev Wallet's account on the local chains. */
const DEV_WALLET_ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

/** Presses `key` until the focused element (through shadow roots) matches, at most `limit` times. */
async function pressUntil(page, key, matches, what, limit = 40) {
  for (let i = 0; i < limit; i++) {
    const active = await deepActiveElement(page)
    if (active && matches(active)) return active
    await page.keyboard.press(key)
  }
  const active = await deepActiveElement(page)
  if (active && matches(active)) return active
  throw new Error(`${key} ${limit} times never reached ${what}; focus is on ${JSON.stringify(active)}`)
}

const testIdIs = id => active => active.testId === id
/** The focused row's test id: a wui-list-item's inner button has none, its host has it. */
async function focusedRow(page) {
  return page.evaluate(() => {
    let active = document.activeElement
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement
    const host = active?.getRootNode() instanceof ShadowRoot ? active.getRootNode().host : null
    return host?.getAttribute('data-testid') ?? active?.getAttribute('data-testid') ?? null
  })
}

async function arrowToRow(page, testId, limit = 12) {
  for (let i = 0; i < limit && (await focusedRow(page)) !== testId; i++) await page.keyboard.press('ArrowDown')
  assert.equal(await focusedRow(page), testId, `ArrowDown never reached ${testId}`)
}

const modalOpen = page =>
  page.evaluate(() => Boolean(document.querySelector('w3m-modal')?.shadowRoot?.querySelector('dialog')?.open))
const dialogAttribute = (page, name) =>
  page.evaluate(name => document.querySelector('w3m-modal').shadowRoot.querySelector('dialog').getAttribute(name), name)

async function waitFor(page, condition, what, timeout = 15_000) {
  const started = Date.now()
  while (!(await condition())) {
    if (Date.now() - started > timeout) throw new Error(`timed out waiting for ${what}`)
    await page.waitForTimeout(50)
  }
}

/** Whether the wallet's icon sits on the reading-order start side of its name in the Dev Wallet's row. */
function iconSide(page) {
  return page.evaluate(testId => {
    const deep = (root, selector) => {
      const found = root.querySelector(selector)
      if (found) return found
      for (const el of root.querySelectorAll('*')) {
        const inner = el.shadowRoot && deep(el.shadowRoot, selector)
        if (inner) return inner
      }
      return null
    }
    const row = deep(document, `[data-testid="${testId}"]`)
    const image = row.querySelector('wui-wallet-image').getBoundingClientRect()
    const name = row.querySelector('.wallet > span').getBoundingClientRect()
    return image.left < name.left ? 'left' : 'right'
  }, DEV_WALLET)
}

/** Whether the header's title lies inside the modal's card (focus moving must not scroll it away). */
function titleInsideCard(page) {
  return page.evaluate(() => {
    const modal = document.querySelector('w3m-modal').shadowRoot
    const card = modal.querySelector('.card').getBoundingClientRect()
    const title = modal
      .querySelector('w3m-header')
      .shadowRoot.querySelector('[data-testid=header-title]')
      .getBoundingClientRect()
    return title.top >= card.top && title.bottom <= card.bottom
  })
}

async function keyboardFlow(t, locale) {
  const context = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } })
  try {
    const page = await context.newPage()
    const problems = []
    page.on('pageerror', error => problems.push(`uncaught: ${error.message}`))
    await page.goto(`${stack.site.url}/`)
    await page.locator('appkit-button').waitFor()
    // The wallet's own approval UI is not the kit's: the Dev Wallet approves by itself here.
    await page.evaluate(() => window.testWallets.dev.setAutoApprove(true))

    if (locale !== 'en') {
      // The demo's language picker, with the keyboard: Tab to it, End picks its last language, Arabic.
      await pressUntil(page, 'Tab', testIdIs('locale-select'), 'the language picker', 80)
      await page.keyboard.press('End')
      await waitFor(
        page,
        async () => (await page.getByTestId('locale-current').textContent()) === locale,
        `locale ${locale}`
      )
    }

    // Open the modal from the connect button.
    await pressUntil(page, 'Tab', testIdIs('connect-button'), 'the connect button', 80)
    await page.keyboard.press('Enter')
    await waitFor(page, () => modalOpen(page), 'the modal')
    await waitFor(page, async () => (await deepActiveElement(page))?.testId === 'header-close', 'focus in the header')
    assert.equal(await dialogAttribute(page, 'dir'), locale === 'ar' ? 'rtl' : 'ltr')
    assert.equal(await dialogAttribute(page, 'lang'), locale)

    // The e-mail login comes first (email, social, wallet): its field, then its arrow; then the
    // social buttons in features.socials order: Google (wide), the next four (square), then
    // 'More sign-in options' (Apple and Facebook are behind it, issue 32);
    // then the wallet list is one Tab stop (once it shows); the arrow keys reach the Dev Wallet.
    await page.locator(`[data-testid="${DEV_WALLET}"]`).waitFor()
    await page.keyboard.press('Tab')
    assert.equal(
      (await deepActiveElement(page))?.testId,
      'email-login-input',
      'Tab from the header goes to the e-mail field'
    )
    await page.keyboard.press('Tab')
    assert.equal((await deepActiveElement(page))?.testId, 'email-login-submit', 'then to its button')
    for (const provider of ['google', 'x', 'discord', 'farcaster', 'github', 'more']) {
      await page.keyboard.press('Tab')
      assert.equal((await focusedRow(page)) ?? '', `social-${provider}`, `then to ${provider}’s button`)
    }
    await page.keyboard.press('Tab')
    assert.match((await focusedRow(page)) ?? '', /^connector-/, 'then into the wallet list')
    await arrowToRow(page, DEV_WALLET)
    assert.equal(await iconSide(page), locale === 'ar' ? 'right' : 'left', 'the row is mirrored in Arabic only')
    assert.equal(await titleInsideCard(page), true, 'the header stays in view while focus moves down the list')
    mkdirSync(SCREENSHOTS, { recursive: true })
    const shot = join(SCREENSHOTS, `keyboard-connect-${locale}.png`)
    await page.screenshot({ path: shot })
    t.diagnostic(`screenshot of the Connect view (${locale}): ${shot}`)

    // Connect: the Account view follows once the wallet approves.
    await page.keyboard.press('Enter')
    await page.getByTestId('account-balance').filter({ hasText: 'ETH' }).waitFor({ timeout: 20_000 })
    await page.keyboard.press('Escape')
    await waitFor(page, async () => !(await modalOpen(page)), 'the modal to close')

    // The network list: Tab to the network button, Enter, arrows to the other chain, Enter.
    await pressUntil(page, 'Shift+Tab', testIdIs('network-button'), 'the network button', 80)
    await page.keyboard.press('Enter')
    await waitFor(page, () => modalOpen(page), 'the network list')
    await page.locator('[data-testid="network-eip155:31338"]').waitFor()
    await page.keyboard.press('Tab')
    await page.keyboard.press('Home')
    await arrowToRow(page, 'network-eip155:31338')
    await page.keyboard.press('Enter')
    await page
      .locator('appkit-network-button [data-testid="network-button"]')
      .filter({ hasText: 'Local Chain B' })
      .waitFor()
    assert.equal(
      await page.evaluate(() => window.testWallets.dev.provider.request({ method: 'eth_chainId' })),
      '0x7a6a'
    )
    if (await modalOpen(page)) {
      await page.keyboard.press('Escape')
      await waitFor(page, async () => !(await modalOpen(page)), 'the modal to close')
    }

    // The account: Receive shows the address, Back returns; the Activity tab; then Disconnect.
    await pressUntil(page, 'Tab', testIdIs('account-button'), 'the account button', 80)
    await page.keyboard.press('Enter')
    await waitFor(page, () => modalOpen(page), 'the Account view')
    await pressUntil(page, 'Tab', testIdIs('wallet-feature-receive'), 'Receive', 20)
    await page.keyboard.press('Enter')
    await page.getByTestId('receive-address').filter({ hasText: DEV_WALLET_ADDRESS }).waitFor()
    await pressUntil(page, 'Tab', testIdIs('header-back'), 'Back', 20)
    await page.keyboard.press('Enter')
    // The tabs: the arrow key away from the start (left in Arabic) chooses NFTs, then Activity.
    await pressUntil(page, 'Tab', testIdIs('account-tab-tokens'), 'the Tokens tab', 20)
    const next = locale === 'ar' ? 'ArrowLeft' : 'ArrowRight'
    for (const tab of ['nfts', 'activity']) {
      await page.keyboard.press(next)
      await waitFor(
        page,
        async () => (await deepActiveElement(page))?.testId === `account-tab-${tab}`,
        `focus on the ${tab} tab`
      )
    }
    await page.getByTestId('activity-row').first().waitFor({ timeout: 15_000 })
    await pressUntil(page, 'Tab', testIdIs('disconnect-button'), 'Disconnect', 40)
    await page.keyboard.press('Enter')
    await page.locator('appkit-button [data-testid="connect-button"]').waitFor()
    assert.equal(await page.getByTestId('dev-wallet-connected').textContent(), 'false')
    assert.deepEqual(problems, [])
  } finally {
    await context.close()
  }
}

test('keyboard only: connect the Dev Wallet, switch network, disconnect (English)', t => keyboardFlow(t, 'en'))

test('keyboard only, in Arabic: the same flow with the modal mirrored', t => keyboardFlow(t, 'ar'))
