// The frame's backend client (service/frame/backend.ts) with a recorded fetch: the routes of
// service/frame/README.md on the same origin, JSON bodies, the session token as a bearer, answers checked
// (an answer out of shape is refused), and errors carrying the backend's own message.
import { expect } from '@open-wc/testing'
import { BackendError, createBackend } from '../../../service/frame/backend.js'
import { HOST_ORIGIN_HEADER } from '../../../src/frame/host-origin.js'
import { rejection } from '../rejection.js'
import { HARDHAT_KEY, SOLANA_SEED } from './known-keys.js'

interface Sent {
  url: string
  method: string
  headers: Record<string, string>
  body: unknown
  credentials: RequestCredentials | undefined
}

function recorded(answer: (url: string) => Response) {
  const sent: Sent[] = []
  const fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input)
    sent.push({
      url,
      method: init.method ?? 'GET',
      headers: init.headers as Record<string, string>,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      credentials: init.credentials
    })
    return answer(url)
  }) as typeof globalThis.fetch
  return { sent, backend: createBackend({ hostOrigin: HOST_PAGE, fetch }) }
}

/** The host page the frame serves: every call names it, so the backend binds sessions to it. */
const HOST_PAGE = 'http://localhost:5173'

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

const KEYS = [
  { namespace: 'eip155', privateKey: HARDHAT_KEY },
  { namespace: 'solana', privateKey: SOLANA_SEED }
] as const

describe('the frame’s backend client', () => {
  it('reads the project’s origins with a GET on the same origin', async () => {
    const { sent, backend } = recorded(() => json({ allowedOrigins: ['http://localhost:*'] }))
    expect(await backend.project('demo project')).to.deep.equal({ allowedOrigins: ['http://localhost:*'] })
    expect(sent[0]).to.deep.include({ url: '/frame-api/projects/demo%20project', method: 'GET', body: undefined })
    expect(sent[0]!.headers).not.to.have.property('authorization')
  })

  it('social login: start and finish posted as JSON; a social account’s answers (no e-mail, its identity) are taken', async () => {
    const social = { provider: 'google', username: 'alice' }
    const { sent, backend } = recorded(url =>
      url.endsWith('social/start')
        ? json({ uri: 'https://accounts.google.test/authorize?state=s' })
        : url.endsWith('session/status')
          ? json({ email: null })
          : url.endsWith('/session')
            ? json({ email: null, keys: [], social })
            : json({ sessionToken: 't'.repeat(20), email: null, keys: [], social })
    )
    const start = {
      projectId: 'demo',
      provider: 'google',
      returnUrl: 'http://localhost:5173/',
      deviceId: 'd'.repeat(32)
    }
    expect(await backend.socialStart(start)).to.deep.equal({ uri: 'https://accounts.google.test/authorize?state=s' })
    expect(sent[0]).to.deep.include({ url: '/frame-api/social/start', method: 'POST', body: start })
    const finished = await backend.socialFinish({ result: 'r', deviceId: 'd'.repeat(32) })
    expect(finished).to.deep.equal({ sessionToken: 't'.repeat(20), email: null, keys: [], social })
    expect(await backend.session('t'.repeat(20))).to.deep.equal({ email: null, keys: [], social })
    expect(await backend.sessionStatus('t'.repeat(20))).to.deep.equal({ email: null })
  })

  it('posts JSON to the login routes, without cookies', async () => {
    const { sent, backend } = recorded(url =>
      url.endsWith('start')
        ? json({ action: 'VERIFY_DEVICE' })
        : json({ sessionToken: 't'.repeat(20), email: 'a@b.co', keys: [] })
    )
    const start = { projectId: 'demo', email: 'a@b.co', deviceId: 'd'.repeat(32) }
    expect(await backend.emailStart(start)).to.deep.equal({ action: 'VERIFY_DEVICE' })
    expect(sent[0]).to.deep.include({ url: '/frame-api/email/start', method: 'POST', body: start, credentials: 'omit' })
    expect(sent[0]!.headers['content-type']).to.equal('application/json')
    const login = await backend.emailOtp({ email: 'a@b.co', deviceId: 'd'.repeat(32), code: '123456' })
    expect(login).to.deep.equal({ sessionToken: 't'.repeat(20), email: 'a@b.co', keys: [] })
    expect(sent[1]).to.deep.include({ url: '/frame-api/email/otp', method: 'POST' })
  })

  it('sends the session token as a bearer on the account’s routes', async () => {
    const { sent, backend } = recorded(url => {
      if (url.endsWith('/keys') || url.endsWith('/session')) return json({ email: 'a@b.co', keys: KEYS })
      if (url.endsWith('/update')) return json({ action: 'VERIFY_PRIMARY_OTP' })
      if (url.endsWith('/primary')) return json({ action: 'VERIFY_SECONDARY_OTP' })
      if (url.endsWith('/secondary')) return json({ email: 'new@b.co' })
      return json({})
    })
    const token = 'token-0000000000000001'
    expect((await backend.storeKeys(token, KEYS)).keys).to.deep.equal(KEYS)
    expect((await backend.session(token)).keys).to.deep.equal(KEYS)
    await backend.signOut(token)
    expect(await backend.updateEmail(token, 'new@b.co')).to.deep.equal({ action: 'VERIFY_PRIMARY_OTP' })
    expect(await backend.updateEmailPrimary(token, '111111')).to.deep.equal({ action: 'VERIFY_SECONDARY_OTP' })
    expect(await backend.updateEmailSecondary(token, '222222')).to.deep.equal({ email: 'new@b.co' })
    expect(sent.map(entry => `${entry.method} ${entry.url}`)).to.deep.equal([
      'POST /frame-api/keys',
      'GET /frame-api/session',
      'POST /frame-api/sign-out',
      'POST /frame-api/email/update',
      'POST /frame-api/email/update/primary',
      'POST /frame-api/email/update/secondary'
    ])
    expect(sent.every(entry => entry.headers.authorization === `Bearer ${token}`)).to.equal(true)
    // Issue 29: each call names the host page, the session's own.
    expect(sent.every(entry => entry.headers[HOST_ORIGIN_HEADER] === HOST_PAGE)).to.equal(true)
    expect(sent[0]!.body).to.deep.equal({ keys: KEYS })
    expect(sent[3]!.body).to.deep.equal({ newEmail: 'new@b.co' })
  })

  it('forwards a JSON-RPC request to the chain named in the query', async () => {
    const { sent, backend } = recorded(() => json({ jsonrpc: '2.0', id: 1, result: '0x7a69' }))
    const request = { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }
    expect(await backend.rpc('eip155:31337', request)).to.deep.equal({ jsonrpc: '2.0', id: 1, result: '0x7a69' })
    const url = new URL(sent[0]!.url, location.origin)
    expect(url.pathname).to.equal('/frame-api/rpc')
    expect(url.searchParams.get('chainId')).to.equal('eip155:31337')
    expect(sent[0]!.body).to.deep.equal(request)
  })

  it('throws the backend’s own message with its status, or the status code when there is none', async () => {
    const invalid = recorded(() => json({ message: 'Invalid code' }, 400)).backend
    const error = await rejection(invalid.emailDevice({ email: 'a@b.co', deviceId: 'd'.repeat(32), code: '1' }))
    expect(error).to.be.instanceOf(BackendError)
    expect(error).to.include({ message: 'Invalid code', status: 400 })
    const expired = await rejection(recorded(() => json({ message: 'Session Expired' }, 401)).backend.session('t'))
    expect(expired).to.include({ message: 'Session Expired', status: 401 })
    const broken = await rejection(recorded(() => new Response('oops', { status: 502 })).backend.project('demo'))
    expect(broken).to.include({ message: 'HTTP status code: 502', status: 502 })
  })

  it('refuses an answer out of shape (a key that is not 32 bytes of hex)', async () => {
    const { backend } = recorded(() => json({ email: 'a@b.co', keys: [{ namespace: 'eip155', privateKey: '0x1234' }] }))
    expect((await rejection(backend.session('t')))?.message).to.equal(
      'The wallet backend answered session unexpectedly'
    )
  })
})
