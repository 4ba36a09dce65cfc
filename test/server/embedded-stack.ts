// What the embedded wallet's tests share: a real maildev (mail-inbox.ts), the backend from
// startServer on free ports (its API and the frame's origin) over a fresh PGlite, a clock the
// tests move (codes and sessions read it), a client for the frame's API that sends the frame's own
// Origin unless told otherwise, and the e-mail login as one call.
import assert from 'node:assert/strict'
import { randomBytes, randomUUID } from 'node:crypto'
import { after, before } from 'node:test'
import type { ServerConfigInput } from '../../service/backend/config.js'
import type { ChainContext } from '../../service/backend/context.js'
import { RESEND_COOLDOWN_MS } from '../../service/backend/embedded/codes.js'
import { HOST_ORIGIN_HEADER } from '../../src/frame/host-origin.js'
import { startServer, type RunningServer } from '../../service/backend/main.js'
import { openTestDatabase, type TestDatabase } from './helpers.js'
import { startMailInbox, type MailInbox } from './mail-inbox.js'

export const PROJECT_ID = 'appkit-local'
/** The host page the tests' frame serves (the demo's origin, which the local project allows). */
export const HOST_PAGE = 'http://localhost:5173'
/** Round numbers, so that no code or key can hide in a timestamp by chance. */
export const START_TIME = 1_700_000_000_000

export class Clock {
  time = START_TIME
  readonly now = () => this.time
  advance(ms: number): void {
    this.time += ms
  }
}

export interface FrameAnswer<T = Record<string, unknown>> {
  status: number
  headers: Headers
  body: T
}

export interface FrameRequestOptions {
  body?: unknown
  token?: string
  /** The Origin header: the frame's own by default; null sends none. */
  origin?: string | null
  /** The host page the call is made for (the x-appkit-host-origin header): HOST_PAGE by default; null sends none. */
  hostOrigin?: string | null
  headers?: Record<string, string>
}

export class FrameClient {
  constructor(readonly url: string) {}

  async request<T = Record<string, unknown>>(
    method: string,
    path: string,
    options: FrameRequestOptions = {}
  ): Promise<FrameAnswer<T>> {
    const origin = options.origin === undefined ? this.url : options.origin
    const hostOrigin = options.hostOrigin === undefined ? HOST_PAGE : options.hostOrigin
    const response = await fetch(`${this.url}${path}`, {
      method,
      headers: {
        ...(options.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
        ...(origin !== null ? { Origin: origin } : {}),
        ...(hostOrigin !== null ? { [HOST_ORIGIN_HEADER]: hostOrigin } : {}),
        ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
        ...options.headers
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body)
    })
    const text = await response.text()
    let body: unknown = text
    try {
      body = JSON.parse(text)
    } catch {
      // not JSON
    }
    return { status: response.status, headers: response.headers, body: body as T }
  }

  post<T = Record<string, unknown>>(path: string, body: unknown, options: Omit<FrameRequestOptions, 'body'> = {}) {
    return this.request<T>('POST', path, { ...options, body })
  }

  get<T = Record<string, unknown>>(path: string, options: FrameRequestOptions = {}) {
    return this.request<T>('GET', path, { origin: null, ...options })
  }
}

/** Asserts `answer` is `status` with `{ message }`; answers the message. */
export function expectError(answer: FrameAnswer, status: number, message?: string): string {
  assert.equal(answer.status, status, `expected ${status}, got ${answer.status}: ${JSON.stringify(answer.body)}`)
  const text = (answer.body as { message?: unknown }).message
  assert.equal(typeof text, 'string', JSON.stringify(answer.body))
  if (message !== undefined) assert.equal(text, message)
  return text as string
}

export function expectOk<T = Record<string, unknown>>(answer: FrameAnswer<T>): T {
  assert.equal(answer.status, 200, `expected 200, got ${answer.status}: ${JSON.stringify(answer.body)}`)
  return answer.body
}

export const newDeviceId = (): string => randomUUID()
export const uniqueEmail = (label: string) => `${label}-${randomBytes(4).toString('hex')}@example.com`
export const randomKey = () => `0x${randomBytes(32).toString('hex')}` as const

export interface WalletKeyJson {
  namespace: 'eip155' | 'solana'
  privateKey: string
}

export interface LoginAnswer {
  sessionToken: string
  email: string
  keys: WalletKeyJson[]
}

export interface EmbeddedStack {
  server: RunningServer
  inbox: MailInbox
  clock: Clock
  frame: FrameClient
  database: TestDatabase
  /** The whole e-mail login on `deviceId`: start, the device code when asked, the login code. */
  login(email: string, deviceId?: string): Promise<LoginAnswer & { deviceId: string; steps: string[] }>
}

export interface EmbeddedStackOptions {
  config?: Partial<ServerConfigInput>
  /** Read when the stack starts (a chain another hook of the file started first). */
  chains?: () => ChainContext[]
  frameDistDir?: string
}

/** The whole e-mail login on `deviceId`: start, the device code when asked, the login code. */
export async function emailLogin(
  parts: Pick<EmbeddedStack, 'frame' | 'inbox' | 'clock'>,
  email: string,
  deviceId: string = newDeviceId()
): Promise<LoginAnswer & { deviceId: string; steps: string[] }> {
  const { frame, inbox, clock } = parts
  // Clear of the 30 s wait since any earlier code to this address.
  clock.advance(RESEND_COOLDOWN_MS)
  const steps: string[] = []
  const start = expectOk(await frame.post('/frame-api/email/start', { projectId: PROJECT_ID, email, deviceId }))
  steps.push(String(start.action))
  if (start.action === 'VERIFY_DEVICE') {
    const code = await inbox.waitForCode(email)
    const device = expectOk(await frame.post('/frame-api/email/device', { email, deviceId, code }))
    steps.push(String(device.action))
  }
  const code = await inbox.waitForCode(email)
  const answer = expectOk(await frame.post<LoginAnswer>('/frame-api/email/otp', { email, deviceId, code }))
  return { ...answer, deviceId, steps }
}

/** Registers the hooks that start maildev and the backend before the file's tests and stop them after. */
export function useEmbeddedStack(options: EmbeddedStackOptions = {}): EmbeddedStack {
  const stack = {} as EmbeddedStack
  before(async () => {
    const [inbox, database] = await Promise.all([startMailInbox(), openTestDatabase()])
    const clock = new Clock()
    const server = await startServer({
      port: 0,
      ignoreEnv: true,
      db: database.db,
      now: clock.now,
      chains: options.chains?.() ?? [],
      ...(options.frameDistDir ? { frameDistDir: options.frameDistDir } : {}),
      config: {
        framePort: 0,
        smtpUrl: inbox.smtpUrl,
        masterKey: randomBytes(32).toString('base64'),
        ...options.config
      }
    })
    const frame = new FrameClient(server.frameUrl)
    Object.assign(stack, { server, inbox, clock, frame, database })
    stack.login = (email, deviceId) => emailLogin(stack, email, deviceId)
  })
  after(async () => {
    await stack.server?.stop()
    await stack.inbox?.stop()
    await stack.database?.dispose()
  })
  return stack
}
