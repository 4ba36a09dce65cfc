// The frame channel's timeouts at their real values (docs/behaviour.md section 9), on a fake clock: the ready
// delay 500 ms, the load timeout 20 s, the connect / code / social requests' 30 s, sign-out's 3 s.
// Each is checked a millisecond before (nothing yet) and at its value (done). The frame is a
// stand-in window whose messages are dispatched as the browser would deliver them; the real
// cross-origin frame runs in frame-channel.test.ts, with shortened timeouts.
import { expect } from '@open-wc/testing'
import sinon from 'sinon'
import {
  FRAME_CONNECT_TIMEOUT_MS,
  FRAME_LOAD_TIMEOUT_MS,
  FRAME_READY_DELAY_MS,
  FRAME_SIGN_OUT_WAIT_MS
} from '../../../src/config/constants.js'
import {
  FRAME_ABORTED,
  FRAME_RPC_ABORTED,
  FrameChannel,
  type FrameProblem,
  type FrameState
} from '../../../src/frame/frame-channel.js'
import { FRAME_READY } from '../../../src/frame/messages.js'

const FRAME_ORIGIN = 'https://frame.example'

describe('the frame channel’s timeouts at their real values (docs/behaviour.md section 9), on a fake clock', () => {
  let clock: sinon.SinonFakeTimers
  let iframe: HTMLIFrameElement
  let channel: FrameChannel
  let problems: FrameProblem[]
  let states: FrameState[]

  beforeEach(() => {
    clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    iframe = document.createElement('iframe')
    iframe.title = 'stand-in frame'
    document.body.append(iframe)
    problems = []
    states = []
    // No `timeouts` option: the constants are the ones in use.
    channel = new FrameChannel({
      frameOrigin: FRAME_ORIGIN,
      target: () => iframe.contentWindow,
      onProblem: problem => problems.push(problem),
      onStateChange: state => states.push(state)
    })
  })

  afterEach(() => {
    channel.close()
    iframe.remove()
    clock.restore()
  })

  const sayReady = () =>
    window.dispatchEvent(
      new MessageEvent('message', { data: FRAME_READY, origin: FRAME_ORIGIN, source: iframe.contentWindow })
    )

  /** Whether `promise` has settled, and how, after the microtasks so far. */
  function watch(promise: Promise<unknown>): { readonly settled: 'pending' | 'resolved' | 'rejected'; error?: Error } {
    const seen: { settled: 'pending' | 'resolved' | 'rejected'; error?: Error } = { settled: 'pending' }
    promise.then(
      () => void (seen.settled = 'resolved'),
      (error: Error) => {
        seen.settled = 'rejected'
        seen.error = error
      }
    )
    return seen
  }

  it('the values are the spec’s: 500 ms, 20 s, 30 s, 3 s', () => {
    expect([
      FRAME_READY_DELAY_MS,
      FRAME_LOAD_TIMEOUT_MS,
      FRAME_CONNECT_TIMEOUT_MS,
      FRAME_SIGN_OUT_WAIT_MS
    ]).to.deep.equal([500, 20_000, 30_000, 3000])
  })

  it('a frame that never says ready fails to load at 20 s, not before', async () => {
    const ready = watch(channel.whenReady())
    await clock.tickAsync(19_999)
    expect(problems).to.deep.equal([])
    expect(ready.settled).to.equal('pending')
    await clock.tickAsync(1)
    expect(problems).to.deep.equal(['iframe_load_failed'])
    expect(ready.settled).to.equal('rejected')
    expect(ready.error?.message).to.equal(FRAME_ABORTED)
  })

  it('ready, then initialised 500 ms later', async () => {
    sayReady()
    expect(states).to.deep.equal(['ready'])
    await clock.tickAsync(499)
    expect(states).to.deep.equal(['ready'])
    await clock.tickAsync(1)
    expect(states).to.deep.equal(['ready', 'initialized'])
    // Saying ready in time leaves no load timeout behind.
    await clock.tickAsync(30_000)
    expect(problems).to.deep.equal([])
  })

  for (const method of ['connectEmail', 'connectOtp', 'connectSocial'] as const) {
    it(`${method} times out at 30 s, aborting every pending request and reporting iframe_request_timeout`, async () => {
      sayReady()
      const params =
        method === 'connectEmail'
          ? { email: 'visitor@example.com' }
          : method === 'connectOtp'
            ? { otp: '123456' }
            : { uri: 'https://app.example/?appkit_social=x' }
      const timed = watch(channel.request(method, params as never))
      const rpc = watch(channel.request('rpcRequest', { method: 'personal_sign', params: ['0x00', '0x01'] }))
      await clock.tickAsync(29_999)
      expect([timed.settled, rpc.settled]).to.deep.equal(['pending', 'pending'])
      expect(problems).to.deep.equal([])
      await clock.tickAsync(1)
      expect([timed.settled, rpc.settled]).to.deep.equal(['rejected', 'rejected'])
      expect(timed.error?.message).to.equal(FRAME_ABORTED)
      expect(rpc.error?.message).to.equal(FRAME_RPC_ABORTED)
      expect(problems).to.deep.equal(['iframe_request_timeout'])
    })
  }

  it('an RPC request alone has no 30 s timeout (the visitor may take time to approve)', async () => {
    sayReady()
    const rpc = watch(channel.request('rpcRequest', { method: 'personal_sign', params: ['0x00', '0x01'] }))
    await clock.tickAsync(120_000)
    expect(rpc.settled).to.equal('pending')
    expect(problems).to.deep.equal([])
  })

  it('sign-out waits 3 s for the frame at most, then counts as done', async () => {
    sayReady()
    const signOut = watch(channel.request('signOut', {}))
    await clock.tickAsync(2999)
    expect(signOut.settled).to.equal('pending')
    await clock.tickAsync(1)
    expect(signOut.settled).to.equal('resolved')
  })
})
