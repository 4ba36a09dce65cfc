// The local stack for end-to-end flows (test/e2e/e2e-stack.mjs: what `npm start` runs, on free
// ports of 127.0.0.1): the two local chains (hardhat, contracts deployed), the Solana runtime,
// maildev (the embedded wallet's codes, read back with `stack.mail.waitForCode(address)`), the
// reference backend with its wallet frame, the local social providers, the local Farcaster relay
// with its app page, a WalletConnect relay, and the demo built with its VITE_APPKIT_* settings
// pointed at them. Under test/e2e/run.mjs every file shares the one stack the run started (its
// description in APPKIT_E2E_STACK); a file run on its own starts a stack for itself and stops it
// by its processes' ids afterwards. Either way the file serves the built demo from its own port
// (its own origin) under the demo's Content-Security-Policy, and launches its own Chromium.
import { after, before } from 'node:test'
import { launchChromium } from './helpers.mjs'
import { serveDemo } from './demo-site.mjs'
import { mailInboxAt } from '../server/mail-inbox.ts'
import { STACK_ENV, startE2eStack } from './e2e-stack.mjs'

export { ADMIN_TOKEN, STACK_PROJECTS } from './e2e-stack.mjs'

const realFetch = globalThis.fetch

/**
 * Registers the suite's hooks that reach the stack (starting one when no run shares its own) before
 * its tests, and stop what they started after. Returns an object whose `site` (the demo's URL and
 * close), `browser`, `rpc` (a, b, solana, bitcoin URLs), `api` (the backend's URL), `frame` (the wallet
 * frame's origin), `mail` (the inbox: `webUrl`, `smtpPort`, `smtpUrl`, `waitForCode(address)`),
 * `social` (the local OpenID providers: `url`, `issuer(provider)`), `farcaster` (the local
 * Farcaster relay: `url`) and `relay` (the WalletConnect relay: `url`) are set once the hooks ran.
 */
export function useLocalStack() {
  const stack = {
    site: undefined,
    browser: undefined,
    rpc: {},
    relay: undefined,
    api: undefined,
    frame: undefined,
    mail: undefined,
    social: undefined,
    farcaster: undefined
  }
  let own
  before(async () => {
    let description
    if (process.env[STACK_ENV]) description = JSON.parse(process.env[STACK_ENV])
    else {
      own = await startE2eStack()
      description = own.description
    }
    Object.assign(stack.rpc, description.rpc)
    stack.api = description.api
    stack.frame = description.frame
    stack.mail = mailInboxAt(description.mail)
    const socialUrl = description.social.url
    stack.social = { url: socialUrl, issuer: provider => `${socialUrl}/${provider}` }
    stack.farcaster = { url: description.farcaster.url }
    stack.relay = { url: description.relay.url }
    stack.masterKey = description.masterKey
    // The wallet SDK in this process calls WalletConnect's cloud (telemetry, verify): offline, it is answered 503 at once.
    globalThis.fetch = async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input))
      if (url.hostname === '127.0.0.1') return realFetch(input, init)
      return new Response(null, { status: 503, statusText: 'offline test' })
    }
    stack.site = await serveDemo(description.demoDir)
    stack.browser = await launchChromium()
  })

  after(async () => {
    await stack.browser?.close()
    await stack.site?.close()
    globalThis.fetch = realFetch
    await own?.stop()
  })
  return stack
}
