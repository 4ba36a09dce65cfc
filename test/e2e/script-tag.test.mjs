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
  waitForPairingUri,
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

    // Views are chunks beside the kit, never in the first load: the one the button opens is loaded
    // when the page is idle, ahead of the click (issue 9), so the click fetches nothing more.
    const viewChunk = /\/dist\/chunks\/w3m-connect-view-[^/]+\.js$/
    await page.waitForFunction(() => customElements.get('w3m-connect-view') !== undefined, undefined, { timeout: 5000 })
    assert.equal(
      requests.filter(url => viewChunk.test(url)).length,
      1,
      'the Connect view is its own chunk, loaded once'
    )
    const before = requests.length

    await connectButton.click()
    await waitForModalOpen(page)
    await waitForView(page, 'w3m-connect-view')
    assert.ok(!requests.slice(before).some(url => viewChunk.test(url)), 'the click fetched the view again')
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

test('classic script: WalletConnect loads its SDK from beside the single file and pairs over a relay', async () => {
  const { startLocalRelay } = await import('../walletconnect/relay.ts')
  const relay = await startLocalRelay()
  const { context, page, problems, requests } = await openPage(pages.browser)
  try {
    // The WalletConnect-only example on the classic file, pointed at the local relay.
    await page.goto(`${pages.server.url}/examples/classic/walletconnect.html?relay=${encodeURIComponent(relay.url)}`)
    await page.locator('appkit-button [data-testid="connect-button"]').waitFor({ state: 'visible', timeout: 5000 })
    const sdkFile = `${pages.server.url}/dist/appkit-elements.walletconnect.js`
    assert.ok(!requests.includes(sdkFile), 'the SDK loads on use only')
    await page.evaluate(() => window.appKit.open({ view: 'ConnectingWalletConnectBasic' }))
    assert.match(
      await waitForPairingUri(page, 'w3m-connecting-wallet-connect-basic-view', problems),
      /^wc:[0-9a-f]{64}@2\?/
    )
    assert.deepEqual(
      requests.filter(request => request.includes('appkit-elements.walletconnect.js')),
      [sdkFile]
    )
    assert.deepEqual(
      requests.filter(request => request.includes('/dist/chunks/')),
      []
    )
    assert.deepEqual(problems, [])
  } finally {
    await context.close()
    await relay.close()
  }
})
