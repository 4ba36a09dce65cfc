// Social login for the embedded wallet (service/frame/README.md, "Social login"): OAuth 2.0 authorization
// code with PKCE through the provider (service/backend/social/oauth.ts), finished here so that neither the
// host page nor the frame ever holds a provider's token.
//   start     the frame asks for a provider's sign-in URL for one device, to return to a page of an
//             allowed origin: a random state, stored hashed with where to return (10 minutes)
//   callback  the provider sends the visitor's browser back with the code: it is exchanged, the
//             visitor identified, their account found or made, and the browser sent back to the
//             page with a one-time result (or with the error) in `appkit_social_result`
//   finish    the frame of the same device redeems the result once (2 minutes): a session
import { createHash, randomBytes } from 'node:crypto'
import type { Database } from '../db/database.js'
import { ApiError, badRequest, notFound } from '../http.js'
import { isPageOriginAllowed } from '../../../src/utils/origin-patterns.js'
import type { ProjectConfig } from '../config.js'
import {
  authorizationUrl,
  exchangeCode,
  identify,
  resolveProvider,
  SocialLoginError,
  type ResolvedProvider,
  type SocialProfile
} from '../social/oauth.js'
import type { SocialProviderConfig } from '../social/providers.js'
import type { Account } from './accounts.js'
import { deviceHash, rememberDevice } from './devices.js'
import { accountForIdentity } from './identity-accounts.js'
import { createSession } from './sessions.js'

export const ATTEMPT_TTL_MS = 10 * 60_000
export const RESULT_TTL_MS = 2 * 60_000
/** The query parameters the visitor's page gets back. */
export const RESULT_PARAM = 'appkit_social_result'
export const ERROR_PARAM = 'appkit_social_error'

export const UNKNOWN_PROVIDER = 'Unknown social provider'
export const RETURN_NOT_ALLOWED = 'The page to return to is not on an allowed origin'
export const LOGIN_EXPIRED = 'The sign-in took too long or was already used, try again'

export interface SocialIdentity {
  readonly provider: string
  readonly username: string
}

export interface SocialLogin {
  start(request: {
    projectId: string
    provider: string
    returnUrl: string
    deviceId: string
    redirectUri: string
  }): Promise<string>
  /** Where to send the browser: the page with the result or the error; throws 400 when the state is unknown. */
  callback(query: { state?: string; code?: string; error?: string }, redirectUri: string): Promise<string>
  /** Redeems the result: a session bound to `hostOrigin`, the host page the frame serves. */
  finish(request: {
    result: string
    deviceId: string
    hostOrigin: string
  }): Promise<{ account: Account; sessionToken: string; social: SocialIdentity }>
  /** The social identity the account signs in with, if any. */
  identityOf(accountId: string): Promise<SocialIdentity | undefined>
}

const hash = (value: string) => createHash('sha256').update(value).digest('hex')
const random = () => randomBytes(32).toString('base64url')

interface AttemptRow {
  provider: string
  project_id: string
  return_url: string
  device_hash: string
  expires_at: string
  called_back_at: string | null
  account_id: string | null
  provider_username: string | null
  used_at: string | null
}

function withParam(returnUrl: string, name: string, value: string): string {
  const url = new URL(returnUrl)
  url.searchParams.delete(RESULT_PARAM)
  url.searchParams.delete(ERROR_PARAM)
  url.searchParams.set(name, value)
  return url.toString()
}

export function createSocialLogin(options: {
  readonly db: Database
  readonly projects: readonly ProjectConfig[]
  readonly providers: readonly SocialProviderConfig[]
  /** Keys derived from the master key: the attempts' PKCE/nonce, and device ids. */
  readonly stateKey: Buffer
  readonly deviceKey: Buffer
  readonly now: () => number
  readonly fetch?: typeof fetch
}): SocialLogin {
  const { db, now } = options
  const resolved = new Map<string, Promise<ResolvedProvider>>()

  function provider(name: string): Promise<ResolvedProvider> {
    const config = options.providers.find(entry => entry.provider === name)
    if (!config) throw notFound(UNKNOWN_PROVIDER)
    let found = resolved.get(name)
    if (!found) {
      found = resolveProvider(config, options.fetch)
      // A failed discovery is tried again next time.
      found.catch(() => resolved.delete(name))
      resolved.set(name, found)
    }
    return found
  }

  return {
    async start({ projectId, provider: name, returnUrl, deviceId, redirectUri }) {
      const project = options.projects.find(entry => entry.id === projectId)
      if (!project) throw notFound('Unknown project')
      const resolvedProvider = await provider(name)
      let origin: string
      try {
        const url = new URL(returnUrl)
        if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('not http')
        origin = url.origin
      } catch {
        throw badRequest(RETURN_NOT_ALLOWED)
      }
      if (!isPageOriginAllowed(origin, project.allowedOrigins)) throw badRequest(RETURN_NOT_ALLOWED)
      const state = random()
      await db.query(
        `INSERT INTO wallet_social_attempts (state_hash, provider, project_id, return_url, device_hash, created_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [
          hash(state),
          name,
          projectId,
          returnUrl,
          deviceHash(options.deviceKey, deviceId),
          now(),
          now() + ATTEMPT_TTL_MS
        ]
      )
      return authorizationUrl(resolvedProvider, { state, redirectUri, key: options.stateKey })
    },

    async callback(query, redirectUri) {
      const { rows } = query.state
        ? await db.query<AttemptRow>('SELECT * FROM wallet_social_attempts WHERE state_hash = $1', [hash(query.state)])
        : { rows: [] as AttemptRow[] }
      const attempt = rows[0]
      if (!attempt || attempt.called_back_at !== null || Number(attempt.expires_at) <= now()) {
        throw badRequest(LOGIN_EXPIRED)
      }
      const state = query.state!
      await db.query('UPDATE wallet_social_attempts SET called_back_at = $2 WHERE state_hash = $1', [
        hash(state),
        now()
      ])
      if (query.error || !query.code) {
        return withParam(
          attempt.return_url,
          ERROR_PARAM,
          query.error && /^[a-z_]{1,64}$/.test(query.error) ? query.error : 'failed'
        )
      }
      let profile: SocialProfile
      try {
        const resolvedProvider = await provider(attempt.provider)
        const tokens = await exchangeCode(
          resolvedProvider,
          { code: query.code, state, redirectUri, key: options.stateKey },
          options.fetch
        )
        profile = await identify(resolvedProvider, tokens, { state, key: options.stateKey }, options.fetch)
      } catch (error) {
        if (!(error instanceof SocialLoginError)) throw error
        console.warn(`[server] social login (${attempt.provider}):`, error.message)
        return withParam(attempt.return_url, ERROR_PARAM, 'failed')
      }
      const result = random()
      await db.transaction(async tx => {
        const accountId = await accountForIdentity(tx, profile, now())
        await tx.query(
          `UPDATE wallet_social_attempts SET result_hash = $2, account_id = $3, provider_username = $4, expires_at = $5
           WHERE state_hash = $1`,
          [hash(state), hash(result), accountId, profile.username, now() + RESULT_TTL_MS]
        )
      })
      return withParam(attempt.return_url, RESULT_PARAM, result)
    },

    async finish({ result, deviceId, hostOrigin }) {
      const device = deviceHash(options.deviceKey, deviceId)
      return db.transaction(async tx => {
        // Spent at once: a result is redeemed once, and only by the device that started the login.
        const { rows } = await tx.query<AttemptRow>(
          `UPDATE wallet_social_attempts SET used_at = $2
           WHERE result_hash = $1 AND device_hash = $3 AND used_at IS NULL AND expires_at > $2 RETURNING *`,
          [hash(result), now(), device]
        )
        const attempt = rows[0]
        if (!attempt?.account_id) throw new ApiError(400, LOGIN_EXPIRED, 'social_expired')
        const accounts = await tx.query<Account>('SELECT id::text AS id, email FROM wallet_accounts WHERE id = $1', [
          attempt.account_id
        ])
        const account = accounts.rows[0]
        if (!account) throw new ApiError(400, LOGIN_EXPIRED, 'social_expired')
        await rememberDevice(tx, account.id, device, now())
        const sessionToken = await createSession(tx, account.id, device, hostOrigin, now())
        return {
          account,
          sessionToken,
          social: { provider: attempt.provider, username: attempt.provider_username ?? '' }
        }
      })
    },

    async identityOf(accountId) {
      const { rows } = await db.query<SocialIdentity>(
        `SELECT provider, username FROM wallet_social_identities WHERE account_id = $1
         ORDER BY last_login_at DESC LIMIT 1`,
        [accountId]
      )
      return rows[0]
    }
  }
}
