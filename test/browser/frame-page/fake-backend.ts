// An in-memory stand-in for the frame's backend (service/frame/backend.ts's Backend), close to the routes
// service/frame/README.md describes: a login code '123456', a device code '654321' for a known account on a
// new device, sessions by token (401 'Session Expired' once ended), keys stored first-wins, and a
// chain (rpc) that the test sets; social logins whose one-time results the test grants
// (grantSocial) for a device; Farcaster sign-ins pending until the test approves them
// (approveFarcaster). Every call is recorded.
import { BackendError, type Backend, type StoredKey } from '../../../service/frame/backend.js'
import type { TokenBalance } from '../../../src/api/schemas/balance.js'
import { FARCASTER_EXPIRED } from '../../../src/frame/farcaster.js'

/** What a JSON answer gives: copies, never the fake's own objects. */
const copy = (keys: readonly StoredKey[]): StoredKey[] => keys.map(key => ({ ...key }))

export const LOGIN_CODE = '123456'
export const DEVICE_CODE = '654321'

export interface RecordedCall {
  readonly route: string
  readonly token?: string
  readonly body?: unknown
}

interface Account {
  email: string
  keys: StoredKey[]
  devices: Set<string>
  /** A social login's account: the provider and user name; it has no e-mail. */
  social?: { provider: string; username: string }
}

export class FakeBackend implements Backend {
  readonly calls: RecordedCall[] = []
  readonly accounts = new Map<string, Account>()
  readonly sessions = new Map<string, string>()
  allowedOrigins: string[] = ['http://localhost:*']
  /** The chain behind POST /frame-api/rpc. */
  chain: (chainId: string, request: { method: string; params: unknown[] }) => unknown = () => ({
    jsonrpc: '2.0',
    id: 1,
    result: null
  })
  #pendingEmail: string | undefined
  #nextToken = 1
  readonly #socialResults = new Map<string, { provider: string; username: string; deviceId: string }>()

  /** What the backend's callback would have granted: a one-time result for `deviceId`'s frame. */
  grantSocial(provider: string, username: string, deviceId: string): string {
    const result = `result-${this.#socialResults.size + 1}-${provider}`
    this.#socialResults.set(result, { provider, username, deviceId })
    return result
  }

  async socialStart(body: { projectId: string; provider: string; returnUrl: string; deviceId: string }) {
    this.#record('social/start', body)
    const uri = new URL(`https://accounts.${body.provider}.test/authorize`)
    uri.searchParams.set('return', body.returnUrl)
    return { uri: uri.toString() }
  }

  async socialFinish(body: { result: string; deviceId: string }) {
    this.#record('social/finish', body)
    const granted = this.#socialResults.get(body.result)
    if (!granted || granted.deviceId !== body.deviceId) {
      throw new BackendError('The sign-in took too long or was already used, try again', 400)
    }
    this.#socialResults.delete(body.result)
    const key = `${granted.provider}:${granted.username}`
    const account = this.#account(key)
    account.social = { provider: granted.provider, username: granted.username }
    const sessionToken = `token-${String(this.#nextToken++).padStart(16, '0')}`
    this.sessions.set(sessionToken, key)
    return { sessionToken, email: null, keys: copy(account.keys), social: account.social }
  }

  readonly #farcaster = new Map<string, { deviceId: string; username?: string; used: boolean }>()

  /** The visitor approved the Farcaster attempt `attempt` in their app, as `username`. */
  approveFarcaster(attempt: string, username: string): void {
    const found = this.#farcaster.get(attempt)
    if (!found) throw new Error(`no Farcaster attempt ${attempt}`)
    found.username = username
  }

  /** The attempts started so far, oldest first. */
  farcasterAttempts(): string[] {
    return [...this.#farcaster.keys()]
  }

  async farcasterStart(body: { projectId: string; pageOrigin: string; deviceId: string }) {
    this.#record('farcaster/start', body)
    const attempt = `attempt-${this.#farcaster.size + 1}`
    this.#farcaster.set(attempt, { deviceId: body.deviceId, used: false })
    return { uri: `https://relay.test/~/siwf?channelToken=channel-${this.#farcaster.size}`, attempt }
  }

  async farcasterFinish(body: { attempt: string; deviceId: string }) {
    this.#record('farcaster/finish', body)
    const found = this.#farcaster.get(body.attempt)
    if (!found || found.used || found.deviceId !== body.deviceId) {
      throw new BackendError(FARCASTER_EXPIRED, 400)
    }
    if (!found.username) return { state: 'pending' as const }
    found.used = true
    const key = `farcaster:${found.username}`
    const account = this.#account(key)
    account.social = { provider: 'farcaster', username: found.username }
    const sessionToken = `token-${String(this.#nextToken++).padStart(16, '0')}`
    this.sessions.set(sessionToken, key)
    return { state: 'completed' as const, sessionToken, email: null, keys: copy(account.keys), social: account.social }
  }

  #record(route: string, body?: unknown, token?: string): void {
    this.calls.push({ route, ...(token ? { token } : {}), ...(body === undefined ? {} : { body }) })
  }

  #email(token: string): string {
    const email = this.sessions.get(token)
    if (!email) throw new BackendError('Session Expired', 401)
    return email
  }

  #account(email: string): Account {
    let account = this.accounts.get(email)
    if (!account) {
      account = { email, keys: [], devices: new Set() }
      this.accounts.set(email, account)
    }
    return account
  }

  async project(projectId: string) {
    this.#record('project', projectId)
    if (projectId === 'unknown') throw new BackendError('Invalid Project ID', 404)
    return { allowedOrigins: this.allowedOrigins }
  }

  async emailStart(body: { projectId: string; email: string; deviceId: string }) {
    this.#record('email/start', body)
    const known = this.accounts.get(body.email)
    return { action: known && !known.devices.has(body.deviceId) ? ('VERIFY_DEVICE' as const) : ('VERIFY_OTP' as const) }
  }

  async emailDevice(body: { email: string; deviceId: string; code: string }) {
    this.#record('email/device', body)
    if (body.code !== DEVICE_CODE) throw new BackendError('Invalid code', 400)
    this.#account(body.email).devices.add(body.deviceId)
    return { action: 'VERIFY_OTP' as const }
  }

  async emailOtp(body: { email: string; deviceId: string; code: string }) {
    this.#record('email/otp', body)
    if (body.code !== LOGIN_CODE) throw new BackendError('Invalid code', 400)
    const account = this.#account(body.email)
    account.devices.add(body.deviceId)
    const sessionToken = `token-${String(this.#nextToken++).padStart(16, '0')}`
    this.sessions.set(sessionToken, body.email)
    return { sessionToken, email: body.email, keys: copy(account.keys) }
  }

  async storeKeys(token: string, keys: readonly StoredKey[]) {
    this.#record('keys', { keys }, token)
    const account = this.#account(this.#email(token))
    for (const key of keys) {
      if (!account.keys.some(stored => stored.namespace === key.namespace)) account.keys.push({ ...key })
    }
    return { keys: copy(account.keys) }
  }

  async session(token: string) {
    this.#record('session', undefined, token)
    const account = this.#account(this.#email(token))
    if (account.social) return { email: null, keys: copy(account.keys), social: account.social }
    return { email: account.email, keys: copy(account.keys) }
  }

  async sessionStatus(token: string) {
    this.#record('session/status', undefined, token)
    const account = this.#account(this.#email(token))
    return { email: account.social ? null : account.email }
  }

  async signOut(token: string) {
    this.#record('sign-out', undefined, token)
    this.#email(token)
    this.sessions.delete(token)
  }

  async updateEmail(token: string, newEmail: string) {
    this.#record('email/update', { newEmail }, token)
    this.#email(token)
    this.#pendingEmail = newEmail
    return { action: 'VERIFY_PRIMARY_OTP' as const }
  }

  async updateEmailPrimary(token: string, code: string) {
    this.#record('email/update/primary', { code }, token)
    this.#email(token)
    if (code !== LOGIN_CODE) throw new BackendError('Invalid code', 400)
    return { action: 'VERIFY_SECONDARY_OTP' as const }
  }

  async updateEmailSecondary(token: string, code: string) {
    this.#record('email/update/secondary', { code }, token)
    const email = this.#email(token)
    if (code !== LOGIN_CODE || !this.#pendingEmail) throw new BackendError('Invalid code', 400)
    const account = this.#account(email)
    this.accounts.delete(email)
    account.email = this.#pendingEmail
    this.accounts.set(account.email, account)
    for (const [session, owner] of this.sessions) if (owner === email) this.sessions.set(session, account.email)
    return { email: account.email }
  }

  async rpc(chainId: string, request: unknown) {
    this.#record('rpc', { chainId, request })
    return this.chain(chainId, request as { method: string; params: unknown[] })
  }

  /** Where GET /frame-api/smart-accounts says smart accounts run: nowhere unless a test says so. */
  smartAccountChains: number[] = []

  async smartAccounts() {
    this.#record('smart-accounts', undefined)
    return {
      entryPoint: '0x322619fcCcc741880ee7071cBE4e877Fb919eCf8',
      factory: '0x8F3acfD2738a732AA1e0367480559f13e8DEF69C',
      chainIds: [...this.smartAccountChains]
    }
  }

  /** The fake has no bundler: smart accounts run against the real one (test/server/frame-smart-wallet.test.ts). */
  async bundler(chainId: string, request: unknown): Promise<unknown> {
    this.#record('bundler', { chainId, request })
    throw new BackendError('No bundler in the fake backend', 404)
  }

  /** What GET /frame-api/balance answers, by address in lower case: nothing unless a test says. */
  readonly balances = new Map<string, TokenBalance[]>()

  async balance(token: string, address: string) {
    this.#record('balance', { address }, token)
    this.#email(token)
    return (this.balances.get(address.toLowerCase()) ?? []).map(balance => ({ ...balance }))
  }

  routes(): string[] {
    return this.calls.map(call => call.route)
  }
}

/** A Storage in memory (what the frame keeps in localStorage), readable by the test. */
export function memoryStorage(): Storage & { values: Map<string, string> } {
  const values = new Map<string, string>()
  return {
    values,
    get length() {
      return values.size
    },
    key: index => [...values.keys()][index] ?? null,
    clear: () => values.clear(),
    getItem: key => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, String(value)),
    removeItem: key => void values.delete(key)
  }
}
