// Sign In With Farcaster for the embedded wallet (service/frame/README.md, "Farcaster login"), with
// @farcaster/auth-client as the app's client of a Farcaster Auth relay:
//   start   the frame asks for a sign-in for one device and one host page: a relay channel whose
//           message must name the page's domain and a fresh nonce, and expire with the attempt
//   finish  the frame polls; once the visitor approved in their Farcaster client, the signed
//           message is verified (signature, nonce, domain, expiry, and on chain: the signer holds
//           custody of the fid or is one of its auth addresses), the fid's account is found or made,
//           and a session starts. Once per attempt, only for the device that started it.
import { createHash, randomBytes } from 'node:crypto'
import { createAppClient, type AppClient } from '@farcaster/auth-client'
import * as z from 'zod/mini'
import type { Database } from '../db/database.js'
import { ApiError, badRequest, notFound } from '../http.js'
import { isPageOriginAllowed } from '../../../src/utils/origin-patterns.js'
import type { ProjectConfig } from '../config.js'
import { registryConnector } from '../farcaster/registries.js'
import type { FarcasterSettings } from '../farcaster/settings.js'
import type { Account } from './accounts.js'
import { deviceHash, rememberDevice } from './devices.js'
import { accountForIdentity } from './identity-accounts.js'
import { createSession } from './sessions.js'
import type { SocialIdentity } from './social-login.js'
import { FARCASTER_EXPIRED, FARCASTER_NOT_VERIFIED, FARCASTER_UNAVAILABLE } from '../../../src/frame/farcaster.js'

/** How long a visitor has to approve; also the signed message's expiration time. */
export const FARCASTER_ATTEMPT_TTL_MS = 5 * 60_000
export const FARCASTER_PROVIDER = 'farcaster'

export const PAGE_NOT_ALLOWED = 'The page is not on an allowed origin'
export { FARCASTER_EXPIRED, FARCASTER_NOT_VERIFIED, FARCASTER_UNAVAILABLE }

export type FarcasterFinish =
  { state: 'pending' } | { state: 'completed'; account: Account; sessionToken: string; social: SocialIdentity }

export interface FarcasterLogin {
  start(request: { projectId: string; pageOrigin: string; deviceId: string }): Promise<{ uri: string; attempt: string }>
  /** Whether the visitor approved yet; once so, a session bound to `hostOrigin` (the host page the frame serves). */
  finish(request: { attempt: string; deviceId: string; hostOrigin: string }): Promise<FarcasterFinish>
}

interface AttemptRow {
  channel_token: string
  nonce: string
  domain: string
  device_hash: string
  expires_at: string
  used_at: string | null
}

const hash = (value: string) => createHash('sha256').update(value).digest('hex')
const unavailable = (cause: unknown) => {
  console.warn('[server] Farcaster relay:', cause instanceof Error ? cause.message : cause)
  return new ApiError(502, FARCASTER_UNAVAILABLE, 'farcaster_unavailable')
}
const expired = () => new ApiError(400, FARCASTER_EXPIRED, 'farcaster_expired')

// The relay's answers, as far as they are used (the auth client hands them over unchecked).
const channelSchema = z.object({
  channelToken: z.string().check(z.minLength(1), z.maxLength(512)),
  url: z.url(),
  nonce: z.string().check(z.minLength(1))
})
const statusSchema = z.object({
  state: z.enum(['pending', 'completed']),
  message: z.optional(z.string()),
  signature: z.optional(z.string().check(z.regex(/^0x[0-9a-fA-F]+$/))),
  fid: z.optional(z.number()),
  username: z.optional(z.string().check(z.maxLength(64)))
})
type RelayStatus = z.infer<typeof statusSchema>

export function createFarcasterLogin(options: {
  readonly db: Database
  readonly projects: readonly ProjectConfig[]
  readonly settings: FarcasterSettings
  readonly deviceKey: Buffer
  readonly now: () => number
  /** For tests: another client (the default talks to `settings.relayUrl`). */
  readonly client?: AppClient
}): FarcasterLogin {
  const { db, now } = options
  const client =
    options.client ??
    createAppClient({ relay: options.settings.relayUrl, ethereum: registryConnector(options.settings) })

  async function status(channelToken: string): Promise<RelayStatus> {
    let answer: Awaited<ReturnType<AppClient['status']>>
    try {
      answer = await client.status({ channelToken })
    } catch (error) {
      throw unavailable(error)
    }
    if (answer.isError) throw unavailable(answer.error)
    // The relay forgets a channel when it expires: 401.
    if (answer.response.status === 401 || answer.response.status === 404) throw expired()
    const parsed = statusSchema.safeParse(answer.data)
    if (![200, 202].includes(answer.response.status) || !parsed.success) {
      throw unavailable(`status ${answer.response.status}: ${JSON.stringify(answer.data).slice(0, 200)}`)
    }
    return parsed.data
  }

  async function verify(attempt: AttemptRow, answer: RelayStatus): Promise<{ fid: number; username: string }> {
    if (!answer.message || !answer.signature) throw new ApiError(400, FARCASTER_NOT_VERIFIED, 'farcaster_invalid')
    let verified: Awaited<ReturnType<AppClient['verifySignInMessage']>>
    try {
      verified = await client.verifySignInMessage({
        nonce: attempt.nonce,
        domain: attempt.domain,
        message: answer.message,
        signature: answer.signature as `0x${string}`,
        acceptAuthAddress: true
      })
    } catch (error) {
      throw unavailable(error)
    }
    if (verified.isError) {
      if (verified.error?.errCode === 'unavailable') throw unavailable(verified.error)
      console.warn('[server] Farcaster sign-in refused:', verified.error?.message)
      throw new ApiError(400, FARCASTER_NOT_VERIFIED, 'farcaster_invalid')
    }
    // The relay's fid is a claim; the verified message's is the one the chain vouched for.
    if (!verified.success || (answer.fid !== undefined && answer.fid !== verified.fid)) {
      throw new ApiError(400, FARCASTER_NOT_VERIFIED, 'farcaster_invalid')
    }
    return { fid: verified.fid, username: answer.username?.trim() || `fid:${verified.fid}` }
  }

  return {
    async start({ projectId, pageOrigin, deviceId }) {
      const project = options.projects.find(entry => entry.id === projectId)
      if (!project) throw notFound('Unknown project')
      let page: URL
      try {
        page = new URL(pageOrigin)
        if (page.protocol !== 'http:' && page.protocol !== 'https:') throw new Error('not http')
      } catch {
        throw badRequest(PAGE_NOT_ALLOWED)
      }
      if (!isPageOriginAllowed(page.origin, project.allowedOrigins)) throw badRequest(PAGE_NOT_ALLOWED)
      const expiresAt = now() + FARCASTER_ATTEMPT_TTL_MS
      const nonce = randomBytes(16).toString('hex')
      let channel: Awaited<ReturnType<AppClient['createChannel']>>
      try {
        channel = await client.createChannel({
          siweUri: page.origin,
          domain: page.host,
          nonce,
          expirationTime: new Date(expiresAt).toISOString(),
          acceptAuthAddress: true
        })
      } catch (error) {
        throw unavailable(error)
      }
      if (channel.isError) throw unavailable(channel.error)
      const created = channelSchema.safeParse(channel.data)
      if (channel.response.status !== 201 || !created.success || created.data.nonce !== nonce) {
        throw unavailable(`channel ${channel.response.status}: ${JSON.stringify(channel.data).slice(0, 200)}`)
      }
      const attempt = randomBytes(32).toString('base64url')
      await db.query(
        `INSERT INTO wallet_farcaster_attempts
           (attempt_hash, project_id, device_hash, channel_token, nonce, domain, created_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [
          hash(attempt),
          projectId,
          deviceHash(options.deviceKey, deviceId),
          created.data.channelToken,
          nonce,
          page.host,
          now(),
          expiresAt
        ]
      )
      return { uri: created.data.url, attempt }
    },

    async finish({ attempt, deviceId, hostOrigin }) {
      const device = deviceHash(options.deviceKey, deviceId)
      const { rows } = await db.query<AttemptRow>(
        'SELECT * FROM wallet_farcaster_attempts WHERE attempt_hash = $1 AND device_hash = $2',
        [hash(attempt), device]
      )
      const row = rows[0]
      if (!row || row.used_at !== null || Number(row.expires_at) <= now()) throw expired()
      const answer = await status(row.channel_token)
      if (answer.state !== 'completed') return { state: 'pending' }
      const { fid, username } = await verify(row, answer)
      return db.transaction(async tx => {
        // Spent at once: two polls that both saw the approval make one session, not two.
        const spent = await tx.query(
          'UPDATE wallet_farcaster_attempts SET used_at = $2 WHERE attempt_hash = $1 AND used_at IS NULL RETURNING 1',
          [hash(attempt), now()]
        )
        if (spent.rows.length === 0) throw expired()
        const accountId = await accountForIdentity(
          tx,
          { provider: FARCASTER_PROVIDER, subject: String(fid), username },
          now()
        )
        const accounts = await tx.query<Account>('SELECT id::text AS id, email FROM wallet_accounts WHERE id = $1', [
          accountId
        ])
        const account = accounts.rows[0]!
        await rememberDevice(tx, account.id, device, now())
        const sessionToken = await createSession(tx, account.id, device, hostOrigin, now())
        return { state: 'completed', account, sessionToken, social: { provider: FARCASTER_PROVIDER, username } }
      })
    }
  }
}
