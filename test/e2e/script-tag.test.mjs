// End to end: the script-tag page (apps/examples/script-tag/) in Chromium.
// Assumes `npm run build` already ran (`npm run test:e2e` does not build); fails at once when dist/ is missing.
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { test } from 'node:test'
import { readChunkGraph } from '../../bench/bundle-graph.mjs'
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

/** The source modules in the chunks a page requested so far (dist/chunks/x.js -> its modules). */
function modulesRequested(requests) {
  const graph = readChunkGraph()
  return new Set(
    requests.flatMap(url => {
      const fileName = new URL(url).pathname.replace(/^.*\/dist\//, '')
      return graph.get(fileName)?.modules ?? []
    })
  )
}

async function waitForModule(requests, module, timeout = 5000) {
  const deadline = Date.now() + timeout
  while (!modulesRequested(requests).has(module)) {
    if (Date.now() > deadline) throw new Error(`${module} was not loaded within ${timeout} ms`)
    await new Promise(resolve => setTimeout(resolve, 50))
  }
}

test('script tag: a bare page discovers wallets at idle but loads the connection code only once the wallet list shows', async () => {
  const { context, page, problems, requests } = await openPage(pages.browser)
  try {
    await page.goto(`${pages.server.url}/examples/script-tag/`)
    // Discovery and the first view arrive when the page is idle (issue 9) ...
    await waitForModule(requests, 'src/stores/connect/connectors.ts')
    await waitForModule(requests, 'src/elements/views/connect/w3m-connect-view.ts')
    await page.waitForTimeout(500)
    // ... but nothing a visitor without a stored connection needs only after choosing a wallet.
    const connectionCode = [
      'src/stores/connect/connection.ts',
      'src/stores/connect/reconnect.ts',
      'src/stores/connect/walletconnect-session.ts',
      'src/connectors/walletconnect/controller.ts',
      'src/stores/account/account-details.ts'
    ]
    const early = modulesRequested(requests)
    assert.deepEqual(
      connectionCode.filter(module => early.has(module)),
      [],
      'connection code loaded before the wallet list showed'
    )

    await page.locator('appkit-button [data-testid="connect-button"]').click()
    await waitForView(page, 'w3m-connect-view')
    // The list shows WalletConnect before its code is here, and the code follows while the visitor reads.
    await page.locator('w3m-connect-view [data-testid="connector-walletConnect"]').waitFor({ timeout: 5000 })
    await waitForModule(requests, 'src/stores/connect/connection.ts')
    assert.deepEqual(problems, [])
  } finally {
    await context.close()
  }
})

test('script tag: the first view paints before the click starts loading the connection code or the project start', async () => {
  const { context, page, problems, requests } = await openPage(pages.browser)
  const started = []
  page.on('request', request => started.push(request))
  // In the page: the wall time of the first animation frame after the click in which the view shows.
  await page.addInitScript(() => {
    window.addEventListener(
      'click',
      () => {
        const poll = () => {
          const router = document.querySelector('w3m-modal')?.shadowRoot?.querySelector('w3m-router')
          const view = router?.shadowRoot?.querySelector('.view > *')
          if (view?.shadowRoot?.childElementCount) window.__firstViewAt = performance.timeOrigin + performance.now()
          else requestAnimationFrame(poll)
        }
        requestAnimationFrame(poll)
      },
      { capture: true, once: true }
    )
  })
  try {
    await page.goto(`${pages.server.url}/examples/script-tag/`)
    await waitForModule(requests, 'src/elements/views/connect/w3m-connect-view.ts')
    await page.waitForTimeout(500)
    await page.locator('appkit-button [data-testid="connect-button"]').click()
    await waitForModule(requests, 'src/stores/connect/connection.ts')
    await waitForModule(requests, 'src/stores/project-start.ts')
    const firstViewAt = await page.evaluate(() => window.__firstViewAt)
    assert.equal(typeof firstViewAt, 'number', 'the first view showed')
    const graph = readChunkGraph()
    // When the request for the chunk holding `module` started (wall time, ms): Playwright fills a
    // request's timing in once its response is in, and reports -1 until then.
    const startOf = async module => {
      const request = started.find(item =>
        graph.get(new URL(item.url()).pathname.replace(/^.*\/dist\//, ''))?.modules.includes(module)
      )
      assert.ok(request, `a request for the chunk holding ${module}`)
      await request.response()
      const { startTime } = request.timing()
      assert.ok(startTime > 0, `the start time of ${request.url()}`)
      return startTime
    }
    for (const module of ['src/stores/connect/connection.ts', 'src/stores/project-start.ts']) {
      const at = await startOf(module)
      assert.ok(
        at > firstViewAt,
        `${module} was requested ${(firstViewAt - at).toFixed(1)} ms before the first view showed`
      )
    }
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

test('classic script: the file opens the modal, the Connect view loads from dist/classic/ beside it, sharing its stores', async () => {
  const { context, page, problems, requests } = await openPage(pages.browser)
  try {
    await page.goto(`${pages.server.url}/examples/classic/`)
    const connectButton = page.locator('appkit-button [data-testid="connect-button"]')
    await connectButton.waitFor({ state: 'visible', timeout: 5000 })
    await connectButton.click()
    await waitForModalOpen(page)
    await waitForView(page, 'w3m-connect-view')
    const paths = requests.map(url => new URL(url).pathname)
    // Issue 35: the classic file is the shell; the views are ES chunks beside it, never the ES build's.
    assert.ok(
      paths.some(path => /^\/dist\/classic\/w3m-connect-view-[\w-]+\.js$/.test(path)),
      `the Connect view from dist/classic/: ${paths.join(' ')}`
    )
    assert.deepEqual(
      paths.filter(path => path.startsWith('/dist/chunks/') || path === '/dist/appkit-elements.js'),
      []
    )
    // One copy of the kit's state: the Networks view (a lazy chunk) lists the page's networks and
    // marks the one the page's store holds.
    await page.evaluate(() => window.appKit.open({ view: 'Networks' }))
    await waitForView(page, 'w3m-networks-view')
    const network = await page.evaluate(() => window.appKit.getCaipNetwork()?.name)
    assert.ok(network, 'the page has a network')
    await page
      .locator('w3m-networks-view wui-list-item[current]')
      .filter({ hasText: network })
      .first()
      .waitFor({ state: 'attached', timeout: 5000 })
    await page.keyboard.press('Escape')
    await waitForModalClosed(page)
    assert.equal((await deepActiveElement(page))?.testId, 'connect-button')
    assert.deepEqual(problems, [])
  } finally {
    await context.close()
  }
})

test('classic script: WalletConnect loads its SDK from dist/classic/ beside the file and pairs over a relay', async () => {
  const { startLocalRelay } = await import('../../local/walletconnect-relay/relay.ts')
  const relay = await startLocalRelay()
  const { context, page, problems, requests } = await openPage(pages.browser)
  try {
    // The WalletConnect-only example on the classic file, pointed at the local relay.
    await page.goto(`${pages.server.url}/examples/classic/walletconnect.html?relay=${encodeURIComponent(relay.url)}`)
    await page.locator('appkit-button [data-testid="connect-button"]').waitFor({ state: 'visible', timeout: 5000 })
    const isSdk = url => /\/dist\/classic\/sign-client-[\w-]+\.js$/.test(url)
    assert.deepEqual(requests.filter(isSdk), [], 'the SDK loads on use only')
    await page.evaluate(() => window.appKit.open({ view: 'ConnectingWalletConnectBasic' }))
    assert.match(
      await waitForPairingUri(page, 'w3m-connecting-wallet-connect-basic-view', problems),
      /^wc:[0-9a-f]{64}@2\?/
    )
    assert.equal(requests.filter(isSdk).length, 1, 'the SDK, once')
    // The QR code is drawn with the encoder the classic file loads from beside itself.
    await page
      .locator('w3m-connecting-wallet-connect-basic-view wui-qr-code svg[part="code"]')
      .waitFor({ state: 'attached', timeout: 5000 })
    assert.equal(requests.filter(url => /\/dist\/classic\/qr-library-[\w-]+\.js$/.test(url)).length, 1)
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

test('classic script: a language loads its texts from dist/classic/ beside the file, English none', async () => {
  const { context, page, problems, requests } = await openPage(pages.browser)
  try {
    await page.goto(`${pages.server.url}/examples/classic/`)
    const connectButton = page.locator('appkit-button [data-testid="connect-button"]')
    await connectButton.waitFor({ state: 'visible', timeout: 5000 })
    // The files that hold the Arabic texts and the message catalog, from the classic build's module list.
    const { chunks } = JSON.parse(
      readFileSync(new URL('../../dist/.vite/appkit-elements.classic.modules.json', import.meta.url), 'utf8')
    )
    const fileOf = module => `/dist/${chunks.find(chunk => chunk.modules.includes(module))?.fileName}`
    const arabic = fileOf('src/i18n/locales/ar.ts')
    const catalog = fileOf('src/i18n/catalog.ts')
    assert.match(arabic, /^\/dist\/classic\//)
    assert.match(catalog, /^\/dist\/classic\//)
    const texts = () => requests.map(url => new URL(url).pathname).filter(path => path === arabic || path === catalog)
    assert.deepEqual(texts(), [], 'English needs no file')
    await page.evaluate(() => window.appKit.setLocale('ar'))
    assert.equal((await connectButton.textContent())?.trim(), 'ربط المحفظة')
    await connectButton.click()
    await waitForModalOpen(page)
    assert.equal(await page.locator('w3m-modal dialog').getAttribute('dir'), 'rtl')
    // Overrides are checked against the message catalog, which also comes from beside the file.
    await page.evaluate(() => window.appKit.setMessages({ 'connect.title': 'ادخل' }))
    assert.deepEqual(texts(), [arabic, catalog])
    assert.deepEqual(problems, [])
  } finally {
    await context.close()
  }
})
