// The one-time codes' rules over HTTP (service/frame/README.md "Rules"): a wrong code, the 5 tries that
// spend a code, the 10-minute validity, single use, the 30 s wait before another code to the same
// address for the same purpose (429 with n rounded up and Retry-After), and codes bound to the
// device they were asked for. The clock is the backend's injected one: no test sleeps.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { CODE_TTL_MS, MAX_CODE_ATTEMPTS, RESEND_COOLDOWN_MS } from '../../service/backend/embedded/codes.js'
import { expectError, expectOk, newDeviceId, PROJECT_ID, uniqueEmail, useEmbeddedStack } from './embedded-stack.js'

const stack = useEmbeddedStack()

/** Starts a login for a new address: its code, address and device. */
async function started(label: string) {
  const email = uniqueEmail(label)
  const deviceId = newDeviceId()
  expectOk(await stack.frame.post('/frame-api/email/start', { projectId: PROJECT_ID, email, deviceId }))
  return { email, deviceId, code: await stack.inbox.waitForCode(email) }
}

const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')
const otp = (body: { email: string; deviceId: string; code: string }) => stack.frame.post('/frame-api/email/otp', body)

describe('one-time codes', () => {
  it("answers a wrong code with 400 'Invalid code' and still takes the right one after it", async () => {
    const { email, deviceId, code } = await started('wrong')
    expectError(await otp({ email, deviceId, code: wrong(code) }), 400, 'Invalid code')
    expectError(await otp({ email, deviceId, code: 'abc' }), 400, 'Invalid code')
    expectOk(await otp({ email, deviceId, code }))
  })

  it("spends a code after 5 wrong tries: 429 'Too many attempts, ask for a new code', even for the right one", async () => {
    const { email, deviceId, code } = await started('attempts')
    for (let attempt = 1; attempt < MAX_CODE_ATTEMPTS; attempt++) {
      expectError(await otp({ email, deviceId, code: wrong(code) }), 400, 'Invalid code')
    }
    expectError(await otp({ email, deviceId, code: wrong(code) }), 429, 'Too many attempts, ask for a new code')
    expectError(await otp({ email, deviceId, code }), 429, 'Too many attempts, ask for a new code')
    // A new code (after the wait) starts over.
    stack.clock.advance(RESEND_COOLDOWN_MS)
    expectOk(await stack.frame.post('/frame-api/email/start', { projectId: PROJECT_ID, email, deviceId }))
    expectOk(await otp({ email, deviceId, code: await stack.inbox.waitForCode(email) }))
  })

  it('counts a code given for another device as a wrong try', async () => {
    const { email, deviceId, code } = await started('other-device')
    expectError(await otp({ email, deviceId: newDeviceId(), code }), 400, 'Invalid code')
    expectOk(await otp({ email, deviceId, code }))
  })

  it("keeps a code 10 minutes: then 400 'The code has expired, ask for a new one'", async () => {
    const first = await started('valid')
    stack.clock.advance(CODE_TTL_MS - 1)
    expectOk(await otp(first))
    const second = await started('expired')
    stack.clock.advance(CODE_TTL_MS)
    expectError(await otp(second), 400, 'The code has expired, ask for a new one')
  })

  it('takes a code once', async () => {
    const login = await started('once')
    expectOk(await otp(login))
    expectError(await otp(login), 400, 'Invalid code')
  })

  it('replaces the outstanding code with a new one', async () => {
    const { email, deviceId, code } = await started('replaced')
    stack.clock.advance(RESEND_COOLDOWN_MS)
    expectOk(await stack.frame.post('/frame-api/email/start', { projectId: PROJECT_ID, email, deviceId }))
    const newer = await stack.inbox.waitForCode(email)
    if (newer !== code) expectError(await otp({ email, deviceId, code }), 400, 'Invalid code')
    expectOk(await otp({ email, deviceId, code: newer }))
  })

  it("waits 30 s between codes to one address for one purpose: 429 'Please try again after {n} seconds'", async () => {
    const { email, deviceId } = await started('cooldown')
    const again = () => stack.frame.post('/frame-api/email/start', { projectId: PROJECT_ID, email, deviceId })
    const now = await again()
    expectError(now, 429, 'Please try again after 30 seconds')
    assert.equal(now.headers.get('Retry-After'), '30')
    stack.clock.advance(10_500)
    const later = await again()
    expectError(later, 429, 'Please try again after 20 seconds')
    assert.equal(later.headers.get('Retry-After'), '20', 'n is rounded up (19.5 s left)')
    stack.clock.advance(19_499)
    const last = await again()
    expectError(last, 429, 'Please try again after 1 seconds')
    assert.equal(last.headers.get('Retry-After'), '1')
    assert.equal((await stack.inbox.messagesTo(email)).length, 1, 'no e-mail went out meanwhile')
    stack.clock.advance(1)
    assert.deepEqual(expectOk(await again()), { action: 'VERIFY_OTP' })
    assert.equal((await stack.inbox.messagesTo(email)).length, 2)
  })

  it('waits per address and purpose: a device code right after a login code goes out', async () => {
    const email = uniqueEmail('purposes')
    await stack.login(email)
    const deviceId = newDeviceId()
    const start = await stack.frame.post('/frame-api/email/start', { projectId: PROJECT_ID, email, deviceId })
    assert.deepEqual(expectOk(start), { action: 'VERIFY_DEVICE' })
    const other = uniqueEmail('purposes-other')
    const start2 = await stack.frame.post('/frame-api/email/start', { projectId: PROJECT_ID, email: other, deviceId })
    assert.deepEqual(expectOk(start2), { action: 'VERIFY_OTP' }, 'another address need not wait')
    // The device code is fine, but the login code that follows it would come too soon after the
    // first login's: 429, and the device code stays good for after the wait.
    const code = await stack.inbox.waitForCode(email)
    stack.clock.advance(RESEND_COOLDOWN_MS - 5_000)
    const early = await stack.frame.post('/frame-api/email/device', { email, deviceId, code })
    expectError(early, 429, 'Please try again after 5 seconds')
    stack.clock.advance(5_000)
    assert.deepEqual(expectOk(await stack.frame.post('/frame-api/email/device', { email, deviceId, code })), {
      action: 'VERIFY_OTP'
    })
  })

  it('applies the same rules to device codes', async () => {
    const email = uniqueEmail('device-rules')
    await stack.login(email)
    stack.clock.advance(RESEND_COOLDOWN_MS)
    const deviceId = newDeviceId()
    expectOk(await stack.frame.post('/frame-api/email/start', { projectId: PROJECT_ID, email, deviceId }))
    const code = await stack.inbox.waitForCode(email)
    const device = (body: { code: string }) => stack.frame.post('/frame-api/email/device', { email, deviceId, ...body })
    expectError(await device({ code: wrong(code) }), 400, 'Invalid code')
    stack.clock.advance(CODE_TTL_MS)
    expectError(await device({ code }), 400, 'The code has expired, ask for a new one')
    // A login code is no device code.
    expectError(await otp({ email, deviceId, code }), 400, 'Invalid code')
  })
})
