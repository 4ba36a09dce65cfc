// The frame's side of the channel (service/frame/host-channel.ts) with stand-in windows: it serves only an
// allowed host origin, says ready to it, takes messages only from its parent on that origin,
// answers only to that origin (never '*'), and answers a malformed request with an error naming
// the problem. (The real cross-origin pair runs in frame-channel.test.ts.)
import { expect } from '@open-wc/testing'
import { PARENT_NOT_SET, serveHost } from '../../../service/frame/host-channel.js'
import { FRAME_READY, frameRequest } from '../../../src/frame/messages.js'

const HOST = 'https://shop.example'

/** A real window (a same-origin iframe's) whose postMessage is recorded. */
function recordedWindow(): { window: Window; posted: Array<{ message: unknown; targetOrigin: string }> } {
  const iframe = document.createElement('iframe')
  iframe.title = 'stand-in'
  document.body.append(iframe)
  frames.push(iframe)
  const posted: Array<{ message: unknown; targetOrigin: string }> = []
  const window = iframe.contentWindow as Window
  window.postMessage = ((message: unknown, targetOrigin: string) =>
    void posted.push({ message, targetOrigin })) as Window['postMessage']
  return { window, posted }
}

const frames: HTMLIFrameElement[] = []

function windows() {
  const { window: parent, posted } = recordedWindow()
  const self = new EventTarget() as EventTarget & { parent: unknown }
  self.parent = parent
  const deliver = (data: unknown, origin = HOST, source: Window = parent) =>
    self.dispatchEvent(new MessageEvent('message', { data, origin, source }))
  return { posted, parent, self: self as unknown as Window, deliver }
}

const settle = () => new Promise(resolve => setTimeout(resolve, 10))

describe('the frame’s channel to its host', () => {
  afterEach(() => frames.splice(0).forEach(frame => frame.remove()))

  it('refuses to run outside a parent page: “parent is not set”', () => {
    const self = new EventTarget() as EventTarget & { parent: unknown }
    self.parent = self
    expect(() =>
      serveHost({ hostOrigin: HOST, allowedOrigins: [HOST], handlers: {}, self: self as unknown as Window })
    ).to.throw(PARENT_NOT_SET)
  })

  it('refuses a host origin the project does not allow, and says nothing to it', () => {
    const { posted, self } = windows()
    expect(() =>
      serveHost({ hostOrigin: HOST, allowedOrigins: ['https://*.other.example'], handlers: {}, self })
    ).to.throw('not allowed')
    expect(posted).to.deep.equal([])
  })

  it('says ready to the host’s origin only, then answers its requests there', async () => {
    const { posted, self, deliver } = windows()
    const stop = serveHost({
      hostOrigin: HOST,
      allowedOrigins: ['https://*.example'],
      handlers: { isConnected: () => ({ isConnected: false }) },
      self
    })
    expect(posted).to.deep.equal([{ message: FRAME_READY, targetOrigin: HOST }])
    const request = frameRequest('isConnected', {})
    deliver(request)
    await settle()
    expect(posted[1]).to.deep.equal({
      message: {
        channel: 'appkit-frame',
        version: 1,
        kind: 'response',
        id: request.id,
        ok: true,
        result: { isConnected: false }
      },
      targetOrigin: HOST
    })
    stop()
  })

  it('ignores messages from another origin or another window', async () => {
    const { posted, self, deliver } = windows()
    let asked = 0
    serveHost({
      hostOrigin: HOST,
      allowedOrigins: [HOST],
      handlers: { isConnected: () => ({ isConnected: Boolean(++asked) }) },
      self
    })
    deliver(frameRequest('isConnected', {}), 'https://evil.example')
    deliver(frameRequest('isConnected', {}), HOST, recordedWindow().window)
    await settle()
    expect(asked).to.equal(0)
    expect(posted).to.have.length(1)
  })

  it('answers a request with bad params, or a method it does not serve, with an error; drops what is not a request', async () => {
    const warn = console.warn
    console.warn = () => undefined
    try {
      const { posted, self, deliver } = windows()
      serveHost({ hostOrigin: HOST, allowedOrigins: [HOST], handlers: {}, self })
      const bad = { ...frameRequest('connectOtp', { otp: '123456' }), params: { otp: 'abc' } }
      deliver(bad)
      const unserved = frameRequest('isConnected', {})
      deliver(unserved)
      deliver({ hello: 'world' })
      await settle()
      const answers = posted
        .slice(1)
        .map(entry => entry.message as { id: string; ok: boolean; error?: { message: string } })
      expect(answers).to.have.length(2)
      expect(answers[0]).to.include({ id: bad.id, ok: false })
      expect(answers[0]!.error!.message).to.contain('connectOtp').and.to.contain('one-time code')
      expect(answers[1]).to.include({ id: unserved.id, ok: false })
      expect(answers[1]!.error!.message).to.equal('isConnected is not available')
      expect(posted.every(entry => entry.targetOrigin === HOST)).to.equal(true)
    } finally {
      console.warn = warn
    }
  })

  it('takes the e-mail change’s new address as the spec’s `newEmail` (docs/behaviour.md section 3), and refuses `email`', async () => {
    const warn = console.warn
    console.warn = () => undefined
    try {
      const { posted, self, deliver } = windows()
      const asked: unknown[] = []
      serveHost({
        hostOrigin: HOST,
        allowedOrigins: [HOST],
        handlers: {
          updateEmail: params => {
            asked.push(params)
            return { action: 'VERIFY_PRIMARY_OTP' as const }
          }
        },
        self
      })
      const spec = frameRequest('updateEmail', { newEmail: 'new@example.com' })
      const old = {
        ...frameRequest('updateEmail', { newEmail: 'x@example.com' }),
        params: { email: 'new@example.com' }
      }
      deliver(spec)
      deliver(old)
      await settle()
      expect(asked).to.deep.equal([{ newEmail: 'new@example.com' }])
      const answers = posted
        .slice(1)
        .map(entry => entry.message as { id: string; ok: boolean; error?: { message: string } })
      expect(answers.find(answer => answer.id === spec.id)).to.include({ ok: true })
      const refused = answers.find(answer => answer.id === old.id)!
      expect(refused.ok).to.equal(false)
      expect(refused.error!.message).to.contain('newEmail')
    } finally {
      console.warn = warn
    }
  })

  it('runs nothing for a request of another protocol version (service/frame/README.md, the version policy)', async () => {
    const warn = console.warn
    const warned: string[] = []
    console.warn = (message: string) => void warned.push(message)
    try {
      const { self, deliver } = windows()
      let asked = 0
      serveHost({
        hostOrigin: HOST,
        allowedOrigins: [HOST],
        handlers: { isConnected: () => ({ isConnected: Boolean(++asked) }) },
        self
      })
      deliver({ ...frameRequest('isConnected', {}), version: 2 })
      await settle()
      expect(asked).to.equal(0)
      expect(warned.join('\n')).to.contain('version')
    } finally {
      console.warn = warn
    }
  })
})
