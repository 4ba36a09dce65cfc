// End to end: the script-tag page served with `Content-Security-Policy: default-src 'self'`
// (apps/examples/csp/). No inline script or style, no eval: the modal must open, be styled (360px wide
// at 1280x800) and cause no console error and no `securitypolicyviolation`.
// Assumes `npm run build` already ran; fails at once when dist/ is missing.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { openPage, waitForModalOpen, usePagesInChromium, waitForView } from './helpers.mjs'

const pages = usePagesInChromium()

test('strict CSP: the page is served with the policy', async () => {
  const response = await fetch(`${pages.server.url}/examples/csp/`)
  assert.equal(response.status, 200)
  assert.equal(response.headers.get('content-security-policy'), "default-src 'self'")
})

test('strict CSP: the modal opens, 360px wide, with no console error and no CSP violation', async () => {
  const { context, page, problems } = await openPage(pages.browser, { viewport: { width: 1280, height: 800 } })
  try {
    const response = await page.goto(`${pages.server.url}/examples/csp/`)
    assert.equal(response?.headers()['content-security-policy'], "default-src 'self'")
    const connectButton = page.locator('appkit-button [data-testid="connect-button"]')
    await connectButton.waitFor({ state: 'visible', timeout: 5000 })
    await connectButton.click()
    await waitForModalOpen(page)
    await waitForView(page, 'w3m-connect-view')

    const width = await page.evaluate(() => {
      const dialog = document.querySelector('w3m-modal')?.shadowRoot?.querySelector('dialog')
      return dialog ? getComputedStyle(dialog).width : null
    })
    assert.equal(width, '360px')

    // Violations are reported asynchronously: give a late one the chance to arrive.
    await page.evaluate(() => new Promise(resolve => requestAnimationFrame(() => setTimeout(resolve, 100))))
    assert.deepEqual(problems, [])
  } finally {
    await context.close()
  }
})
