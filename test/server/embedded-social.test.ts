// The embedded wallet's social login routes (service/backend/embedded/social-login.ts,
// service/backend/routes/frame-api-wallet.ts) against the local OpenID provider (local/social/local-idp.ts) and
// PGlite: start gives the provider's sign-in URL for a page of an allowed origin; after the
// visitor signs in on the provider's own pages the callback sends the browser back to that page
// with a one-time result; the frame of the same device redeems it once for a session (the keys as
// for an e-mail login, the provider and user name, no e-mail); the same visitor gets the same
// account; a refusal, a replayed callback, another device, a late or second redemption are refused.
import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { after, before, describe, test } from 'node:test'
import { NO_EMAIL } from '../../service/backend/embedded/accounts.js'
import {
  ERROR_PARAM,
  LOGIN_EXPIRED,
  RESULT_PARAM,
  RESULT_TTL_MS,
  RETURN_NOT_ALLOWED,
  UNKNOWN_PROVIDER
} from '../../service/backend/embedded/social-login.js'
import { startServer, type RunningServer } from '../../service/backend/main.js'
import { socialProvidersFromEnv } from '../../service/backend/social/providers.js'
import { localSocialEnv, startLocalIdp, type LocalIdp } from '../../local/social/local-idp.js'
import { Clock, expectError, expectOk, FrameClient, newDeviceId, PROJECT_ID, randomKey } from './embedded-stack.js'
import { openTestDatabase, type TestDatabase } from './helpers.js'
import { signInAtLocalIdp } from './local-idp-driver.js'
import { freePort } from './ports.js'

const PAGE = 'http://localhost:5173/shop/?item=7'

let idp: LocalIdp
let server: RunningServer
let database: TestDatabase
let frame: FrameClient
const clock = new Clock()
let callback: string

before(async () => {
  const framePort = await freePort()
  callback = `http://127.0.0.1:${framePort}/frame-api/social/callback`
  idp = await startLocalIdp({ redirectUris: [callback] })
  database = await openTestDatabase()
  server = await startServer({
    port: 0,
    ignoreEnv: true,
    db: database.db,
    now: clock.now,
    config: {
      framePort,
      smtpUrl: 'smtp://127.0.0.1:9',
      masterKey: randomBytes(32).toString('base64'),
      socialProviders: socialProvidersFromEnv(localSocialEnv(idp))
    }
  })
  frame = new FrameClient(server.frameUrl)
})

after(async () => {
  await server?.stop()
  await idp?.stop()
  await database?.dispose()
})

/** start, the provider's pages, then the callback: where the callback sends the browser. */
async function signIn(provider: string, login: string, deviceId: string, options: { abort?: boolean } = {}) {
  const { uri } = expectOk(
    await frame.post<{ uri: string }>('/frame-api/social/start', {
      projectId: PROJECT_ID,
      provider,
      returnUrl: PAGE,
      deviceId
    })
  )
  const back = await signInAtLocalIdp(uri, login, { redirectUri: callback, ...options })
  const answer = await fetch(back, { redirect: 'manual' })
  return { answer, back }
}

async function signInResult(provider: string, login: string, deviceId: string): Promise<string> {
  const { answer } = await signIn(provider, login, deviceId)
  assert.equal(answer.status, 302)
  const page = new URL(answer.headers.get('location')!)
  assert.equal(`${page.origin}${page.pathname}`, 'http://localhost:5173/shop/')
  assert.equal(page.searchParams.get('item'), '7', 'the page’s own query is kept')
  const result = page.searchParams.get(RESULT_PARAM)
  assert.ok(result)
  return result
}

interface Finished {
  sessionToken: string
  email: string | null
  keys: Array<{ namespace: string; privateKey: string }>
  social: { provider: string; username: string }
}

describe('social login for the embedded wallet', () => {
  test('google: start, the provider’s pages, back to the page with a result that the frame redeems for a session', async () => {
    const deviceId = newDeviceId()
    const result = await signInResult('google', 'alice', deviceId)
    const finished = expectOk(await frame.post<Finished>('/frame-api/social/finish', { result, deviceId }))
    assert.equal(finished.email, null, 'a social account has no e-mail address of its own')
    assert.deepEqual(finished.keys, [])
    assert.deepEqual(finished.social, { provider: 'google', username: 'alice' })
    const session = expectOk(await frame.get('/frame-api/session', { token: finished.sessionToken }))
    assert.deepEqual(session, { email: null, keys: [], social: { provider: 'google', username: 'alice' } })

    // Redeemed once.
    expectError(await frame.post('/frame-api/social/finish', { result, deviceId }), 400, LOGIN_EXPIRED)
  })

  test('the same visitor again (another device) gets the same account and its keys; another provider, another account', async () => {
    const first = expectOk(
      await frame.post<Finished>('/frame-api/social/finish', {
        result: await signInResult('discord', 'bob', 'device-one-1234'),
        deviceId: 'device-one-1234'
      })
    )
    const keys = [
      { namespace: 'eip155', privateKey: randomKey() },
      { namespace: 'solana', privateKey: randomKey() }
    ]
    expectOk(await frame.post('/frame-api/keys', { keys }, { token: first.sessionToken }))
    const again = expectOk(
      await frame.post<Finished>('/frame-api/social/finish', {
        result: await signInResult('discord', 'bob', 'device-two-1234'),
        deviceId: 'device-two-1234'
      })
    )
    assert.deepEqual(again.keys.map(key => key.privateKey).sort(), keys.map(key => key.privateKey).sort())
    const elsewhere = expectOk(
      await frame.post<Finished>('/frame-api/social/finish', {
        result: await signInResult('github', 'bob', 'device-two-1234'),
        deviceId: 'device-two-1234'
      })
    )
    assert.deepEqual(elsewhere.keys, [], 'github’s bob is not discord’s bob')
  })

  test('only the device that started it can redeem the result (another device’s try does not spend it), and a result expires after 2 minutes', async () => {
    const result = await signInResult('x', 'carol', 'device-start-1')
    expectError(
      await frame.post('/frame-api/social/finish', { result, deviceId: 'another-device' }),
      400,
      LOGIN_EXPIRED
    )
    // The other device's try did not spend it: the device that started the login still can.
    expectOk(await frame.post('/frame-api/social/finish', { result, deviceId: 'device-start-1' }))

    const late = await signInResult('x', 'carol', 'device-start-1')
    clock.advance(RESULT_TTL_MS + 1)
    expectError(
      await frame.post('/frame-api/social/finish', { result: late, deviceId: 'device-start-1' }),
      400,
      LOGIN_EXPIRED
    )
  })

  test('a refusal at the provider sends the page back with the error and no result; the callback works once', async () => {
    const { answer, back } = await signIn('facebook', 'dave', newDeviceId(), { abort: true })
    assert.equal(answer.status, 302)
    const page = new URL(answer.headers.get('location')!)
    assert.equal(page.searchParams.get(ERROR_PARAM), 'access_denied')
    assert.equal(page.searchParams.get(RESULT_PARAM), null)
    const replay = await fetch(back, { redirect: 'manual' })
    assert.equal(replay.status, 400)
    assert.equal(await replay.text(), LOGIN_EXPIRED)
    const forged = await fetch(`${callback}?state=forged&code=x`, { redirect: 'manual' })
    assert.equal(forged.status, 400)
  })

  test('start refuses an unknown provider, a page on an origin the project does not allow, and a non-http page', async () => {
    const start = (body: Record<string, string>) =>
      frame.post('/frame-api/social/start', {
        projectId: PROJECT_ID,
        provider: 'google',
        returnUrl: PAGE,
        deviceId: newDeviceId(),
        ...body
      })
    expectError(await start({ provider: 'myspace' }), 404, UNKNOWN_PROVIDER)
    expectError(await start({ returnUrl: 'https://evil.example/steal' }), 400, RETURN_NOT_ALLOWED)
    expectError(await start({ returnUrl: 'javascript:alert(1)' }), 400, RETURN_NOT_ALLOWED)
    expectError(await start({ projectId: 'nope' }), 404, 'Unknown project')
    // From another origin than the frame's own: refused like every frame-api POST.
    expectError(await frame.post('/frame-api/social/start', {}, { origin: 'https://evil.example' }), 403)
  })

  test('an account of a social login has no e-mail to change: 400', async () => {
    const deviceId = newDeviceId()
    const { sessionToken } = expectOk(
      await frame.post<Finished>('/frame-api/social/finish', {
        result: await signInResult('apple', 'erin', deviceId),
        deviceId
      })
    )
    expectError(
      await frame.post('/frame-api/email/update', { newEmail: 'erin@example.com' }, { token: sessionToken }),
      400,
      NO_EMAIL
    )
  })

  test('stores neither the state nor the result in the clear', async () => {
    const deviceId = newDeviceId()
    const { uri } = expectOk(
      await frame.post<{ uri: string }>('/frame-api/social/start', {
        projectId: PROJECT_ID,
        provider: 'google',
        returnUrl: PAGE,
        deviceId
      })
    )
    const state = new URL(uri).searchParams.get('state')!
    const { rows } = await database.db.query('SELECT * FROM wallet_social_attempts')
    const stored = JSON.stringify(rows)
    assert.ok(rows.length > 0)
    assert.ok(!stored.includes(state))
    assert.ok(!stored.includes(deviceId))
  })
})
