// Shared by the end-to-end attacks on the wallet frame (issue 33, section 3; spec §7, the secure
// frame): every request the frame protocol has, each with params its schema takes (so a frame that
// took the message would act on it, not answer 'bad params'), and the pages and windows that post
// them from where the frame must not listen. Each request's id is 32 hex digits starting with
// ATTACK_ID_PREFIX, so an answer to one is found wherever it lands.
import assert from 'node:assert/strict'
import { createServer } from 'node:http'
import { FRAME_METHODS, FRAME_READY, frameError, frameRequest, frameResult } from '../../src/frame/messages.ts'

/** The ids of the attack's requests start with this (then the request's index). */
export const ATTACK_ID_PREFIX = 'a77ac4'

const ZERO = '0x0000000000000000000000000000000000000000'

/** [method, params] for every method of the protocol; rpcRequest with the calls that would sign, send or read the account. */
const EVERY_METHOD = [
  ['syncDappData', { sdkVersion: 'html-1.0.0', sdkType: 'appkit', projectId: 'appkit-local' }],
  ['syncTheme', { themeMode: 'dark' }],
  ['isConnected', {}],
  ['getUser', {}],
  ['getChainId', {}],
  ['getSmartAccountEnabledNetworks', {}],
  ['initSmartAccount', {}],
  ['setPreferredAccount', { type: 'eoa' }],
  ['switchNetwork', { chainId: 1 }],
  ['rpcRequest', { method: 'eth_accounts' }],
  ['rpcRequest', { method: 'eth_requestAccounts' }],
  ['rpcRequest', { method: 'personal_sign', params: ['0x68690a', ZERO] }],
  ['rpcRequest', { method: 'eth_sendTransaction', params: [{ from: ZERO, to: ZERO, value: '0x1' }] }],
  ['rpcRequest', { method: 'wallet_getAssets', params: [{ account: ZERO }] }],
  ['rpcRequest', { method: 'getAccounts', chainNamespace: 'solana' }],
  ['connectEmail', { email: 'attacker@example.com' }],
  ['connectDevice', { otp: '123456' }],
  ['connectOtp', { otp: '123456' }],
  ['connectSocial', { uri: 'http://127.0.0.1/?appkit_social_result=x' }],
  ['getSocialRedirectUri', { provider: 'google' }],
  ['getFarcasterUri', {}],
  ['connectFarcaster', {}],
  ['updateEmail', { newEmail: 'attacker@example.com' }],
  ['updateEmailPrimaryOtp', { otp: '123456' }],
  ['updateEmailSecondaryOtp', { otp: '123456' }],
  ['signOut', {}],
  ['reload', {}]
]

{
  const covered = new Set(EVERY_METHOD.map(([method]) => method))
  const missing = Object.keys(FRAME_METHODS).filter(method => !covered.has(method))
  assert.deepEqual(missing, [], 'the attacks post every method of the frame protocol (src/frame/messages.ts)')
}

/** Every request of the protocol, as the kit would post it, with ids starting with ATTACK_ID_PREFIX. */
export const ATTACK_REQUESTS = EVERY_METHOD.map(([method, params], index) =>
  frameRequest(method, params, `${ATTACK_ID_PREFIX}${index.toString(16).padStart(26, '0')}`)
)

/** Whether `data` (a message's data, or its JSON) names one of the attack's ids. */
export const isAttackAnswer = data =>
  (typeof data === 'string' ? data : JSON.stringify(data ?? null)).includes(ATTACK_ID_PREFIX)

/**
 * The script of a page on another origin (served as it is, no CSP): it embeds the frame once for
 * each of `hostOrigins` (named as the frame's `?hostOrigin=`) and opens it with window.open too
 * when `popup` is set; `window.loaded` counts the iframes' load events; `window.post()` posts every
 * request of ATTACK_REQUESTS to each frame and window it made (target origin '*': the browser
 * delivers it whatever document each turned out to hold). Every message it receives is in `window.got`.
 */
export function foreignPageScript(frameOrigin, hostOrigins, { popup = false, projectId = 'appkit-local' } = {}) {
  const urls = hostOrigins.map(
    host => `${frameOrigin}/?hostOrigin=${encodeURIComponent(host)}&projectId=${encodeURIComponent(projectId)}`
  )
  return `
    window.got = []
    window.loaded = 0
    addEventListener('message', event => window.got.push({ origin: event.origin, data: event.data }))
    const requests = ${JSON.stringify(ATTACK_REQUESTS)}
    const targets = []
    for (const url of ${JSON.stringify(urls)}) {
      const iframe = document.createElement('iframe')
      iframe.addEventListener('load', () => window.loaded++)
      iframe.src = url
      document.body.append(iframe)
      targets.push(iframe.contentWindow)
    }
    if (${JSON.stringify(popup)}) {
      const opened = window.open(${JSON.stringify(urls[0])}, 'wallet')
      if (opened) targets.push(opened)
    }
    window.post = () => {
      for (const target of targets) for (const request of requests) target.postMessage(request, '*')
      return targets.length
    }
  `
}

/** A whole page around foreignPageScript's script. */
export const foreignPage = (...args) =>
  `<!doctype html><html lang="en"><head><title>another page</title></head><body><script>${foreignPageScript(...args)}</script></body></html>`

/** The wallet frame the kit made in `page`. */
const WALLET_FRAME = 'iframe[data-testid="w3m-frame"]'

/** Waits until `record` (key-material.mjs's recordHostPage) saw a message naming `id`. */
async function waitForMessage(record, id, timeout = 15_000) {
  const end = Date.now() + timeout
  while (!record.messages.some(message => message.text.includes(id))) {
    assert.ok(Date.now() < end, `no message named ${id} within ${timeout} ms`)
    await new Promise(resolve => setTimeout(resolve, 50))
  }
}

/**
 * Spec §7, the right origin from the wrong window: two windows of the page's own origin that are
 * not the page (an about:blank iframe in it, an about:blank popup it opened) post every request of
 * ATTACK_REQUESTS to the kit's wallet frame in `page`, with the frame's origin as the target. Then
 * the page itself asks the frame (isConnected, as the kit would), and once that answer is back
 * (the frame reads its messages in order) and `quiet()` says no request is on its way, resolves
 * with whatever answers to the attack reached a window that is not the frame (none, when the
 * frame took only its parent's messages). Both windows are gone afterwards.
 */
export async function postFromSiblingWindows(page, frameOrigin, record, quiet) {
  const popupOpened = page.context().waitForEvent('page')
  await page.evaluate(() => {
    const sibling = document.createElement('iframe')
    sibling.name = 'appkit-attack-sibling'
    sibling.title = 'sibling'
    document.body.append(sibling)
    window.open('', 'appkit-attack-popup')
  })
  const popup = await popupOpened
  const sibling = await (await page.$('iframe[name="appkit-attack-sibling"]')).contentFrame()
  const post = ({ requests, frameOrigin, selector, from }) => {
    const host = from === 'popup' ? window.opener : window.parent
    const wallet = host.document.querySelector(selector).contentWindow
    for (const request of requests) wallet.postMessage(request, frameOrigin)
  }
  await sibling.evaluate(post, { requests: ATTACK_REQUESTS, frameOrigin, selector: WALLET_FRAME, from: 'iframe' })
  await popup.evaluate(post, { requests: ATTACK_REQUESTS, frameOrigin, selector: WALLET_FRAME, from: 'popup' })
  const sentinel = frameRequest('isConnected', {}, 'c0ffee'.padEnd(32, '0'))
  await page.evaluate(
    ({ sentinel, frameOrigin, selector }) =>
      document.querySelector(selector).contentWindow.postMessage(sentinel, frameOrigin),
    { sentinel, frameOrigin, selector: WALLET_FRAME }
  )
  await waitForMessage(record, sentinel.id)
  await quiet()
  await popup.close()
  await page.evaluate(() => document.querySelector('iframe[name="appkit-attack-sibling"]').remove())
  return record.messages.filter(message => isAttackAnswer(message.text))
}

/**
 * Spec §7, the kit's side: while the kit in `page` waits for the frame's answer to the request
 * `id`, two windows on the frame's origin that are not the kit's frame (a second frame page in an
 * iframe of the page, and one opened as a popup) post it a forged answer, `result`, then a forged
 * error and 'ready'. The kit must take none of them (the caller checks what it did with the request).
 */
export async function forgeFrameAnswers(page, frameOrigin, id, result) {
  const hostOrigin = new URL(page.url()).origin
  const url = `${frameOrigin}/?hostOrigin=${encodeURIComponent(hostOrigin)}&projectId=appkit-local`
  const popupOpened = page.context().waitForEvent('page')
  await page.evaluate(url => {
    const second = document.createElement('iframe')
    second.name = 'appkit-second-frame'
    second.title = 'second frame'
    second.src = url
    document.body.append(second)
    window.open(url, 'appkit-frame-popup')
  }, url)
  const popup = await popupOpened
  await popup.waitForLoadState('load')
  const second = await (await page.$('iframe[name="appkit-second-frame"]')).contentFrame()
  await second.waitForLoadState('load')
  assert.equal(new URL(second.url()).origin, frameOrigin, 'the second frame is on the frame’s origin')
  assert.equal(new URL(popup.url()).origin, frameOrigin, 'the popup is on the frame’s origin')
  const forged = [frameResult(id, result), frameError(id, 'forged'), FRAME_READY]
  const post = ({ forged, hostOrigin, from }) => {
    const host = from === 'popup' ? window.opener : window.parent
    for (const message of forged) host.postMessage(message, hostOrigin)
  }
  await second.evaluate(post, { forged, hostOrigin, from: 'iframe' })
  await popup.evaluate(post, { forged, hostOrigin, from: 'popup' })
  await popup.close()
}

/** The id of the last request the frame was asked whose JSON includes `needle` (from recordHostPage's frameMessages). */
export function lastFrameRequestId(record, needle) {
  const asked = record.frameMessages.filter(message => message.text.includes(needle)).at(-1)
  assert.ok(asked, `the frame was asked ${needle}`)
  return JSON.parse(asked.text).id
}

/**
 * A real server for an attacker's page on `hostname` (a free port): Chromium keeps a page Playwright
 * makes up (page.route) from framing 127.0.0.1 at all, which would prove nothing about the frame's
 * own protections. Resolves to { origin, serve(html), close() }.
 */
export async function attackerServer(hostname) {
  let html = ''
  const server = createServer((_request, response) =>
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(html)
  )
  await new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, hostname, resolve)
  })
  return {
    origin: `http://${hostname}:${server.address().port}`,
    serve: page => (html = page),
    close: () =>
      new Promise(resolve => {
        server.close(resolve)
        server.closeAllConnections()
      })
  }
}

/**
 * The page another origin of this host serves (the local project allows http://127.0.0.1:* and
 * http://localhost:*): it embeds the wallet frame naming `hostOrigin` (its own, or forged), opens
 * it with window.open too when `popup` is set, sends the kit's own requests to every frame it made
 * once the frame says ready (or after 3 s), and records every message it receives in `window.got`.
 */
export function attackerPage(frameOrigin, hostOrigin, { popup = false } = {}) {
  const frameUrl = `${frameOrigin}/?hostOrigin=${encodeURIComponent(hostOrigin)}&projectId=appkit-local`
  const script = `
    window.got = []
    const targets = []
    const request = (id, method, params) => ({ channel: 'appkit-frame', version: 1, kind: 'request', id, method, params })
    const ask = () => {
      for (const target of targets) {
        target.postMessage(request('a'.repeat(32), 'getUser', {}), ${JSON.stringify(frameOrigin)})
        target.postMessage(request('b'.repeat(32), 'rpcRequest', { method: 'eth_accounts' }), ${JSON.stringify(frameOrigin)})
        target.postMessage(request('c'.repeat(32), 'rpcRequest', { method: 'eth_requestAccounts' }), ${JSON.stringify(frameOrigin)})
        target.postMessage(request('d'.repeat(32), 'rpcRequest', { method: 'personal_sign', params: ['0x68690a', '0x0000000000000000000000000000000000000000'] }), ${JSON.stringify(frameOrigin)})
      }
    }
    let asked = false
    addEventListener('message', event => {
      window.got.push({ origin: event.origin, data: event.data })
      if (!asked && event.data && event.data.kind === 'event' && event.data.event === 'ready') { asked = true; ask() }
    })
    const iframe = document.createElement('iframe')
    iframe.src = ${JSON.stringify(frameUrl)}
    document.body.append(iframe)
    targets.push(iframe.contentWindow)
    ${popup ? `const opened = window.open(${JSON.stringify(frameUrl)}, 'wallet'); if (opened) targets.push(opened)` : ''}
    setTimeout(() => { if (!asked) { asked = true; ask() } }, 3000)
  `
  return `<!doctype html><html lang="en"><head><title>another page</title></head><body><script>${script}</script></body></html>`
}
