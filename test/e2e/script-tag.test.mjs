// End to end: the script-tag page (examples/script-tag/) in Chromium.
// Assumes `npm run build` already ran (`npm run test:e2e` does not build); fails at once when dist/ is missing.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import {
  deepActiveElement,
  openPage,
  waitForModalClosed,
  waitForModalOpen,
  usePagesInChromium,
  waitForView
} from './helpers.mjs'

const pages = usePagesInChromium()

test('script tag: <appkit-button> opens the modal on Connect, Escape closes it and focus returns', async () => {
  const { context, page, problems, requests } = await openPage(pages.browser)
  try {
    await page.goto(`${pages.server.url}/examples/script-tag/`)
    const connectButton = page.locator('appkit-button [data-testid="connect-button"]')
    await connectButton.waitFor({ state: 'visible', timeout: 5000 })
    assert.equal((await connectButton.textContent())?.trim(), 'Connect Wallet')
    assert.equal(await page.evaluate(() => typeof window.AppKit.createAppKit), 'function')

    // Views are chunks beside the kit, loaded on first show, not before.
    const viewChunk = /\/dist\/chunks\/w3m-connect-view-[^/]+\.js$/
    assert.ok(!requests.some(url => viewChunk.test(url)), 'the Connect view loaded before the modal opened')

    await connectButton.click()
    await waitForModalOpen(page)
    await waitForView(page, 'w3m-connect-view')
    assert.ok(
      requests.some(url => viewChunk.test(url)),
      'the Connect view did not load as its own chunk'
    )
    assert.equal(await page.locator('w3m-modal w3m-router w3m-connect-view').count(), 1)

    await page.keyboard.press('Escape')
    await waitForModalClosed(page)
    assert.deepEqual(await deepActiveElement(page), {
      tag: 'button',
      testId: 'connect-button',
      hosts: ['appkit-button', 'appkit-connect-button']
    })
    assert.deepEqual(problems, [])
  } finally {
    await context.close()
  }
})

test('script tag: <appkit-network-button> opens the Networks view', async () => {
  const { context, page, problems } = await openPage(pages.browser)
  try {
    await page.goto(`${pages.server.url}/examples/script-tag/`)
    const networkButton = page.locator('appkit-network-button [data-testid="network-button"]')
    await networkButton.waitFor({ state: 'visible', timeout: 5000 })
    await networkButton.click()
    await waitForModalOpen(page)
    await waitForView(page, 'w3m-networks-view')
    assert.deepEqual(problems, [])
  } finally {
    await context.close()
  }
})

test('classic script: the single-file build opens the modal on Connect without loading any chunk', async () => {
  const { context, page, problems, requests } = await openPage(pages.browser)
  try {
    await page.goto(`${pages.server.url}/examples/classic/`)
    const connectButton = page.locator('appkit-button [data-testid="connect-button"]')
    await connectButton.waitFor({ state: 'visible', timeout: 5000 })
    await connectButton.click()
    await waitForModalOpen(page)
    await waitForView(page, 'w3m-connect-view')
    assert.deepEqual(
      requests.filter(url => url.includes('/dist/chunks/')),
      []
    )
    await page.keyboard.press('Escape')
    await waitForModalClosed(page)
    assert.equal((await deepActiveElement(page))?.testId, 'connect-button')
    assert.deepEqual(problems, [])
  } finally {
    await context.close()
  }
})
