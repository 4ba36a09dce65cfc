// The logged-in account as the frame holds it: the e-mail and the keys, in memory only. After a
// reload the keys come back from GET /frame-api/session with the stored token; an expired session
// (401) ends the login here too. Before an approval, and on every call with the token, a 401 from
// the backend ends it as well: the keys leave memory and the answer is 'Session Expired'.
import { FRAME_SESSION_EXPIRED } from '../../src/frame/rpc-methods.js'
import { BackendError, type Backend, type SocialIdentity } from './backend.js'
import { ensureKeys, type Keyring } from './keys.js'
import type { FrameSession } from './session.js'

export const NOT_CONNECTED = 'The wallet is not connected'

export interface Account {
  /** Null for a social login's account. */
  readonly email: string | null
  readonly keyring: Keyring
  /** The provider and user name of a social login. */
  readonly social?: SocialIdentity
}

export class Wallet {
  #account: Account | undefined
  #restoring: Promise<Account | undefined> | undefined

  constructor(
    private readonly backend: Backend,
    private readonly session: FrameSession
  ) {}

  /** The account in memory, if any (no backend call). */
  get current(): Account | undefined {
    return this.#account
  }

  /** Logs in: keeps the account in memory and the token in storage. */
  set(account: Account, token: string): void {
    this.#account = account
    this.session.setToken(token)
  }

  setEmail(email: string): void {
    if (this.#account) this.#account = { ...this.#account, email }
  }

  /** Forgets the account and the token. */
  clear(): void {
    this.#account = undefined
    this.session.setToken(undefined)
  }

  /**
   * The account: from memory, or restored from the stored token (GET /frame-api/session);
   * undefined when there is no token or the session has expired (the token is then dropped).
   * Other failures (the backend unreachable) throw and keep the token for the next try.
   */
  async restore(): Promise<Account | undefined> {
    if (this.#account) return this.#account
    const token = this.session.token()
    if (!token) return undefined
    if (!this.#restoring) {
      const restoring = this.#load(token)
      this.#restoring = restoring
      const done = () => {
        if (this.#restoring === restoring) this.#restoring = undefined
      }
      restoring.then(done, done)
    }
    return this.#restoring
  }

  async #load(token: string): Promise<Account | undefined> {
    try {
      const answer = await this.backend.session(token)
      const keyring = await ensureKeys(this.backend, token, answer.keys)
      // A sign-out or another login while this was on its way wins.
      if (this.session.token() !== token) return this.#account
      this.#account = { email: answer.email, keyring, ...(answer.social ? { social: answer.social } : {}) }
      return this.#account
    } catch (error) {
      if (error instanceof BackendError && error.status === 401) {
        if (this.session.token() === token) this.clear()
        return undefined
      }
      throw error
    }
  }

  /** The account, restored if need be; throws 'The wallet is not connected' when there is none. */
  async require(): Promise<Account> {
    const account = await this.restore()
    if (!account) throw new Error(NOT_CONNECTED)
    return account
  }

  /**
   * `call` with the session's token. A 401 from the backend (the session expired, or ended
   * elsewhere) forgets the account and the token and throws 'Session Expired'.
   */
  async withSession<T>(call: (token: string) => Promise<T>): Promise<T> {
    const token = this.token()
    try {
      return await call(token)
    } catch (error) {
      if (error instanceof BackendError && error.status === 401) {
        if (this.session.token() === token) this.clear()
        throw new Error(FRAME_SESSION_EXPIRED, { cause: error })
      }
      throw error
    }
  }

  /** Checks with the backend that the session still holds (before an approval); see withSession. */
  async confirmSession(): Promise<void> {
    await this.withSession(token => this.backend.sessionStatus(token))
  }

  /** The stored token; throws 'The wallet is not connected' when there is none. */
  token(): string {
    const token = this.session.token()
    if (!token) throw new Error(NOT_CONNECTED)
    return token
  }
}
