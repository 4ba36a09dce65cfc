// Attacks on the embedded wallet's login and on the backend's log (issue 33, section 3), against
// the backend over HTTP (startServer, a real maildev, the injected clock):
//   - one-time code guessing is limited per address and per client IP over a sliding hour
//     (service/backend/embedded/guess-limits.ts; per code: 5 tries, test/server/embedded-codes.test.ts);
//   - the log holds no secret: everything the process writes through an e-mail login, a frame
//     signing, a forced fault and sign-out is searched for the master key, the codes, the session
//     tokens and the private keys.
// The SIWX nonce's single use is test/server/siwx.test.ts ('uses each nonce once'); admin routes'
// 404 without the token is test/server/admin.test.ts.
import assert from 'node:assert/strict'
import { request } from 'node:http'
import { after, before, describe, it } from 'node:test'
import { RESEND_COOLDOWN_MS } from '../../service/backend/embedded/codes.js'
import {
  GUESS_WINDOW_MS,
  MAX_WRONG_CODES_PER_ADDRESS,
  MAX_WRONG_CODES_PER_IP
} from '../../service/backend/embedded/guess-limits.js'
import { HOST_ORIGIN_HEADER } from '../../src/frame/host-origin.js'
import { createSiwxMessage } from '../../src/siwx/create-message.js'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import {
  expectError,
  expectOk,
  HOST_PAGE,
  newDeviceId,
  PROJECT_ID,
  uniqueEmail,
  useEmbeddedStack
} from './embedded-stack.js'
import { loggedInFrame } from './frame-login.js'

const stack = useEmbeddedStack()

const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')
const otp = (body: { email: string; deviceId: string; code: string }) => stack.frame.post('/frame-api/email/otp', body)

async function started(label: string) {
  const email = uniqueEmail(label)
  const deviceId = newDeviceId()
  stack.clock.advance(RESEND_COOLDOWN_MS)
  expectOk(await stack.frame.post('/frame-api/email/start', { projectId: PROJECT_ID, email, deviceId }))
  return { email, deviceId, code: await stack.inbox.waitForCode(email) }
}

/** POST /frame-api/email/otp from another loopback address (127.0.0.2): another client IP. */
function otpFromElsewhere(body: object): Promise<{ status: number; text: string }> {
  const url = new URL('/frame-api/email/otp', stack.server.frameUrl)
  const payload = JSON.stringify(body)
  return new Promise((resolve, reject) => {
    const sent = request(
      url,
      {
        method: 'POST',
        localAddress: '127.0.0.2',
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(payload),
          Origin: stack.server.frameUrl,
          [HOST_ORIGIN_HEADER]: HOST_PAGE
        }
      },
      response => {
        let text = ''
        response.setEncoding('utf8')
        response.on('data', chunk => (text += chunk))
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }))
      }
    )
    sent.on('error', reject)
    sent.end(payload)
  })
}

describe('one-time code guessing (issue 33, section 3; service/frame/README.md "Rules")', () => {
  it(`refuses an address's codes, the right one too, after ${MAX_WRONG_CODES_PER_ADDRESS} wrong ones in an hour`, async () => {
    stack.clock.advance(GUESS_WINDOW_MS)
    const first = await started('address')
    const firstWrongAt = stack.clock.time
    let wrongs = 0
    // Two codes' worth of wrong tries (each code is spent by its fifth).
    while (wrongs < MAX_WRONG_CODES_PER_ADDRESS) {
      const { code } = wrongs === 0 ? first : await restart(first.email, first.deviceId)
      for (let tries = 0; tries < 5 && wrongs < MAX_WRONG_CODES_PER_ADDRESS; tries++, wrongs++) {
        const answer = await otp({ email: first.email, deviceId: first.deviceId, code: wrong(code) })
        assert.ok(answer.status === 400 || answer.status === 429, JSON.stringify(answer.body))
      }
    }
    const { code } = await restart(first.email, first.deviceId)
    const refused = await otp({ email: first.email, deviceId: first.deviceId, code })
    const wait = Math.ceil((firstWrongAt + GUESS_WINDOW_MS - stack.clock.time) / 1000)
    expectError(refused, 429, `Please try again after ${wait} seconds`)
    assert.equal(refused.headers.get('Retry-After'), String(wait))
    // Another address from the same client is not held back.
    const other = await started('address-other')
    expectOk(await otp(other))
    // Once the wrong tries have left the hour, the address logs in again.
    stack.clock.advance(GUESS_WINDOW_MS)
    const again = await restart(first.email, first.deviceId)
    expectOk(await otp({ email: first.email, deviceId: first.deviceId, code: again.code }))
  })

  it(`refuses a client's codes, the right one too, after ${MAX_WRONG_CODES_PER_IP} wrong ones in an hour, whatever the address`, async () => {
    stack.clock.advance(GUESS_WINDOW_MS)
    const wrongsAt = stack.clock.time
    for (let index = 0; index < MAX_WRONG_CODES_PER_IP; index++) {
      // One wrong try per address: no address comes near its own limit.
      const answer = await otp({ email: uniqueEmail(`ip-${index}`), deviceId: newDeviceId(), code: '123456' })
      expectError(answer, 400, 'Invalid code')
    }
    const target = await started('ip-target')
    const wait = Math.ceil((wrongsAt + GUESS_WINDOW_MS - stack.clock.time) / 1000)
    expectError(await otp(target), 429, `Please try again after ${wait} seconds`)
    // The same code from another client IP is taken: the limit is this client's.
    const elsewhere = await otpFromElsewhere(target)
    assert.equal(elsewhere.status, 200, elsewhere.text)
    assert.match(elsewhere.text, /"sessionToken":"/)
  })
})

describe('the backend’s log (issue 33, section 3: logs hold no secret)', () => {
  const written: string[] = []
  const originals = { out: process.stdout.write, err: process.stderr.write }

  before(() => {
    // Everything the process writes (console.* goes through these), passed on as well.
    for (const [name, stream] of [
      ['out', process.stdout],
      ['err', process.stderr]
    ] as const) {
      const original = originals[name]
      stream.write = ((chunk: unknown, ...rest: unknown[]) => {
        written.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8'))
        return (original as (...args: unknown[]) => boolean).call(stream, chunk, ...rest)
      }) as typeof stream.write
    }
  })
  after(() => {
    process.stdout.write = originals.out
    process.stderr.write = originals.err
  })

  it('holds no master key, code, session token or private key through a login, a signing, a fault and sign-out', async () => {
    stack.clock.advance(GUESS_WINDOW_MS)
    const secrets: string[] = [stack.server.config.masterKey!]
    const codes: string[] = []
    // An e-mail login, then a second one on a new device (a device code, then a login code).
    const email = uniqueEmail('log')
    const login = await stack.login(email)
    const second = await stack.login(email)
    assert.deepEqual(second.steps, ['VERIFY_DEVICE', 'VERIFY_OTP'])
    for (const message of await stack.inbox.messagesTo(email)) codes.push(/\b(\d{6})\b/.exec(message.subject)![1]!)
    assert.equal(codes.length, 3)
    secrets.push(login.sessionToken, second.sessionToken)
    // The frame's own handlers: a login that makes the keys, a signature.
    const frame = await loggedInFrame(stack, 1, 'log-frame')
    const signature = await frame.rpc('personal_sign', ['0x68656c6c6f', frame.owner])
    assert.match(String(signature), /^0x[0-9a-f]{130}$/)
    secrets.push(frame.token)
    const session = expectOk(
      await stack.frame.get<{ keys: { privateKey: string }[] }>('/frame-api/session', { token: frame.token })
    )
    assert.ok(session.keys.length > 0)
    for (const key of session.keys) secrets.push(key.privateKey, key.privateKey.replace(/^0x/, ''))
    // A fault of ours, logged, its request carrying a token (an Origin that is no URL reaches new URL()).
    const fault = await fetch(`${stack.server.url}/v1/siwx/sessions?projectId=${PROJECT_ID}&st=appkit&sv=x`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'not a url', Authorization: `Bearer ${frame.token}` },
      body: JSON.stringify(await siwxSession())
    })
    assert.equal(fault.status, 500)
    expectOk(await stack.frame.post('/frame-api/sign-out', {}, { token: frame.token }))
    expectOk(await stack.frame.post('/frame-api/sign-out', {}, { token: login.sessionToken }))

    const log = written.join('')
    assert.match(log, /\[server\] POST \/v1\/siwx\/sessions failed/, 'the fault was logged, and read here')
    for (const secret of secrets) assert.ok(!log.includes(secret), `the log holds a secret (${secret.slice(0, 6)}…)`)
    for (const code of codes) assert.doesNotMatch(log, new RegExp(`\\b${code}\\b`), `the log holds the code ${code}`)
  })
})

/** A new code for `email` (after the 30 s wait), for the same device. */
async function restart(email: string, deviceId: string) {
  stack.clock.advance(RESEND_COOLDOWN_MS)
  expectOk(await stack.frame.post('/frame-api/email/start', { projectId: PROJECT_ID, email, deviceId }))
  return { code: await stack.inbox.waitForCode(email) }
}

/** A SIWX session body of a random account (signed), for the fault above. */
async function siwxSession() {
  const account = privateKeyToAccount(generatePrivateKey())
  const message = await createSiwxMessage(
    { accountAddress: account.address, chainId: 'eip155:1' },
    { nonce: 'abcdefgh12345678', domain: new URL(HOST_PAGE).host, uri: `${HOST_PAGE}/`, statement: 'Log test' }
  )
  const { toString: _text, ...data } = message
  const text = message.toString()
  return { data, message: text, signature: await account.signMessage({ message: text }) }
}
