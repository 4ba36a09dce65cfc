// Element and store tests in headless Chromium (see docs/testing.md), on React 19.
// `REACT_VERSION=18 npx web-test-runner` runs the React layer's tests (test/browser/react/) again on
// React 18 (the react-18 and react-dom-18 npm aliases): see tools/wtr-react.mjs.
import { esbuildPlugin } from '@web/dev-server-esbuild'
import { playwrightLauncher } from '@web/test-runner-playwright'
import { CHROMIUM_ARGS, ensureChromium } from './tools/chromium.mjs'
import { faultBackend } from './test/browser/fault-backend.mjs'
import { doubleSession } from './test/browser/email/double-session.mjs'
import { appRpc } from './test/browser/frame-page/app-rpc.mjs'
import { reactPlugin, reactVersionFromEnv } from './tools/wtr-react.mjs'
import { prebundlePlugin } from './test/browser/prebundle.mjs'
import { clearTimeZone, timeZonePlugin } from './test/browser/time-zone-command.mjs'
import { frameSelectorPlugin } from './test/browser/frame-selector-command.mjs'

const executablePath = ensureChromium()
const reactVersion = reactVersionFromEnv()

/**
 * Serves the listed UMD/CommonJS files as ES modules with a default export (`import jsQR from 'jsqr'`):
 * the dev server resolves bare imports but converts no CommonJS. Only test-only packages that ship
 * no ES module build belong here (jsqr decodes the rendered QR codes).
 */
function commonJsAsDefaultExport(files) {
  return {
    name: 'commonjs-as-default-export',
    transform(context) {
      if (!files.some(file => context.path.endsWith(file))) return undefined
      const body = `const module = { exports: {} };\nconst exports = module.exports;\n${context.body}\nexport default module.exports;\n`
      return { body, transformCache: true }
    }
  }
}

/**
 * The files that take longest start first (the rest follow in path order), so that no long file
 * starts last and runs alone at the end while the other tab waits: the sweep over 4096 accents
 * takes as long as ten ordinary files.
 */
const LONGEST_FIRST = [
  'test/browser/theme/accent-contrast.test.ts',
  'test/browser/frame-page/approval.test.ts',
  'test/browser/farcaster/farcaster-login.test.ts',
  'test/browser/frame-page/frame-page.test.ts',
  'test/browser/account/account-tokens.test.ts',
  'test/browser/frame-page/app.test.ts'
]

/**
 * One browser context per concurrent slot, kept from file to file instead of a fresh one for each:
 * a fresh context starts with an empty HTTP cache and no compiled code, so each of the ~100 files
 * fetched and compiled its 50 to 300 modules again (about 4 s per file on a 2-core machine). WTR
 * closes a file's context when the file ends: here that closes the pages the file opened and puts
 * the context back in the pool, its cookies cleared; the test page empties the origin's storage
 * before anything runs (testRunnerHtml), so a file starts as it would in a new context, and two
 * files that run at once never share one.
 *
 * The context's test page is kept too (WTR has taken it to about:blank when a file ends): a new
 * page is a new renderer process, 0.3 s a file on a quiet machine. What a file may have changed on
 * the page itself is set back before the next one: the emulated media (the emulateMedia command)
 * to the context's defaults, the mouse (sendMouse) to the corner with its button up, the time zone
 * (emulate-time-zone) to the machine's. The viewport
 * WTR sets for each file itself.
 */
function pooledContexts() {
  const idle = []
  const kept = new WeakMap()
  async function createBrowserContext({ browser }) {
    const reused = idle.pop()
    if (reused) return reused
    const context = await browser.newContext()
    context.close = async () => {
      const page = kept.get(context)
      await Promise.all(context.pages().map(other => (other === page ? undefined : other.close())))
      await context.clearCookies()
      idle.push(context)
    }
    return context
  }
  async function createPage({ context }) {
    const page = kept.get(context)
    if (page && !page.isClosed()) {
      await page.emulateMedia({
        media: null,
        colorScheme: 'light',
        reducedMotion: 'no-preference',
        forcedColors: 'none',
        contrast: 'no-preference'
      })
      await page.mouse.up()
      await page.mouse.move(0, 0)
      await clearTimeZone(page)
      return page
    }
    const fresh = await context.newPage()
    kept.set(context, fresh)
    return fresh
  }
  return { createBrowserContext, createPage }
}

const pool = pooledContexts()

export default {
  files: reactVersion === '19' ? [...LONGEST_FIRST, 'test/browser/**/*.test.ts'] : ['test/browser/react/**/*.test.ts'],
  nodeResolve: true,
  // The project calls with injected faults (alerts, analytics): see test/browser/fault-backend.mjs.
  // The embedded-wallet double's login between frames: see test/browser/email/double-session.mjs.
  // The app's own RPC node the wallet frame calls itself: see test/browser/frame-page/app-rpc.mjs.
  middleware: [faultBackend, doubleSession, appRpc],
  rootDir: '.',
  concurrency: 2,
  staticLogging: Boolean(process.env.CI) || !process.stdout.isTTY,
  filterBrowserLogs: ({ args }) => !String(args[0]).includes('Lit is in dev mode'),
  // A test's own bound, above the waits' (test/browser/wait.ts): on a 2-core machine shared with
  // other test layers a passing test took more than 10 s. It costs nothing when tests pass.
  testFramework: { config: { timeout: 30_000 } },
  // Room for a loaded 2-core CI machine: a file's tests together, and Chromium's start.
  testsFinishTimeout: 600_000,
  browserStartTimeout: 60_000,
  plugins: [
    // viem, zod and their dependencies as a few bundled modules instead of some 500 files per page.
    prebundlePlugin(),
    esbuildPlugin({ ts: true, target: 'es2022', tsconfig: './tsconfig.json' }),
    reactPlugin(reactVersion),
    commonJsAsDefaultExport(['/node_modules/jsqr/dist/jsQR.js']),
    // Chromium's time zone override for a test file's page: see test/browser/time-zone-command.mjs.
    timeZonePlugin(),
    // Waits for an element inside a cross-origin frame: see test/browser/frame-selector-command.mjs.
    frameSelectorPlugin()
  ],
  browsers: [
    playwrightLauncher({
      product: 'chromium',
      launchOptions: { executablePath, headless: true, args: CHROMIUM_ARGS },
      createBrowserContext: pool.createBrowserContext,
      createPage: pool.createPage
    })
  ],
  testRunnerHtml: testFramework => `<!doctype html>
<html lang="en">
  <head>
    <title>appkit-elements tests</title>
    <script>localStorage.clear(); sessionStorage.clear()</script>
  </head>
  <body>
    <script>window.process = { env: { NODE_ENV: 'development', REACT_VERSION: '${reactVersion}' } }</script>
    <script type="module" src="${testFramework}"></script>
  </body>
</html>`
}
