// Changing the embedded wallet's e-mail address (service/frame/README.md): a code to the current address,
// then one to the new address, then the account is the new address's (its keys with it). 409
// 'That e-mail address is already in use' when another account has the new address, at the start
// and at the last step; the codes follow the same rules as the login's.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { RESEND_COOLDOWN_MS } from '../../service/backend/embedded/codes.js'
import { expectError, expectOk, randomKey, uniqueEmail, useEmbeddedStack } from './embedded-stack.js'

const stack = useEmbeddedStack()

const IN_USE = 'That e-mail address is already in use'

/** A signed-in account with an EVM key. */
async function account(label: string) {
  const email = uniqueEmail(label)
  const login = await stack.login(email)
  const keys = [{ namespace: 'eip155', privateKey: randomKey() }]
  expectOk(await stack.frame.post('/frame-api/keys', { keys }, { token: login.sessionToken }))
  return { email, token: login.sessionToken, keys, deviceId: login.deviceId }
}

const update = (token: string, newEmail: string) => stack.frame.post('/frame-api/email/update', { newEmail }, { token })
const primary = (token: string, code: string) =>
  stack.frame.post('/frame-api/email/update/primary', { code }, { token })
const secondary = (token: string, code: string) =>
  stack.frame.post('/frame-api/email/update/secondary', { code }, { token })

describe('e-mail update', () => {
  it('moves the account to the new address after a code to each address', async () => {
    const { email, token, keys, deviceId } = await account('old')
    const newEmail = uniqueEmail('new')
    assert.deepEqual(expectOk(await update(token, newEmail.toUpperCase())), { action: 'VERIFY_PRIMARY_OTP' })
    const toOld = (await stack.inbox.messagesTo(email)).at(-1)!
    assert.ok(toOld.text.includes(newEmail), 'the current address is told where the account moves')
    assert.equal((await stack.inbox.messagesTo(newEmail)).length, 0, 'nothing to the new address yet')
    const first = await stack.inbox.waitForCode(email)
    assert.deepEqual(expectOk(await primary(token, first)), { action: 'VERIFY_SECONDARY_OTP' })
    const second = await stack.inbox.waitForCode(newEmail)
    // The first code is no second code.
    if (second !== first) expectError(await secondary(token, first), 400, 'Invalid code')
    assert.deepEqual(expectOk(await secondary(token, second)), { email: newEmail })
    assert.deepEqual(expectOk(await stack.frame.get('/frame-api/session', { token })), { email: newEmail, keys })
    // The new address signs in to the same account (on the known device); the old one is a new account.
    const again = await stack.login(newEmail, deviceId)
    assert.deepEqual(again.steps, ['VERIFY_OTP'])
    assert.deepEqual(again.keys, keys)
    const old = await stack.login(email, deviceId)
    assert.equal(old.email, email)
    assert.deepEqual(old.keys, [])
  })

  it('answers 409 at the start when another account has the new address', async () => {
    const mine = await account('mine')
    const theirs = await account('theirs')
    expectError(await update(mine.token, theirs.email), 409, IN_USE)
    expectError(await update(mine.token, theirs.email.toUpperCase()), 409, IN_USE)
  })

  it('answers 409 at the last step when another account took the address meanwhile', async () => {
    const mine = await account('racer')
    const wanted = uniqueEmail('wanted')
    expectOk(await update(mine.token, wanted))
    expectOk(await primary(mine.token, await stack.inbox.waitForCode(mine.email)))
    const code = await stack.inbox.waitForCode(wanted)
    await stack.login(wanted)
    expectError(await secondary(mine.token, code), 409, IN_USE)
    assert.equal(expectOk(await stack.frame.get('/frame-api/session', { token: mine.token })).email, mine.email)
  })

  it('refuses a malformed or unchanged address, and needs a session', async () => {
    const { email, token } = await account('refuse')
    expectError(await update(token, 'nope'), 400, 'Invalid e-mail address')
    expectError(await update(token, email), 400)
    expectError(await update('A'.repeat(43), uniqueEmail('x')), 401, 'Session Expired')
    expectError(await primary('A'.repeat(43), '123456'), 401, 'Session Expired')
    expectError(await secondary('A'.repeat(43), '123456'), 401, 'Session Expired')
  })

  it('applies the code rules to both steps', async () => {
    const { email, token } = await account('rules')
    const newEmail = uniqueEmail('rules-new')
    expectOk(await update(token, newEmail))
    const again = await update(token, newEmail)
    expectError(again, 429, 'Please try again after 30 seconds')
    assert.equal(again.headers.get('Retry-After'), '30')
    const code = await stack.inbox.waitForCode(email)
    const wrong = code === '000000' ? '000001' : '000000'
    expectError(await primary(token, wrong), 400, 'Invalid code')
    expectOk(await primary(token, code))
    expectError(await primary(token, code), 400, 'Invalid code')
    const second = await stack.inbox.waitForCode(newEmail)
    for (let attempt = 1; attempt < 5; attempt++) expectError(await secondary(token, wrong), 400, 'Invalid code')
    expectError(await secondary(token, wrong), 429, 'Too many attempts, ask for a new code')
    expectError(await secondary(token, second), 429, 'Too many attempts, ask for a new code')
    assert.equal(expectOk(await stack.frame.get('/frame-api/session', { token })).email, email)
    // Another account's session cannot use this account's codes.
    stack.clock.advance(RESEND_COOLDOWN_MS)
    expectOk(await update(token, newEmail))
    const other = await account('other')
    expectError(await primary(other.token, await stack.inbox.waitForCode(email)), 400, 'Invalid code')
  })
})
