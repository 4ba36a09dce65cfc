// The embedded wallet over PostgreSQL (the same migration and queries as PGlite): a login with a
// device code, keys stored first-wins from two sessions at once, the 30 s wait, a spent code,
// sign-out and the e-mail update with its 409, against a throwaway server (./postgres.ts; skipped,
// with the reason, only when no PostgreSQL can be found or installed).
import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { after, it } from 'node:test'
import { openDatabase, type Database } from '../../service/backend/db/database.js'
import { startServer, type RunningServer } from '../../service/backend/main.js'
import {
  Clock,
  emailLogin,
  expectError,
  expectOk,
  FrameClient,
  newDeviceId,
  PROJECT_ID,
  randomKey,
  uniqueEmail
} from './embedded-stack.js'
import { startMailInbox, type MailInbox } from './mail-inbox.js'
import { PostgresUnavailable, startThrowawayPostgres, type TestPostgres } from './postgres.js'

let postgres: TestPostgres | undefined
let db: Database | undefined
let inbox: MailInbox | undefined
let server: RunningServer | undefined
after(async () => {
  await server?.stop()
  await db?.close()
  await postgres?.stop()
  await inbox?.stop()
})

it('PostgreSQL: logins, keys, codes, sessions and the e-mail update work as on PGlite', async t => {
  try {
    postgres = await startThrowawayPostgres()
  } catch (error) {
    if (!(error instanceof PostgresUnavailable)) throw error
    t.skip(error.message)
    return
  }
  db = await openDatabase({ url: postgres.url })
  assert.equal(db.kind, 'postgres')
  inbox = await startMailInbox()
  const clock = new Clock()
  server = await startServer({
    port: 0,
    ignoreEnv: true,
    db,
    now: clock.now,
    config: { smtpUrl: inbox.smtpUrl, masterKey: randomBytes(32).toString('base64') }
  })
  const frame = new FrameClient(server.frameUrl)
  const parts = { frame, inbox, clock }

  const email = uniqueEmail('pg')
  const first = await emailLogin(parts, email)
  assert.deepEqual(first.steps, ['VERIFY_OTP'])
  const second = await emailLogin(parts, email)
  assert.deepEqual(second.steps, ['VERIFY_DEVICE', 'VERIFY_OTP'])

  // Two sessions store different keys at once: both get the same, first-stored ones.
  const store = (token: string) =>
    frame.post<{ keys: unknown[] }>(
      '/frame-api/keys',
      { keys: [{ namespace: 'eip155', privateKey: randomKey() }] },
      { token }
    )
  const [a, b] = await Promise.all([store(first.sessionToken), store(second.sessionToken)])
  assert.deepEqual(expectOk(a).keys, expectOk(b).keys)
  assert.equal(expectOk(a).keys.length, 1)

  // The 30 s wait, then 5 wrong tries spend a code.
  const deviceId = newDeviceId()
  const other = uniqueEmail('pg-codes')
  const start = () => frame.post('/frame-api/email/start', { projectId: PROJECT_ID, email: other, deviceId })
  expectOk(await start())
  const code = await inbox.waitForCode(other)
  clock.advance(12_300)
  const early = await start()
  expectError(early, 429, 'Please try again after 18 seconds')
  assert.equal(early.headers.get('Retry-After'), '18')
  const wrong = code === '000000' ? '111111' : '000000'
  for (let attempt = 1; attempt < 5; attempt++) {
    expectError(await frame.post('/frame-api/email/otp', { email: other, deviceId, code: wrong }), 400, 'Invalid code')
  }
  expectError(await frame.post('/frame-api/email/otp', { email: other, deviceId, code: wrong }), 429)
  expectError(await frame.post('/frame-api/email/otp', { email: other, deviceId, code }), 429)

  // The e-mail update, and the 409 for an address in use.
  const taken = await emailLogin(parts, uniqueEmail('pg-taken'))
  expectError(
    await frame.post('/frame-api/email/update', { newEmail: taken.email }, { token: first.sessionToken }),
    409,
    'That e-mail address is already in use'
  )
  const newEmail = uniqueEmail('pg-new')
  expectOk(await frame.post('/frame-api/email/update', { newEmail }, { token: first.sessionToken }))
  const primary = { code: await inbox.waitForCode(email) }
  expectOk(await frame.post('/frame-api/email/update/primary', primary, { token: first.sessionToken }))
  const secondary = { code: await inbox.waitForCode(newEmail) }
  const moved = expectOk(
    await frame.post('/frame-api/email/update/secondary', secondary, { token: first.sessionToken })
  )
  assert.deepEqual(moved, { email: newEmail })
  assert.equal(expectOk(await frame.get('/frame-api/session', { token: second.sessionToken })).email, newEmail)

  expectOk(await frame.post('/frame-api/sign-out', {}, { token: second.sessionToken }))
  expectError(await frame.get('/frame-api/session', { token: second.sessionToken }), 401, 'Session Expired')
})
