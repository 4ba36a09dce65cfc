// Shared by the end-to-end tests of the demo against the local stack: opening the demo with its
// problems recorded, and connecting a test wallet from the host button.

/**
 * Opens the demo at `siteUrl` in `context` (with `query`, such as '?dev-wallet-atomic=1');
 * `problems` collects uncaught errors, console errors, failed requests and HTTP errors (each test
 * asserts it stays empty); `quiet()` waits until no request is on its way.
 */
export async function openDemo(siteUrl, context, query = '') {
  const page = await context.newPage()
  const problems = []
  page.on('pageerror', error => problems.push(`uncaught: ${error.message}`))
  // A failed load is reported with its URL below.
  page.on('console', message => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
      problems.push(`console error: ${message.text()}`)
    }
  })
  const pending = new Set()
  page.on('request', request => pending.add(request))
  page.on('requestfinished', request => pending.delete(request))
  page.on('requestfailed', request => {
    pending.delete(request)
    // The analytics queue leaves with navigator.sendBeacon when the page hides (a reload): the
    // browser sends it after the page is gone, and the old page may see it as aborted. Any other
    // abort, and any answer of 400 or more (below), is still a problem.
    if (isAnalyticsBeacon(request)) return
    problems.push(`request failed: ${request.url()} (${request.failure()?.errorText})`)
  })
  page.on('response', response => {
    if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`)
  })
  await page.goto(`${siteUrl}/${query}`)
  await page.locator('appkit-button').waitFor()
  return { page, problems, quiet: () => waitForNoRequests(pending) }
}

/**
 * Resolves once no request of the page (or its frames) has been on its way for 500 ms: before a
 * reload, which would abort them. Rejects after `timeout`, naming the requests still open.
 */
async function waitForNoRequests(pending, timeout = 30_000) {
  const end = Date.now() + timeout
  let quietSince = pending.size === 0 ? Date.now() : undefined
  for (;;) {
    if (pending.size > 0) quietSince = undefined
    else quietSince ??= Date.now()
    if (quietSince !== undefined && Date.now() - quietSince >= 500) return
    if (Date.now() > end) {
      const open = [...pending].map(request => `${request.method()} ${request.url()}`).join(', ')
      throw new Error(`requests still open after ${timeout} ms: ${open}`)
    }
    await new Promise(resolve => setTimeout(resolve, 50))
  }
}

const TEST_WALLET_CONNECTORS = {
  dev: 'connector-dev.appkit.wallet',
  solana: 'connector-AppKit Solana Test Wallet',
  bitcoin: 'connector-AppKit Bitcoin Test Wallet'
}

/** Connect from the host button with a test wallet ('dev', 'solana' or 'bitcoin'), approving in its panel. */
export async function connectWith(page, wallet) {
  await page.locator('appkit-button [data-testid="connect-button"]').click()
  await page.getByTestId(TEST_WALLET_CONNECTORS[wallet]).click()
  await page.getByTestId(`${wallet === 'dev' ? 'dev' : wallet}-wallet-approve`).click()
}

/**
 * Waits until the Account view's token icons are done loading (shown, or their initials stay): a
 * reload before then aborts their requests, which the tests count as problems.
 */
export async function waitForTokenIcons(page) {
  await page.locator('w3m-account-tokens [data-testid="tokens-list"]').waitFor({ timeout: 15_000 })
  await page.waitForFunction(
    () =>
      [
        ...(document
          .querySelector('w3m-modal')
          ?.shadowRoot?.querySelector('w3m-router')
          ?.shadowRoot?.querySelector('w3m-account-view')
          ?.shadowRoot?.querySelector('w3m-account-tabs')
          ?.shadowRoot?.querySelector('w3m-account-tokens')
          ?.shadowRoot?.querySelectorAll('wui-wallet-image') ?? [])
      ].every(image => {
        // The image is preloaded first: done when it shows (and is complete) or its initials stay.
        const shown = image.shadowRoot?.querySelector('[data-status]')
        const status = shown?.getAttribute('data-status')
        return status === 'failed' || (status === 'loaded' && shown.complete !== false)
      }),
    null,
    { timeout: 10_000 }
  )
}

/** The trimmed text of the first element with `testId`. */
export const textOf = async (page, testId) => (await page.getByTestId(testId).first().textContent())?.trim()

/** Waits until the demo shows a connected EVM address (30 s at most); answers it. */
export async function waitForAddress(page) {
  await page.waitForFunction(
    () => /^0x[0-9a-fA-F]{40}$/.test(document.querySelector('[data-testid="account-address"]')?.textContent ?? ''),
    null,
    { timeout: 30_000 }
  )
  return textOf(page, 'account-address')
}

/** A POST /e (the kit's analytics) aborted as its page went away: sendBeacon's, by design. */
function isAnalyticsBeacon(request) {
  return (
    request.method() === 'POST' &&
    new URL(request.url()).pathname === '/e' &&
    request.failure()?.errorText === 'net::ERR_ABORTED'
  )
}
