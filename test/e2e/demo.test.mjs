// End to end: the demo app (apps/demo/, React 19 on the kit's public API, built with Vite). Builds it
// itself into a temporary directory (from the repository's source: no `npm run build` needed),
// serves it from a small node:http server on 127.0.0.1 under a Content-Security-Policy with no
// inline script or style, and opens it in Chromium. No chain, runtime or backend is started: the
// page must load, announce its test wallets and show the kit without them.
import assert from 'node:assert/strict'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, test } from 'node:test'
import { ROOT, launchChromium } from './helpers.mjs'
import { buildDemo, serveDemo } from './demo-site.mjs'

/** The view names, read from the kit's source (VIEW_NAMES in src/config/views.ts). */
function viewNames() {
  const source = readFileSync(join(ROOT, 'src/config/views.ts'), 'utf8')
  const list = /export const VIEW_NAMES = \[([^\]]*)\]/.exec(source)?.[1]
  assert.ok(list, 'VIEW_NAMES not found in src/config/views.ts')
  return [...list.matchAll(/'([A-Za-z]+)'/g)].map(match => match[1])
}

let outDir
let server
let browser

before(async () => {
  outDir = mkdtempSync(join(tmpdir(), 'appkit-demo-'))
  const ms = buildDemo(outDir)
  console.log(`demo built in ${Math.round(ms)} ms`)
  server = await serveDemo(outDir)
  browser = await launchChromium()
})

after(async () => {
  await browser?.close()
  await server?.close()
  if (outDir) rmSync(outDir, { recursive: true, force: true })
})

/**
 * A page that records, from before any page script runs: every `eip6963:announceProvider`
 * (info only), every Wallet Standard registration (the wallet's name), uncaught errors and CSP
 * violations.
 */
async function openDemo() {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  const page = await context.newPage()
  const problems = []
  page.on('pageerror', error => problems.push(`uncaught: ${error.message}`))
  await context.exposeBinding('__reportCspViolation', (_source, text) => problems.push(`CSP violation: ${text}`))
  await context.addInitScript(() => {
    const seen = { announced: [], registered: [] }
    Object.defineProperty(window, '__seen', { value: seen })
    window.addEventListener('eip6963:announceProvider', event => {
      const { info } = event.detail
      seen.announced.push({ name: info.name, rdns: info.rdns, uuid: info.uuid, icon: info.icon.slice(0, 26) })
    })
    window.addEventListener('wallet-standard:register-wallet', event => {
      event.detail({ register: wallet => seen.registered.push(wallet.name) })
    })
    document.addEventListener('securitypolicyviolation', event => {
      globalThis.__reportCspViolation?.(`${event.violatedDirective} blocked ${event.blockedURI || '(inline)'}`)
    })
  })
  await page.goto(`${server.url}/`)
  return { context, page, problems }
}

const text = (page, testId) => page.getByTestId(testId).textContent()

test('demo: the Dev Wallet is announced over EIP-6963, the Solana and Bitcoin wallets register, the AppKitButton renders', async () => {
  const { context, page, problems } = await openDemo()
  try {
    const connect = page.locator('appkit-button [data-testid="connect-button"]')
    await connect.waitFor({ state: 'visible', timeout: 10_000 })
    await page.locator('appkit-network-button [data-testid="network-button"]').waitFor({ state: 'visible' })
    const seen = await page.evaluate(() => window.__seen)
    const dev = seen.announced.find(info => info.rdns === 'dev.appkit.wallet')
    assert.ok(dev, `no eip6963:announceProvider with rdns dev.appkit.wallet: ${JSON.stringify(seen.announced)}`)
    assert.equal(dev.name, 'AppKit Dev Wallet')
    assert.equal(dev.icon, 'data:image/svg+xml;base64,')
    assert.deepEqual([...seen.registered].sort(), ['AppKit Bitcoin Test Wallet', 'AppKit Solana Test Wallet'])
    assert.deepEqual(problems, [])
  } finally {
    await context.close()
  }
})

test('demo: the hook panels follow the kit live, and the theme switch changes the mode', async () => {
  const { context, page, problems } = await openDemo()
  try {
    await page.getByTestId('panel-account').waitFor({ state: 'visible', timeout: 10_000 })
    assert.equal(await text(page, 'account-is-connected'), 'false')
    assert.equal(await text(page, 'account-status'), 'disconnected')
    assert.equal(await text(page, 'network-caip-id'), 'eip155:31337')
    assert.equal(await text(page, 'state-selected-network-id'), 'eip155:31337')
    assert.equal(await text(page, 'state-open'), 'false')

    await page.getByTestId('switch-network-eip155:31338').click()
    await page.waitForFunction(
      () => document.querySelector('[data-testid="network-caip-id"]')?.textContent === 'eip155:31338'
    )
    assert.equal(await text(page, 'state-selected-network-id'), 'eip155:31338')
    assert.equal(await text(page, 'network-chain-id'), '31338')
    await page.getByTestId('switch-network-solana:CmpNeggWJ4JaWJeJ8YKN1Zypmk7uvQq3').click()
    await page.waitForFunction(
      () => document.querySelector('[data-testid="state-active-chain"]')?.textContent === 'solana'
    )

    const before = await text(page, 'theme-mode')
    const flipped = before === 'dark' ? 'light' : 'dark'
    await page.getByTestId('theme-switch').click()
    await page.waitForFunction(
      mode => document.querySelector('[data-testid="theme-mode"]')?.textContent === mode,
      flipped
    )
    assert.equal(await page.locator('w3m-modal').getAttribute('data-theme'), flipped)
    assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), flipped)
    assert.deepEqual(problems, [])
  } finally {
    await context.close()
  }
})

test('demo: a button per public view opens the modal on it (useAppKitState follows), Escape closes it', async () => {
  const { context, page, problems } = await openDemo()
  try {
    const views = viewNames()
    assert.equal(views.length, 27)
    const buttons = await page
      .locator('[data-testid^="open-view-"]')
      .evaluateAll(nodes => nodes.map(node => node.dataset.testid))
    assert.deepEqual(
      buttons,
      views.map(view => `open-view-${view}`)
    )
    for (const view of views) {
      await page.getByTestId(`open-view-${view}`).click()
      await page.waitForFunction(
        () => document.querySelector('w3m-modal')?.shadowRoot?.querySelector('dialog')?.open === true,
        null,
        { timeout: 10_000 }
      )
      await page.waitForFunction(() => document.querySelector('[data-testid="state-open"]')?.textContent === 'true')
      // The router shows a view element.
      await page.waitForFunction(
        () =>
          (document.querySelector('w3m-modal')?.shadowRoot?.querySelector('w3m-router')?.shadowRoot?.children.length ??
            0) > 0,
        null,
        { timeout: 10_000 }
      )
      await page.keyboard.press('Escape')
      await page.waitForFunction(
        () => document.querySelector('w3m-modal')?.shadowRoot?.querySelector('dialog')?.open === false,
        null,
        { timeout: 10_000 }
      )
      await page.waitForFunction(() => document.querySelector('[data-testid="state-open"]')?.textContent === 'false')
    }
    assert.deepEqual(problems, [])
  } finally {
    await context.close()
  }
})

test('demo: the Dev Wallet asks in its own panel, above the kit modal, and the demo shows the result', async () => {
  const { context, page, problems } = await openDemo()
  try {
    await page.getByTestId('dev-wallet-connected').waitFor({ state: 'visible', timeout: 10_000 })
    assert.equal(await text(page, 'dev-wallet-connected'), 'false')
    // The kit's modal is open (a modal <dialog>); the wallet's panel opens above it and takes the click.
    await page.getByTestId('open-view-Connect').click()
    await page.waitForFunction(
      () => document.querySelector('w3m-modal')?.shadowRoot?.querySelector('dialog')?.open === true
    )
    const pending = page.evaluate(() => window.testWallets.dev.provider.request({ method: 'eth_requestAccounts' }))
    await page.getByTestId('dev-wallet-approve').click()
    assert.deepEqual(await pending, [await text(page, 'dev-wallet-address')])
    await page.waitForFunction(
      () => document.querySelector('[data-testid="dev-wallet-connected"]')?.textContent === 'true'
    )
    assert.deepEqual(problems, [])
  } finally {
    await context.close()
  }
})
