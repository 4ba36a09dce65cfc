// The embedded wallet's e-mail login over HTTP on the frame's origin, with a real maildev: a new
// address gets a login code, a known account on a new device a device code first; the session
// answers the account's keys, the first keys stored win (a second device gets the same), sign-out
// and expiry end a session with 401 'Session Expired'; e-mail addresses compare lower-cased; and
// no key, code, token or device id is ever stored in the clear.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { RESEND_COOLDOWN_MS } from '../../service/backend/embedded/codes.js'
import { SESSION_TTL_MS } from '../../service/backend/embedded/sessions.js'
import { NO_HOST_ORIGIN } from '../../service/backend/routes/frame-api-wallet.js'
import {
  expectError,
  expectOk,
  HOST_PAGE,
  newDeviceId,
  PROJECT_ID,
  randomKey,
  uniqueEmail,
  useEmbeddedStack,
  type WalletKeyJson
} from './embedded-stack.js'

const stack = useEmbeddedStack()

describe('e-mail login', () => {
  it('sends a new address a login code by e-mail and creates the account with no keys', async () => {
    const email = uniqueEmail('new')
    const deviceId = newDeviceId()
    const start = await stack.frame.post('/frame-api/email/start', { projectId: PROJECT_ID, email, deviceId })
    assert.deepEqual(expectOk(start), { action: 'VERIFY_OTP' })
    const [mail] = await stack.inbox.messagesTo(email)
    assert.ok(mail, 'a mail was sent')
    assert.match(mail.subject, /^Your AppKit code: \d{6}$/)
    assert.deepEqual(mail.from, ['wallet@appkit.local'])
    const code = await stack.inbox.waitForCode(email)
    assert.ok(mail.text.includes(code), mail.text)
    const login = expectOk(await stack.frame.post('/frame-api/email/otp', { email, deviceId, code }))
    assert.equal(login.email, email)
    assert.deepEqual(login.keys, [])
    assert.match(String(login.sessionToken), /^[A-Za-z0-9_-]{43}$/)
    const session = expectOk(await stack.frame.get('/frame-api/session', { token: String(login.sessionToken) }))
    assert.deepEqual(session, { email, keys: [] })
  })

  it('asks a known account on a new device for a device code first, then for the login code', async () => {
    const email = uniqueEmail('device')
    const first = await stack.login(email)
    assert.deepEqual(first.steps, ['VERIFY_OTP'])
    const again = await stack.login(email, first.deviceId)
    assert.deepEqual(again.steps, ['VERIFY_OTP'], 'the same device is known')
    const other = await stack.login(email)
    assert.deepEqual(other.steps, ['VERIFY_DEVICE', 'VERIFY_OTP'])
    const deviceMail = (await stack.inbox.messagesTo(email)).at(-2)!
    assert.match(deviceMail.text, /device/)
    const afterwards = await stack.login(email, other.deviceId)
    assert.deepEqual(afterwards.steps, ['VERIFY_OTP'], 'the verified device is remembered')
  })

  it('does not take a device code for another device than the one it was asked for', async () => {
    const email = uniqueEmail('device-bound')
    await stack.login(email)
    stack.clock.advance(30_000)
    const deviceId = newDeviceId()
    const start = await stack.frame.post('/frame-api/email/start', { projectId: PROJECT_ID, email, deviceId })
    assert.deepEqual(expectOk(start), { action: 'VERIFY_DEVICE' })
    const code = await stack.inbox.waitForCode(email)
    const elsewhere = { email, deviceId: newDeviceId(), code }
    expectError(await stack.frame.post('/frame-api/email/device', elsewhere), 400, 'Invalid code')
    expectOk(await stack.frame.post('/frame-api/email/device', { email, deviceId, code }))
  })

  it('compares addresses lower-cased', async () => {
    const email = uniqueEmail('case')
    const login = await stack.login(email.toUpperCase().replace('@EXAMPLE.COM', '@Example.COM'))
    assert.equal(login.email, email)
    const again = await stack.login(` ${email.replace(/^./, c => c.toUpperCase())}`, login.deviceId)
    assert.deepEqual(again.steps, ['VERIFY_OTP'])
    assert.equal(again.email, email)
  })

  it("refuses a malformed address with 400 'Invalid e-mail address'", async () => {
    for (const email of ['not-an-address', 'a@b', 'two@@example.com', 'sp ace@example.com', '']) {
      const answer = await stack.frame.post('/frame-api/email/start', {
        projectId: PROJECT_ID,
        email,
        deviceId: newDeviceId()
      })
      expectError(answer, 400, 'Invalid e-mail address')
    }
  })

  it('refuses bodies that fail their schema and unknown projects', async () => {
    const missing = await stack.frame.post('/frame-api/email/start', { projectId: PROJECT_ID, email: uniqueEmail('x') })
    assert.match(expectError(missing, 400), /deviceId/)
    const unknown = { projectId: 'no-such-project', email: uniqueEmail('x'), deviceId: newDeviceId() }
    expectError(await stack.frame.post('/frame-api/email/start', unknown), 404, 'Unknown project')
  })
})

describe('keys and sessions', () => {
  it('keeps the first keys stored per namespace and gives them to every device of the account', async () => {
    const email = uniqueEmail('keys')
    const first = await stack.login(email)
    const evm = randomKey()
    const mine: WalletKeyJson[] = [
      { namespace: 'eip155', privateKey: evm.toUpperCase().replace('0X', '0x') },
      { namespace: 'solana', privateKey: randomKey() }
    ]
    const stored = expectOk(await stack.frame.post('/frame-api/keys', { keys: mine }, { token: first.sessionToken }))
    const expected = [{ namespace: 'eip155', privateKey: evm }, mine[1]]
    assert.deepEqual(stored.keys, expected)
    // A second device that raced and created other keys gets the stored ones back.
    const second = await stack.login(email)
    assert.deepEqual(second.keys, expected)
    const theirs = [{ namespace: 'eip155', privateKey: randomKey() }]
    const raced = expectOk(await stack.frame.post('/frame-api/keys', { keys: theirs }, { token: second.sessionToken }))
    assert.deepEqual(raced.keys, expected)
    assert.deepEqual(expectOk(await stack.frame.get('/frame-api/session', { token: second.sessionToken })), {
      email,
      keys: expected
    })
  })

  it('refuses keys that are not 0x and 64 hex digits, or of another namespace', async () => {
    const { sessionToken } = await stack.login(uniqueEmail('bad-keys'))
    const bad = [
      [{ namespace: 'eip155', privateKey: randomKey().slice(0, 64) }],
      [{ namespace: 'eip155', privateKey: randomKey().slice(2) }],
      [{ namespace: 'bitcoin', privateKey: randomKey() }],
      [{ namespace: 'eip155', privateKey: `0x${'0'.repeat(64)}` }],
      []
    ]
    for (const keys of bad) {
      expectError(await stack.frame.post('/frame-api/keys', { keys }, { token: sessionToken }), 400)
    }
    assert.deepEqual(expectOk(await stack.frame.get('/frame-api/session', { token: sessionToken })).keys, [])
  })

  it("ends a session at sign-out: 401 'Session Expired' afterwards", async () => {
    const email = uniqueEmail('sign-out')
    const { sessionToken } = await stack.login(email)
    expectOk(await stack.frame.get('/frame-api/session', { token: sessionToken }))
    // The status answers the e-mail and nothing else (no keys).
    assert.deepEqual(expectOk(await stack.frame.get('/frame-api/session/status', { token: sessionToken })), { email })
    assert.deepEqual(expectOk(await stack.frame.post('/frame-api/sign-out', {}, { token: sessionToken })), {})
    expectError(await stack.frame.get('/frame-api/session', { token: sessionToken }), 401, 'Session Expired')
    expectError(await stack.frame.get('/frame-api/session/status', { token: sessionToken }), 401, 'Session Expired')
    const keys = [{ namespace: 'eip155', privateKey: randomKey() }]
    expectError(await stack.frame.post('/frame-api/keys', { keys }, { token: sessionToken }), 401, 'Session Expired')
  })

  it("expires a session after 7 days, and answers 401 'Session Expired' to unknown or missing tokens", async () => {
    const { sessionToken } = await stack.login(uniqueEmail('expiry'))
    stack.clock.advance(SESSION_TTL_MS - 1000)
    expectOk(await stack.frame.get('/frame-api/session', { token: sessionToken }))
    stack.clock.advance(1000)
    expectError(await stack.frame.get('/frame-api/session', { token: sessionToken }), 401, 'Session Expired')
    expectError(await stack.frame.get('/frame-api/session/status', { token: sessionToken }), 401, 'Session Expired')
    const forged = sessionToken.replace(/^./, c => (c === 'A' ? 'B' : 'A'))
    expectError(await stack.frame.get('/frame-api/session', { token: forged }), 401, 'Session Expired')
    expectError(await stack.frame.get('/frame-api/session'), 401, 'Session Expired')
    const basic = { headers: { Authorization: `Basic ${sessionToken}` } }
    expectError(await stack.frame.get('/frame-api/session', basic), 401, 'Session Expired')
  })
})

describe('a session belongs to the host page it was made for (issue 29)', () => {
  it('answers only calls made for that page: another port, another subdomain, no page at all get nothing', async () => {
    const email = uniqueEmail('bound')
    const { sessionToken } = await stack.login(email)
    const keys = [{ namespace: 'eip155', privateKey: randomKey() }]
    expectOk(await stack.frame.post('/frame-api/keys', { keys }, { token: sessionToken }))
    for (const hostOrigin of ['http://localhost:5174', 'http://shop.localhost:5173', 'https://localhost:5173']) {
      const other = { token: sessionToken, hostOrigin }
      expectError(await stack.frame.get('/frame-api/session', other), 401, 'Session Expired')
      expectError(await stack.frame.get('/frame-api/session/status', other), 401, 'Session Expired')
      expectError(await stack.frame.post('/frame-api/keys', { keys }, other), 401, 'Session Expired')
      expectError(await stack.frame.post('/frame-api/email/update', { newEmail: 'x@example.com' }, other), 401)
    }
    for (const hostOrigin of [null, 'null', 'localhost:5173', `${HOST_PAGE}/`, `${HOST_PAGE}/page`]) {
      expectError(await stack.frame.get('/frame-api/session', { token: sessionToken, hostOrigin }), 400, NO_HOST_ORIGIN)
    }
    // The page it was made for still has it, keys and all.
    const own = expectOk(await stack.frame.get('/frame-api/session', { token: sessionToken }))
    assert.equal(own.email, email)
    assert.deepEqual(own.keys, keys)
  })

  it('a login names its page: without one there is no session, and each page that logs in gets its own', async () => {
    const email = uniqueEmail('two-pages')
    const first = await stack.login(email)
    const deviceId = first.deviceId
    stack.clock.advance(RESEND_COOLDOWN_MS)
    expectOk(await stack.frame.post('/frame-api/email/start', { projectId: PROJECT_ID, email, deviceId }))
    const code = await stack.inbox.waitForCode(email)
    const body = { email, deviceId, code }
    expectError(await stack.frame.post('/frame-api/email/otp', body, { hostOrigin: null }), 400, NO_HOST_ORIGIN)
    const other = 'http://localhost:5174'
    const second = expectOk(await stack.frame.post('/frame-api/email/otp', body, { hostOrigin: other }))
    const token = String(second.sessionToken)
    assert.notEqual(token, first.sessionToken)
    expectOk(await stack.frame.get('/frame-api/session', { token, hostOrigin: other }))
    expectError(await stack.frame.get('/frame-api/session', { token }), 401, 'Session Expired')
    expectOk(await stack.frame.get('/frame-api/session', { token: first.sessionToken }))
  })
})

describe('what is stored', () => {
  it('holds no private key, code, session token or device id in the clear in any table', async () => {
    const email = uniqueEmail('scan')
    const deviceId = newDeviceId()
    stack.clock.advance(30_000)
    expectOk(await stack.frame.post('/frame-api/email/start', { projectId: PROJECT_ID, email, deviceId }))
    const code = await stack.inbox.waitForCode(email)
    const pending = await tableText()
    assert.ok(pending.includes(email), 'the scan sees the code row')
    assert.ok(!pending.includes(code), 'an outstanding code is stored hashed')
    const login = expectOk(await stack.frame.post('/frame-api/email/otp', { email, deviceId, code }))
    const token = String(login.sessionToken)
    const keys = [
      { namespace: 'eip155', privateKey: randomKey() },
      { namespace: 'solana', privateKey: randomKey() }
    ]
    expectOk(await stack.frame.post('/frame-api/keys', { keys }, { token }))
    const text = await tableText()
    assert.ok(text.includes(email), 'the scan sees the account')
    for (const secret of [...keys.map(key => key.privateKey.slice(2)), code, token, deviceId]) {
      assert.ok(!text.toLowerCase().includes(secret.toLowerCase()), `${secret} is stored in the clear`)
    }
    const { rows } = await stack.database.db.query<{ address: string }>(
      `SELECT k.address FROM wallet_keys k JOIN wallet_accounts a ON a.id = k.account_id WHERE a.email = $1 ORDER BY namespace`,
      [email]
    )
    assert.equal(rows.length, 2)
    assert.match(rows[0]!.address, /^0x[0-9a-fA-F]{40}$/)
    assert.match(rows[1]!.address, /^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
  })
})

/** Every row of every table of the public schema, as text. */
async function tableText(): Promise<string> {
  const db = stack.database.db
  const { rows: tables } = await db.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`
  )
  assert.ok(tables.some(table => table.name === 'wallet_keys'))
  const parts: string[] = []
  for (const { name } of tables) {
    const { rows } = await db.query<{ row: string }>(`SELECT t::text AS row FROM "${name}" t`)
    parts.push(...rows.map(row => row.row))
  }
  return parts.join('\n')
}
