// The embedded wallet's flows over accounts, devices, codes, mail, sessions and keys (the routes
// in service/backend/routes/frame-api*.ts only parse and answer):
//   start          a known account on a device it has not seen gets a device code, anyone else a
//                  login code
//   verifyDevice   the device code: the device is remembered, a login code is sent
//   verifyLogin    the login code: the account (created when new), the device remembered, a session
//   update         a code to the current address, then one to the new address, then the change
// Created only when the master key is configured (createEmbeddedWallet answers undefined otherwise).
import { decodeMasterKey } from '../config.js'
import { nowOf, type ServerContext } from '../context.js'
import { ApiError, badRequest } from '../http.js'
import {
  accountById,
  assertEmailFree,
  changeEmail,
  emailOf,
  ensureAccount,
  findAccount,
  normalizeEmail,
  type Account
} from './accounts.js'
import {
  assertCanSend,
  codeOfAccount,
  consumeCode,
  dropCode,
  INVALID_CODE,
  peekCode,
  storeCode,
  type CodeTarget
} from './codes.js'
import { deviceHash, isKnownDevice, rememberDevice } from './devices.js'
import { deriveKey } from './envelope.js'
import { loadKeys, storeKeys, type SubmittedKey, type WalletKey } from './keys.js'
import { createMailer, type Mailer } from './mailer.js'
import { bearerToken, createSession, revokeSession, sessionAccount, sessionExpired } from './sessions.js'
import { createSocialLogin, type SocialLogin } from './social-login.js'
import { createFarcasterLogin, type FarcasterLogin } from './farcaster-login.js'

export interface LoginStep {
  email: string
  deviceId: string
  code: string
  /** The client's IP, for the per-IP guess limit (guess-limits.ts). */
  ip?: string
}

export interface LoginResult {
  sessionToken: string
  email: string
  keys: WalletKey[]
}

export interface EmbeddedWallet {
  start(email: string, deviceId: string): Promise<'VERIFY_DEVICE' | 'VERIFY_OTP'>
  verifyDevice(step: LoginStep): Promise<'VERIFY_OTP'>
  /** The login code: a session bound to `hostOrigin`, the host page the frame serves. */
  verifyLogin(step: LoginStep, hostOrigin: string): Promise<LoginResult>
  /**
   * The account of the request's bearer token, when its session was made for `hostOrigin`; 401
   * 'Session Expired' otherwise.
   */
  account(authorization: string | undefined, hostOrigin: string): Promise<Account>
  keys(account: Account): Promise<WalletKey[]>
  /** Stores the keys the account lacks and answers all of its keys (the first stored win). */
  storeKeys(account: Account, keys: readonly SubmittedKey[]): Promise<WalletKey[]>
  signOut(authorization: string | undefined): Promise<void>
  startUpdate(account: Account, newEmail: string): Promise<'VERIFY_PRIMARY_OTP'>
  verifyUpdatePrimary(account: Account, code: string, ip?: string): Promise<'VERIFY_SECONDARY_OTP'>
  /** Answers the account's new address. */
  verifyUpdateSecondary(account: Account, code: string, ip?: string): Promise<string>
  /** Social login (service/backend/embedded/social-login.ts). */
  readonly social: SocialLogin
  /** Sign In With Farcaster (service/backend/embedded/farcaster-login.ts). */
  readonly farcaster: FarcasterLogin
  close(): void
}

const invalidCode = () => new ApiError(400, INVALID_CODE, 'invalid_code')
const ipOf = (ip: string | undefined) => (ip ? { ip } : {})

export function createEmbeddedWallet(
  context: ServerContext,
  options: { mailer?: Mailer } = {}
): EmbeddedWallet | undefined {
  const { db, config } = context
  if (!config.masterKey) return undefined
  const masterKey = decodeMasterKey(config.masterKey)
  const codeKey = deriveKey(masterKey, 'one-time-codes')
  const deviceKey = deriveKey(masterKey, 'device-ids')
  const mailer = options.mailer ?? createMailer(config)
  const now = () => nowOf(context)
  const social = createSocialLogin({
    db,
    projects: config.projects,
    providers: config.socialProviders,
    stateKey: deriveKey(masterKey, 'social-login'),
    deviceKey,
    now
  })
  const farcaster = createFarcasterLogin({ db, projects: config.projects, settings: config.farcaster, deviceKey, now })

  async function sendCode(target: CodeTarget): Promise<void> {
    const code = await storeCode(db, codeKey, target, now())
    try {
      await mailer.sendCode({ to: target.email, code, purpose: target.purpose, newEmail: target.newEmail })
    } catch (error) {
      await dropCode(db, codeKey, target, code)
      console.error(`[server] the ${target.purpose} code could not be mailed (${config.smtpUrl}):`, error)
      throw new ApiError(502, 'The e-mail with the code could not be sent, try again later', 'mail_failed')
    }
  }

  return {
    async start(rawEmail, deviceId) {
      const email = normalizeEmail(rawEmail)
      const device = deviceHash(deviceKey, deviceId)
      const account = await findAccount(db, email)
      if (account && !(await isKnownDevice(db, account.id, device))) {
        await sendCode({ email, purpose: 'device', accountId: account.id, deviceHash: device })
        return 'VERIFY_DEVICE'
      }
      await sendCode({ email, purpose: 'login', deviceHash: device })
      return 'VERIFY_OTP'
    },

    async verifyDevice(step) {
      const email = normalizeEmail(step.email)
      const device = deviceHash(deviceKey, step.deviceId)
      // The login code that follows must be sendable before the device code is spent.
      await assertCanSend(db, email, 'login', now())
      const row = await consumeCode(
        db,
        codeKey,
        { email, purpose: 'device', code: step.code, deviceHash: device, ...ipOf(step.ip) },
        now()
      )
      const account = row.account_id ? await accountById(db, row.account_id) : undefined
      if (!account) throw invalidCode()
      await rememberDevice(db, account.id, device, now())
      await sendCode({ email, purpose: 'login', deviceHash: device })
      return 'VERIFY_OTP'
    },

    async verifyLogin(step, hostOrigin) {
      const email = normalizeEmail(step.email)
      const device = deviceHash(deviceKey, step.deviceId)
      await consumeCode(
        db,
        codeKey,
        { email, purpose: 'login', code: step.code, deviceHash: device, ...ipOf(step.ip) },
        now()
      )
      const { account, sessionToken } = await db.transaction(async tx => {
        const account = await ensureAccount(tx, email, now())
        await rememberDevice(tx, account.id, device, now())
        return { account, sessionToken: await createSession(tx, account.id, device, hostOrigin, now()) }
      })
      return { sessionToken, email, keys: await loadKeys(db, masterKey, account.id) }
    },

    async account(authorization, hostOrigin) {
      const token = bearerToken(authorization)
      const account = token ? await sessionAccount(db, token, hostOrigin, now()) : undefined
      if (!account) throw sessionExpired()
      return account
    },

    keys: account => loadKeys(db, masterKey, account.id),

    async storeKeys(account, keys) {
      await storeKeys(db, masterKey, account.id, keys, now())
      return loadKeys(db, masterKey, account.id)
    },

    async signOut(authorization) {
      const token = bearerToken(authorization)
      if (!token) throw sessionExpired()
      await revokeSession(db, token, now())
    },

    async startUpdate(account, rawNewEmail) {
      const current = emailOf(account)
      const newEmail = normalizeEmail(rawNewEmail)
      if (newEmail === current) throw badRequest('That is already your e-mail address')
      await assertEmailFree(db, newEmail, account.id)
      await sendCode({ email: current, purpose: 'update-primary', accountId: account.id, newEmail })
      return 'VERIFY_PRIMARY_OTP'
    },

    async verifyUpdatePrimary(account, code, ip) {
      const current = emailOf(account)
      const pending = await peekCode(db, current, 'update-primary')
      if (pending?.new_email) await assertCanSend(db, pending.new_email, 'update-secondary', now())
      const row = await consumeCode(
        db,
        codeKey,
        { email: current, purpose: 'update-primary', code, accountId: account.id, ...ipOf(ip) },
        now()
      )
      const newEmail = row.new_email
      if (!newEmail) throw invalidCode()
      await assertEmailFree(db, newEmail, account.id)
      // One pending change per account: an earlier second step is forgotten.
      await db.query(`DELETE FROM wallet_codes WHERE account_id = $1 AND purpose = 'update-secondary'`, [account.id])
      await sendCode({ email: newEmail, purpose: 'update-secondary', accountId: account.id, newEmail })
      return 'VERIFY_SECONDARY_OTP'
    },

    async verifyUpdateSecondary(account, code, ip) {
      const pending = await codeOfAccount(db, account.id, 'update-secondary')
      if (!pending) throw invalidCode()
      const row = await consumeCode(
        db,
        codeKey,
        { email: pending.email, purpose: 'update-secondary', code, accountId: account.id, ...ipOf(ip) },
        now()
      )
      await changeEmail(db, account.id, row.email)
      // The old address's codes (a login started there) and this account's update codes end here.
      await db.query('DELETE FROM wallet_codes WHERE email = $1 OR account_id = $2', [emailOf(account), account.id])
      return row.email
    },

    social,
    farcaster,

    close: () => mailer.close()
  }
}
