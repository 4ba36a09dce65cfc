// The page's side of the secure frame's channel against a real frame on another origin: the test
// page is on localhost, the frame on 127.0.0.1 (the same test server), so the browser enforces the
// origin rules both ways. Requests and their paired results, schema checks both ways, errors with
// the frame's message or 'An error occurred', the 30 s timeout aborting everything ('Something
// went wrong', 'Request was aborted' for RPC) and reporting iframe_request_timeout, the 20 s load
// timeout reporting iframe_load_failed, sign-out's 3 s wait, the ready and initialised states, and
// messages from anything but the frame dropped.
import { expect } from '@open-wc/testing'
import {
  FRAME_ABORTED,
  FRAME_ERROR_DEFAULT,
  FRAME_NOT_SET,
  FRAME_RPC_ABORTED,
  FrameChannel,
  FrameError,
  type FrameProblem,
  type FrameState
} from '../../../src/frame/frame-channel.js'
import { FRAME_READY } from '../../../src/frame/messages.js'
import { rejection } from '../rejection.js'
import { until } from '../wait.js'

/** What `promise` rejected with; fails when it resolved. */
async function failure(promise: Promise<unknown>): Promise<Error> {
  const error = await rejection(promise)
  if (!error) throw new Error('expected the request to fail')
  return error
}

const FRAME_ORIGIN = `http://127.0.0.1:${location.port}`

interface Opened {
  channel: FrameChannel
  iframe: HTMLIFrameElement
  problems: FrameProblem[]
  states: FrameState[]
}

function openFrame(
  query: Record<string, string> = {},
  timeouts: ConstructorParameters<typeof FrameChannel>[0]['timeouts'] = {}
): Opened {
  const iframe = document.createElement('iframe')
  const search = new URLSearchParams({ hostOrigin: location.origin, ...query })
  iframe.src = `${FRAME_ORIGIN}/test/browser/frame/fixture/frame.html?${search}`
  iframe.title = 'wallet frame'
  const problems: FrameProblem[] = []
  const states: FrameState[] = []
  const channel = new FrameChannel({
    frameOrigin: FRAME_ORIGIN,
    target: () => iframe.contentWindow,
    onProblem: problem => problems.push(problem),
    onStateChange: state => states.push(state),
    timeouts: { readyDelay: 50, ...timeouts }
  })
  document.body.append(iframe)
  opened.push({ channel, iframe, problems, states })
  return { channel, iframe, problems, states }
}

const opened: Opened[] = []

describe('the frame channel (page side) with a real frame on another origin', () => {
  afterEach(() => {
    for (const { channel, iframe } of opened.splice(0)) {
      channel.close()
      iframe.remove()
    }
  })

  it('is not ready, then ready on the frame’s ready event, then initialised after the delay', async () => {
    const { channel, states } = openFrame()
    expect(channel.state).to.equal('not-ready')
    await channel.whenReady()
    expect(channel.state).to.equal('ready')
    expect(states).to.deep.equal(['ready'])
    // The delay's value, a millisecond before and at it, is checked on a fake clock in
    // frame-timeouts.test.ts; here the real frame's channel gets there.
    await until(() => states.length === 2, 'the initialised state')
    expect(states).to.deep.equal(['ready', 'initialized'])
  })

  it('pairs each request with its result, checked against the method’s schema', async () => {
    const { channel } = openFrame()
    const [first, second, connected] = await Promise.all([
      channel.request('connectEmail', { email: 'visitor@example.com' }),
      channel.request('connectEmail', { email: 'new@example.com' }),
      channel.request('isConnected', {})
    ])
    expect(first).to.deep.equal({ action: 'VERIFY_OTP' })
    expect(second).to.deep.equal({ action: 'VERIFY_DEVICE' })
    expect(connected).to.deep.equal({ isConnected: true })
    expect((await channel.request('getUser', {})).address).to.equal('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
  })

  it('a result out of its schema is refused, naming the method', async () => {
    const { channel } = openFrame()
    const error = await failure(channel.request('getChainId', {}))
    expect(error.message).to.contain('getChainId')
  })

  it('the frame’s error carries its message, or “An error occurred” when it has none', async () => {
    const { channel } = openFrame()
    const wrong = await failure(channel.request('connectOtp', { otp: '000000' }))
    expect(wrong).to.be.instanceOf(FrameError)
    expect(wrong.message).to.equal('Invalid code')
    expect((await failure(channel.request('reload', {}))).message).to.equal(FRAME_ERROR_DEFAULT)
  })

  it('params out of their schema are answered with an error naming them (the frame checks too)', async () => {
    const { channel } = openFrame()
    const error = await failure(channel.request('connectEmail', { email: 'not an e-mail' }))
    expect(error.message).to.contain('connectEmail').and.to.contain('e-mail')
  })

  it('a timeout aborts every pending request and reports iframe_request_timeout', async () => {
    const { channel, problems } = openFrame({}, { request: 200 })
    await channel.whenReady()
    const device = channel.request('connectDevice', { otp: '123456' })
    const rpc = channel.request('rpcRequest', { method: 'personal_sign', params: ['0x00', '0x01'] })
    expect((await failure(device)).message).to.equal(FRAME_ABORTED)
    expect((await failure(rpc)).message).to.equal(FRAME_RPC_ABORTED)
    expect(problems).to.deep.equal(['iframe_request_timeout'])
  })

  it('sign-out waits at most its 3 s (here shortened), then counts as done', async () => {
    const { channel } = openFrame({}, { signOut: 150 })
    expect(await channel.request('signOut', {})).to.deep.equal({})
  })

  it('a frame that never says ready: the load timeout reports iframe_load_failed and rejects', async () => {
    const { channel, problems } = openFrame({ mode: 'silent' }, { load: 300 })
    const error = await failure(channel.request('isConnected', {}))
    expect(error.message).to.equal(FRAME_ABORTED)
    expect(problems).to.deep.equal(['iframe_load_failed'])
  })

  it('after a load failure the next request loads the frame again, under a new load timeout; it goes through once the frame says ready', async () => {
    const iframe = document.createElement('iframe')
    const address = (mode: string) =>
      `${FRAME_ORIGIN}/test/browser/frame/fixture/frame.html?${new URLSearchParams({ hostOrigin: location.origin, mode })}`
    iframe.src = address('silent')
    iframe.title = 'wallet frame'
    const problems: FrameProblem[] = []
    // The first reload finds the frame silent still; the second, answering.
    const reloads = ['silent', 'answering']
    const channel = new FrameChannel({
      frameOrigin: FRAME_ORIGIN,
      target: () => iframe.contentWindow,
      onProblem: problem => problems.push(problem),
      reload: () => (iframe.src = address(reloads.shift() ?? 'answering')),
      timeouts: { load: 300, readyDelay: 50 }
    })
    document.body.append(iframe)
    opened.push({ channel, iframe, problems, states: [] })
    expect((await failure(channel.request('isConnected', {}))).message).to.equal(FRAME_ABORTED)
    expect(problems).to.deep.equal(['iframe_load_failed'])
    // Loaded again, silent again: a second load timeout, not a wait for ever.
    expect((await failure(channel.request('isConnected', {}))).message).to.equal(FRAME_ABORTED)
    expect(problems).to.deep.equal(['iframe_load_failed', 'iframe_load_failed'])
    expect(await channel.request('isConnected', {})).to.deep.equal({ isConnected: true })
    expect(reloads).to.deep.equal([])
    expect(problems).to.have.length(2)
  })

  it('a frame whose project does not allow this page never serves it', async () => {
    const { channel, problems } = openFrame({ allow: 'https://app.example' }, { load: 1500 })
    await failure(channel.whenReady())
    expect(problems).to.deep.equal(['iframe_load_failed'])
  })

  it('drops messages that are not the frame’s: another origin, another window, a malformed one', async () => {
    const warn = console.warn
    const warnings: unknown[] = []
    console.warn = (...args: unknown[]) => warnings.push(args)
    try {
      const iframe = document.createElement('iframe')
      const channel = new FrameChannel({ frameOrigin: FRAME_ORIGIN, target: () => iframe.contentWindow })
      opened.push({ channel, iframe, problems: [], states: [] })
      document.body.append(iframe)
      // The right data from this page's origin, and from the frame's origin but another window.
      window.dispatchEvent(
        new MessageEvent('message', { data: FRAME_READY, origin: location.origin, source: iframe.contentWindow })
      )
      window.dispatchEvent(new MessageEvent('message', { data: FRAME_READY, origin: FRAME_ORIGIN, source: window }))
      expect(channel.state).to.equal('not-ready')
      expect(warnings).to.deep.equal([])
      // From the frame itself, but malformed: dropped and logged, never thrown.
      window.dispatchEvent(
        new MessageEvent('message', {
          data: { channel: 'appkit-frame', kind: 'event', event: 'boom' },
          origin: FRAME_ORIGIN,
          source: iframe.contentWindow
        })
      )
      expect(channel.state).to.equal('not-ready')
      expect(warnings).to.have.length(1)
      window.dispatchEvent(
        new MessageEvent('message', { data: FRAME_READY, origin: FRAME_ORIGIN, source: iframe.contentWindow })
      )
      expect(channel.state).to.equal('ready')
    } finally {
      console.warn = warn
    }
  })

  it('without an iframe: “W3mFrame: iframe is not set”', async () => {
    let frameWindow: Window | null = null
    const iframe = document.createElement('iframe')
    const channel = new FrameChannel({ frameOrigin: FRAME_ORIGIN, target: () => frameWindow })
    opened.push({ channel, iframe, problems: [], states: [] })
    document.body.append(iframe)
    frameWindow = iframe.contentWindow
    window.dispatchEvent(new MessageEvent('message', { data: FRAME_READY, origin: FRAME_ORIGIN, source: frameWindow }))
    frameWindow = null
    expect((await failure(channel.request('isConnected', {}))).message).to.equal(FRAME_NOT_SET)
  })
})
