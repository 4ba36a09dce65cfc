// The frame's client of its backend (service/frame/README.md, "The frame's backend API"): same origin,
// JSON both ways, every answer checked with zod where it enters. A failed call throws a
// BackendError carrying the backend's own `message` (or 'HTTP status code: {n}' when it gave none).
import * as z from 'zod/mini'
import type { TokenBalance } from '../../src/api/schemas/balance.js'
import { HOST_ORIGIN_HEADER } from '../../src/frame/host-origin.js'
import type { FetchInit } from '../../src/utils/web-globals.js'

const privateKey = z.string().check(z.regex(/^0x[0-9a-fA-F]{64}$/, 'a 32-byte 0x hex key'))

export const storedKeySchema = z.object({ namespace: z.enum(['eip155', 'solana']), privateKey })
export type StoredKey = z.infer<typeof storedKeySchema>

const keysSchema = z.array(storedKeySchema)
const projectSchema = z.object({ allowedOrigins: z.array(z.string()) })
const startSchema = z.object({ action: z.enum(['VERIFY_DEVICE', 'VERIFY_OTP']) })
const deviceSchema = z.object({ action: z.literal('VERIFY_OTP') })
/** The social identity an account signs in with (a social login's account has no e-mail). */
const socialSchema = z.object({ provider: z.string(), username: z.string() })
export type SocialIdentity = z.infer<typeof socialSchema>
const loginSchema = z.object({
  sessionToken: z.string().check(z.minLength(1)),
  email: z.nullable(z.string()),
  keys: keysSchema,
  social: z.optional(socialSchema)
})
const sessionSchema = z.object({ email: z.nullable(z.string()), keys: keysSchema, social: z.optional(socialSchema) })
const socialStartSchema = z.object({ uri: z.string().check(z.minLength(1)) })
const farcasterStartSchema = z.object({
  uri: z.string().check(z.minLength(1)),
  attempt: z.string().check(z.minLength(1))
})
const farcasterFinishSchema = z.union([
  z.object({ state: z.literal('pending') }),
  z.extend(loginSchema, { state: z.literal('completed') })
])
const addressSchema = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/, 'an address'))
const smartAccountsSchema = z.object({
  entryPoint: addressSchema,
  factory: addressSchema,
  chainIds: z.array(z.number())
})
export type SmartAccountSetup = z.infer<typeof smartAccountsSchema>
const updateSchema = z.object({ action: z.enum(['VERIFY_PRIMARY_OTP', 'VERIFY_SECONDARY_OTP']) })
const primarySchema = z.object({ action: z.literal('VERIFY_SECONDARY_OTP') })
const secondarySchema = z.object({ email: z.string() })
const errorSchema = z.object({ message: z.string() })
/**
 * GET /frame-api/balance: the spec's token balances (src/api/schemas/balance.ts), checked here with the
 * zod the frame already carries (the shared schema's checks would add 0.8 kB to the frame's first load).
 */
const balancesSchema = z.object({
  balances: z.array(
    z.object({
      name: z.string(),
      symbol: z.string(),
      chainId: z.string(),
      address: z.optional(z.string()),
      value: z.optional(z.number()),
      price: z.number(),
      quantity: z.object({
        decimals: z.string().check(z.regex(/^\d+$/)),
        numeric: z.string().check(z.regex(/^\d+(\.\d+)?$/))
      }),
      iconUrl: z.string()
    })
  )
})

export type LoginAnswer = z.infer<typeof loginSchema>
export type SessionAnswer = z.infer<typeof sessionSchema>

/** A call the backend refused: its status and its own message. */
export class BackendError extends Error {
  constructor(
    message: string,
    readonly status: number
  ) {
    super(message)
    this.name = 'BackendError'
  }
}

/** Every route the frame uses; tests pass a fake with the same shape. */
export interface Backend {
  project(projectId: string): Promise<{ allowedOrigins: string[] }>
  emailStart(body: { projectId: string; email: string; deviceId: string }): Promise<z.infer<typeof startSchema>>
  emailDevice(body: { email: string; deviceId: string; code: string }): Promise<z.infer<typeof deviceSchema>>
  emailOtp(body: { email: string; deviceId: string; code: string }): Promise<LoginAnswer>
  storeKeys(token: string, keys: readonly StoredKey[]): Promise<{ keys: StoredKey[] }>
  session(token: string): Promise<SessionAnswer>
  /** A social provider's sign-in URL, to come back to `returnUrl` (a page of the host's origin). */
  socialStart(body: {
    projectId: string
    provider: string
    returnUrl: string
    deviceId: string
  }): Promise<{ uri: string }>
  /** Redeems the one-time result the provider's return brought back: a login, as emailOtp's. */
  socialFinish(body: { result: string; deviceId: string }): Promise<LoginAnswer>
  /** A Farcaster sign-in for the host page's origin: the relay's URL for the visitor's Farcaster app, and the attempt. */
  farcasterStart(body: {
    projectId: string
    pageOrigin: string
    deviceId: string
  }): Promise<{ uri: string; attempt: string }>
  /** Whether the visitor approved the attempt yet: pending, or the login (as emailOtp's). */
  farcasterFinish(body: { attempt: string; deviceId: string }): Promise<z.infer<typeof farcasterFinishSchema>>
  /** Whether the session still holds (401 'Session Expired' when not); no keys. */
  sessionStatus(token: string): Promise<{ email: string | null }>
  signOut(token: string): Promise<void>
  updateEmail(token: string, newEmail: string): Promise<z.infer<typeof updateSchema>>
  updateEmailPrimary(token: string, code: string): Promise<z.infer<typeof primarySchema>>
  updateEmailSecondary(token: string, code: string): Promise<{ email: string }>
  /** A JSON-RPC request to one of the backend's chains (`eip155:31337`); the chain's answer as is. */
  rpc(chainId: string, request: unknown): Promise<unknown>
  /** Where the backend runs smart accounts: its EntryPoint, the account factory and the chains with both. */
  smartAccounts(): Promise<SmartAccountSetup>
  /** A JSON-RPC request to the backend's ERC-4337 bundler (and paymaster) on an EVM chain (`eip155:31337`). */
  bundler(chainId: string, request: unknown): Promise<unknown>
  /** The token balances of `address` on every chain the backend reads, read now (wallet_getAssets). */
  balance(token: string, address: string): Promise<TokenBalance[]>
}

export interface BackendOptions {
  /** The host page's origin the frame serves: sent with every call, a login's session is bound to it. */
  readonly hostOrigin: string
  readonly fetch?: typeof fetch
  /** Where /frame-api lives: '' (the frame's own origin) unless a test says otherwise. */
  readonly base?: string
}

export function createBackend(options: BackendOptions): Backend {
  const fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis)
  const base = options.base ?? ''

  async function call<T>(
    schema: z.ZodMiniType<T>,
    path: string,
    init: { body?: unknown; token?: string; method?: 'GET' | 'POST' } = {}
  ): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json', [HOST_ORIGIN_HEADER]: options.hostOrigin }
    if (init.body !== undefined) headers['content-type'] = 'application/json'
    if (init.token) headers.authorization = `Bearer ${init.token}`
    const request: FetchInit = {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers,
      credentials: 'omit',
      cache: 'no-store',
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) })
    }
    const response = await fetchImpl(`${base}/frame-api/${path}`, request)
    const answer: unknown = await response.json().catch(() => undefined)
    if (!response.ok) {
      const error = errorSchema.safeParse(answer)
      throw new BackendError(
        error.success && error.data.message ? error.data.message : `HTTP status code: ${response.status}`,
        response.status
      )
    }
    const parsed = schema.safeParse(answer)
    if (!parsed.success) throw new BackendError(`The wallet backend answered ${path} unexpectedly`, response.status)
    return parsed.data
  }

  return {
    project: projectId => call(projectSchema, `projects/${encodeURIComponent(projectId)}`),
    emailStart: body => call(startSchema, 'email/start', { body }),
    emailDevice: body => call(deviceSchema, 'email/device', { body }),
    emailOtp: body => call(loginSchema, 'email/otp', { body }),
    storeKeys: (token, keys) => call(z.object({ keys: keysSchema }), 'keys', { token, body: { keys } }),
    session: token => call(sessionSchema, 'session', { token }),
    socialStart: body => call(socialStartSchema, 'social/start', { body }),
    socialFinish: body => call(loginSchema, 'social/finish', { body }),
    farcasterStart: body => call(farcasterStartSchema, 'farcaster/start', { body }),
    farcasterFinish: body => call(farcasterFinishSchema, 'farcaster/finish', { body }),
    sessionStatus: token => call(z.object({ email: z.nullable(z.string()) }), 'session/status', { token }),
    signOut: async token => {
      await call(z.unknown(), 'sign-out', { token, method: 'POST', body: {} })
    },
    updateEmail: (token, newEmail) => call(updateSchema, 'email/update', { token, body: { newEmail } }),
    updateEmailPrimary: (token, code) => call(primarySchema, 'email/update/primary', { token, body: { code } }),
    updateEmailSecondary: (token, code) => call(secondarySchema, 'email/update/secondary', { token, body: { code } }),
    rpc: (chainId, request) => call(z.unknown(), `rpc?chainId=${encodeURIComponent(chainId)}`, { body: request }),
    smartAccounts: () => call(smartAccountsSchema, 'smart-accounts'),
    bundler: (chainId, request) =>
      call(z.unknown(), `bundler?chainId=${encodeURIComponent(chainId)}`, { body: request }),
    balance: async (token, address) =>
      (await call(balancesSchema, `balance?address=${encodeURIComponent(address)}`, { token })).balances
  }
}
