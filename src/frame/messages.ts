// The messages between the page and the secure embedded frame (docs/behaviour.md sections 3 and 7), both
// ways, as zod schemas: one module that the page side (src/frame/) and the frame itself (service/frame/)
// share. Every message travels in an envelope marked with the channel's name and version:
//   page -> frame  { channel, version, kind: 'request', id, method, params }
//   frame -> page  { channel, version, kind: 'response', id, ok: true, result }
//                  { channel, version, kind: 'response', id, ok: false, error: { message } }
//                  { channel, version, kind: 'event', event: 'ready' }
// `id` is random per request and pairs it with its response.
import * as z from 'zod/mini'
import { describeIssue } from '../config/describe-issue.js'

export const FRAME_CHANNEL = 'appkit-frame'
export const FRAME_PROTOCOL_VERSION = 1

const hex = z.string().check(z.regex(/^0x[0-9a-fA-F]*$/, 'a 0x hex string'))
const email = z.string().check(z.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'an e-mail address'))
/** A one-time code: a string (docs/behaviour.md section 5), digits as sent. */
const otp = z.string().check(z.regex(/^\d{4,10}$/, 'a one-time code'))
const accountType = z.enum(['eoa', 'smartAccount'])
/** Chain id in a switch-network payload: string or number (docs/behaviour.md section 5). */
const chainId = z.union([z.string().check(z.minLength(1)), z.number()])
const empty = z.object({})

const userShape = {
  email: z.optional(z.nullable(email)),
  address: z.string().check(z.minLength(1)),
  chainId,
  accounts: z.optional(z.array(z.object({ address: z.string(), type: accountType }))),
  userName: z.optional(z.string()),
  preferredAccountType: z.optional(accountType),
  smartAccountDeployed: z.optional(z.boolean())
}
const userResult = z.object(userShape)
export type FrameUser = z.infer<typeof userResult>

const metadata = z.object({
  name: z.string(),
  description: z.string(),
  url: z.string(),
  icons: z.array(z.string())
})

/** An http(s) URL with no user name or password in it (fetch refuses those). */
export const HTTP_URL = /^https?:\/\/[^\s/?#@]+(?:[/?#]\S*)?$/
/** One of the app's networks as syncDappData carries it: its CAIP-2 id (the frame's key for it) and its RPC URL. */
const appNetwork = z.object({ caipNetworkId: z.string(), rpcUrl: z.string().check(z.regex(HTTP_URL)) })

/** wallet_sendCalls' params through the frame (docs/behaviour.md section 3). */
export const frameSendCallsSchema = z.object({
  chainId: z.optional(z.string()),
  from: z.optional(z.string()),
  version: z.optional(z.string()),
  capabilities: z.optional(z.record(z.string(), z.unknown())),
  calls: z.array(z.object({ to: hex, data: z.optional(hex), value: z.optional(hex) }))
})
export type FrameSendCalls = z.infer<typeof frameSendCallsSchema>

/** Every request the page may make: its params and the result the frame answers with. */
export const FRAME_METHODS = {
  switchNetwork: { params: z.object({ chainId }), result: z.object({ chainId }) },
  connectEmail: {
    params: z.object({ email }),
    result: z.object({ action: z.enum(['VERIFY_DEVICE', 'VERIFY_OTP', 'CONNECT']) })
  },
  /** The device code e-mailed when the account's device is new; answers with the next step. */
  connectDevice: { params: z.object({ otp }), result: z.object({ action: z.enum(['VERIFY_OTP']) }) },
  connectOtp: { params: z.object({ otp }), result: empty },
  connectSocial: {
    params: z.object({
      uri: z.string().check(z.minLength(1)),
      preferredAccountType: z.optional(accountType),
      chainId: z.optional(chainId)
    }),
    result: userResult
  },
  /** Starts a Sign In With Farcaster: the URL for the visitor's Farcaster app (QR code, deep link). */
  getFarcasterUri: { params: empty, result: z.object({ url: z.string().check(z.minLength(1)) }) },
  /** Asked again until the visitor approved in their Farcaster app: pending, then the user (userName: the Farcaster name). */
  connectFarcaster: {
    params: z.object({ chainId: z.optional(chainId) }),
    result: z.union([
      z.object({ state: z.literal('pending') }),
      z.object({ ...userShape, state: z.literal('connected') })
    ])
  },
  getUser: {
    params: z.object({ chainId: z.optional(chainId), preferredAccountType: z.optional(accountType) }),
    result: userResult
  },
  getSocialRedirectUri: {
    /** `returnUrl`: the page the provider's return comes back to (the host's origin); its root by default. */
    params: z.object({ provider: z.string().check(z.minLength(1)), returnUrl: z.optional(z.string()) }),
    result: z.object({ uri: z.string().check(z.minLength(1)) })
  },
  signOut: { params: empty, result: empty },
  isConnected: { params: empty, result: z.object({ isConnected: z.boolean() }) },
  getChainId: { params: empty, result: z.object({ chainId }) },
  getSmartAccountEnabledNetworks: {
    params: empty,
    result: z.object({ smartAccountEnabledNetworks: z.array(z.number()) })
  },
  initSmartAccount: { params: empty, result: z.object({ isDeployed: z.boolean() }) },
  setPreferredAccount: {
    params: z.object({ type: accountType }),
    result: z.object({ type: accountType, address: z.string() })
  },
  rpcRequest: {
    params: z.object({
      method: z.string().check(z.minLength(1)),
      params: z.optional(z.unknown()),
      chainNamespace: z.optional(z.enum(['eip155', 'solana']))
    }),
    result: z.unknown()
  },
  updateEmail: {
    params: z.object({ newEmail: email }),
    result: z.object({ action: z.enum(['VERIFY_PRIMARY_OTP', 'VERIFY_SECONDARY_OTP']) })
  },
  updateEmailPrimaryOtp: { params: z.object({ otp }), result: empty },
  updateEmailSecondaryOtp: { params: z.object({ otp }), result: z.object({ newEmail: email }) },
  syncTheme: {
    params: z.object({
      themeMode: z.enum(['light', 'dark']),
      themeVariables: z.optional(z.record(z.string(), z.union([z.string(), z.number()]))),
      w3mThemeVariables: z.optional(z.record(z.string(), z.string()))
    }),
    result: empty
  },
  syncDappData: {
    params: z.object({
      metadata: z.optional(metadata),
      sdkVersion: z.string(),
      sdkType: z.string(),
      projectId: z.string(),
      /** The app's networks and their RPC URLs: the frame calls one itself for a network its backend does not serve (service/frame/README.md). */
      networks: z.optional(z.array(appNetwork)),
      /** The EVM chain the frame is on until the page switches it: the app's default network. */
      defaultChainId: z.optional(z.number()),
      /** Whether the app turned smart sessions on (features.smartSessions): the frame refuses wallet_grantPermissions and wallet_revokePermissions otherwise. */
      smartSessions: z.optional(z.boolean())
    }),
    result: empty
  },
  reload: { params: empty, result: empty }
} as const

export type FrameMethod = keyof typeof FRAME_METHODS
export type FrameParams<M extends FrameMethod> = z.input<(typeof FRAME_METHODS)[M]['params']>
export type FrameResult<M extends FrameMethod> = z.output<(typeof FRAME_METHODS)[M]['result']>

const envelope = {
  channel: z.literal(FRAME_CHANNEL),
  version: z.literal(FRAME_PROTOCOL_VERSION),
  /** Random per request (requestId()). */
  id: z.string().check(z.regex(/^[0-9a-f]{32}$/, 'a request id'))
}

const requestSchema = z.object({
  ...envelope,
  kind: z.literal('request'),
  method: z.enum(Object.keys(FRAME_METHODS) as [FrameMethod, ...FrameMethod[]]),
  params: z.unknown()
})

const responseSchema = z.union([
  z.object({ ...envelope, kind: z.literal('response'), ok: z.literal(true), result: z.unknown() }),
  z.object({
    ...envelope,
    kind: z.literal('response'),
    ok: z.literal(false),
    error: z.object({ message: z.optional(z.string()) })
  })
])

const eventSchema = z.object({
  channel: z.literal(FRAME_CHANNEL),
  version: z.literal(FRAME_PROTOCOL_VERSION),
  kind: z.literal('event'),
  event: z.enum(['ready'])
})

export interface FrameRequest<M extends FrameMethod = FrameMethod> {
  readonly channel: typeof FRAME_CHANNEL
  readonly version: typeof FRAME_PROTOCOL_VERSION
  readonly kind: 'request'
  readonly id: string
  readonly method: M
  readonly params: FrameParams<M>
}

export type FrameResponse = z.infer<typeof responseSchema>
export type FrameEvent = z.infer<typeof eventSchema>

/**
 * A request the frame answered with an error, one that was aborted, or an answer that is not what
 * its method promises: every rejection of the frame channel (src/frame/frame-channel.ts re-exports it).
 */
export class FrameError extends Error {
  override readonly name = 'FrameError'
}

/** A failed parse as one line: each issue's path and what was expected ('email: an e-mail address'). */
function describeProblems(error: z.core.$ZodError): string {
  return error.issues
    .map(issue => {
      const { option, expected } = describeIssue(issue)
      return `${option}: ${expected}`
    })
    .join('; ')
}

/** 128 random bits in hex: a request's id. */
export function requestId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), byte => byte.toString(16).padStart(2, '0')).join('')
}

export function frameRequest<M extends FrameMethod>(
  method: M,
  params: FrameParams<M>,
  id = requestId()
): FrameRequest<M> {
  return { channel: FRAME_CHANNEL, version: FRAME_PROTOCOL_VERSION, kind: 'request', id, method, params }
}

export function frameResult(id: string, result: unknown): FrameResponse {
  return { channel: FRAME_CHANNEL, version: FRAME_PROTOCOL_VERSION, kind: 'response', id, ok: true, result }
}

export function frameError(id: string, message: string): FrameResponse {
  return {
    channel: FRAME_CHANNEL,
    version: FRAME_PROTOCOL_VERSION,
    kind: 'response',
    id,
    ok: false,
    error: { message }
  }
}

export const FRAME_READY: FrameEvent = {
  channel: FRAME_CHANNEL,
  version: FRAME_PROTOCOL_VERSION,
  kind: 'event',
  event: 'ready'
}

/**
 * A request as the frame receives it, its params checked against its method's schema; a problem
 * (a string naming it) when the message is not a well-formed request.
 */
export function parseFrameRequest(data: unknown): FrameRequest | { problem: string; id?: string } {
  const envelopeResult = z.safeParse(requestSchema, data)
  if (!envelopeResult.success) return { problem: `not a frame request: ${describeProblems(envelopeResult.error)}` }
  const { id, method } = envelopeResult.data
  const params = z.safeParse(FRAME_METHODS[method].params, envelopeResult.data.params)
  if (!params.success) return { problem: `bad params for ${method}: ${describeProblems(params.error)}`, id }
  return { ...envelopeResult.data, params: params.data } as FrameRequest
}

/** A message from the frame (a response or an event); undefined when it is neither. */
export function parseFrameMessage(data: unknown): FrameResponse | FrameEvent | undefined {
  const response = z.safeParse(responseSchema, data)
  if (response.success) return response.data
  const event = z.safeParse(eventSchema, data)
  return event.success ? event.data : undefined
}

/** The result of `method` checked against its schema; throws a FrameError naming the problem. */
export function parseFrameResult<M extends FrameMethod>(method: M, result: unknown): FrameResult<M> {
  const parsed = z.safeParse(FRAME_METHODS[method].result, result)
  if (!parsed.success) throw new FrameError(`The frame answered ${method} with ${describeProblems(parsed.error)}`)
  return parsed.data as FrameResult<M>
}
