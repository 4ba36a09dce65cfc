// The wallet frame page (service/frame/app.ts) in a real iframe on another origin (127.0.0.1; the test page
// is on localhost), driven by the kit's own channel (src/frame/frame-channel.ts): it serves an
// allowed host (e-mail login, user, RPC policy), stays silent to a host its project does not allow,
// and signs only when the visitor approves inside the frame: the host cannot make it answer, a
// keyboard Approve gives a signature viem verifies, Escape rejects.
import { expect } from '@open-wc/testing'
import { executeServerCommand, sendKeys, sendMouse } from '@web/test-runner-commands'
import { verifyMessage, type Hex } from 'viem'
import { FrameChannel, type FrameProblem } from '../../../src/frame/frame-channel.js'
import { frameRequest } from '../../../src/frame/messages.js'
import { RPC_NOT_ALLOWED, RPC_USER_REJECTED } from '../../../src/frame/rpc-methods.js'
import { utf8ToHex } from '../../../src/utils/base58.js'
import { rejection } from '../rejection.js'
import { LOGIN_CODE } from './fake-backend.js'

const FRAME_ORIGIN = `http://127.0.0.1:${location.port}`
/** The fixture's arm delay (fixture/frame.ts: armDelayMs): Approve counts only this long after the approval showed. */
const FIXTURE_ARM_DELAY_MS = 100

/**
 * Until the frame draws the approval (its heading visible inside the cross-origin frame), then the
 * fixture's arm delay: counted from when it was seen, so at least that long after it showed.
 */
async function approvalShown(): Promise<void> {
  await executeServerCommand('wait-for-frame-selector', {
    url: '/test/browser/frame-page/fixture/frame.html',
    selector: '#approval-heading'
  })
  await new Promise(resolve => setTimeout(resolve, FIXTURE_ARM_DELAY_MS))
}

interface Opened {
  channel: FrameChannel
  iframe: HTMLIFrameElement
  problems: FrameProblem[]
}

const opened: Opened[] = []

function openFrame(query: Record<string, string> = {}, load = 20_000): Opened {
  const iframe = document.createElement('iframe')
  const search = new URLSearchParams({ hostOrigin: location.origin, projectId: 'demo', ...query })
  iframe.src = `${FRAME_ORIGIN}/test/browser/frame-page/fixture/frame.html?${search}`
  iframe.title = 'Secure wallet'
  iframe.style.width = '360px'
  iframe.style.height = '420px'
  const problems: FrameProblem[] = []
  const channel = new FrameChannel({
    frameOrigin: FRAME_ORIGIN,
    target: () => iframe.contentWindow,
    onProblem: problem => problems.push(problem),
    timeouts: { readyDelay: 0, load }
  })
  document.body.append(iframe)
  const entry = { channel, iframe, problems }
  opened.push(entry)
  return entry
}

async function loggedIn(): Promise<Opened & { address: Hex }> {
  const frame = openFrame()
  await frame.channel.whenReady()
  expect(await frame.channel.request('connectEmail', { email: 'visitor@example.com' })).to.deep.equal({
    action: 'VERIFY_OTP'
  })
  expect(await frame.channel.request('connectOtp', { otp: LOGIN_CODE })).to.deep.equal({})
  const user = await frame.channel.request('getUser', {})
  return { ...frame, address: user.address as Hex }
}

/** A click on the frame's neutral area: the frame's document gets focus, as a visitor's click gives it. */
async function focusFrame(iframe: HTMLIFrameElement): Promise<void> {
  const box = iframe.getBoundingClientRect()
  await sendMouse({ type: 'click', position: [Math.round(box.x + box.width / 2), Math.round(box.y + 20)] })
}

describe('the wallet frame page on its own origin', () => {
  afterEach(() => {
    for (const { channel, iframe } of opened.splice(0)) {
      channel.close()
      iframe.remove()
    }
  })

  it('serves an allowed host: e-mail login, the user, local and refused RPC', async () => {
    const frame = await loggedIn()
    expect(frame.address).to.match(/^0x[0-9a-fA-F]{40}$/)
    const user = await frame.channel.request('getUser', {})
    expect(user).to.include({ email: 'visitor@example.com', chainId: 31337 })
    expect(await frame.channel.request('isConnected', {})).to.deep.equal({ isConnected: true })
    expect(await frame.channel.request('rpcRequest', { method: 'eth_chainId' })).to.equal('0x7a69')
    expect(await frame.channel.request('rpcRequest', { method: 'eth_accounts', params: [] })).to.deep.equal([
      frame.address
    ])
    const refused = await rejection(frame.channel.request('rpcRequest', { method: 'eth_sign', params: [] }))
    expect(refused?.message).to.equal(RPC_NOT_ALLOWED)
    // The fake backend runs no smart account: the frame says so (the real one: test/server/frame-smart-wallet.test.ts).
    const absent = await rejection(frame.channel.request('initSmartAccount', {}))
    expect(absent?.message).to.equal('The smart account is not available on chain 31337')
  })

  it('says nothing to a host its project does not allow', async () => {
    const frame = openFrame({ allow: 'https://shop.example' }, 1500)
    expect(await rejection(frame.channel.whenReady())).to.be.instanceOf(Error)
    expect(frame.problems).to.deep.equal(['iframe_load_failed'])
  })

  it('signs only once the visitor approves in the frame: a keyboard Approve gives a verifiable signature', async () => {
    const frame = await loggedIn()
    await focusFrame(frame.iframe)
    const text = 'Sign in to Demo shop'
    let answered = false
    const signing = frame.channel
      .request('rpcRequest', { method: 'personal_sign', params: [utf8ToHex(text), frame.address] })
      .finally(() => (answered = true))
    // Whatever the host posts cannot approve: the request stays pending.
    const forged = frameRequest('rpcRequest', { method: 'personal_sign', params: ['approve'] })
    frame.iframe.contentWindow!.postMessage({ ...forged, method: 'approve' }, FRAME_ORIGIN)
    frame.iframe.contentWindow!.postMessage({ type: 'approve', approved: true }, FRAME_ORIGIN)
    await approvalShown()
    expect(answered).to.equal(false)
    // Reject has focus first; Tab reaches Approve.
    await sendKeys({ press: 'Tab' })
    await sendKeys({ press: 'Enter' })
    const signature = (await signing) as Hex
    expect(await verifyMessage({ address: frame.address, message: text, signature })).to.equal(true)
  })

  it('answers “User rejected the request” when the visitor presses Escape in the frame', async () => {
    const frame = await loggedIn()
    await focusFrame(frame.iframe)
    const signing = rejection(
      frame.channel.request('rpcRequest', { method: 'personal_sign', params: [utf8ToHex('hi'), frame.address] })
    )
    await approvalShown()
    await sendKeys({ press: 'Escape' })
    expect((await signing)?.message).to.equal(RPC_USER_REJECTED)
  })
})
