/**
 * Wire format of the local WalletConnect relay fixture (relay.ts): JSON-RPC 2.0 frames, the param
 * shapes of every method @walletconnect/core 2.25.0 sends, and the frames the relay sends back.
 * Shapes were read from @walletconnect/core's publisher/subscriber and sign-client's engine
 * (sendProposeSession / sendApproveSession use `relayer.publishCustom` with a `wc_*` method).
 */
import * as z from 'zod'

/** Default ttl (seconds) of `publishCustom` in core 2.25.0 when the caller gives none. */
export const DEFAULT_TTL = 300
/** The sign-client's relay tags (ENGINE_RPC_OPTS) for the messages the `wc_*` methods carry. */
export const TAGS = { sessionProposeRequest: 1100, sessionProposeResponse: 1101, sessionSettleRequest: 1102 }

const rpcId = z.union([z.number(), z.string()])
const topic = z.string().min(1)
const message = z.string().min(1)
const ttl = z.number().int().positive().optional()
const tag = z.number().int().optional()
const attestation = z.string().optional()

/** Params of each method the relay implements (unknown keys, e.g. the `tvf` fields, are dropped). */
export const paramsOf = {
  irn_subscribe: z.object({ topic }),
  irn_batchSubscribe: z.object({ topics: z.array(topic) }),
  irn_unsubscribe: z.object({ topic, id: z.string().optional() }),
  irn_batchUnsubscribe: z.object({ subscriptions: z.array(z.object({ topic, id: z.string().optional() })) }),
  irn_publish: z.object({ topic, message, ttl, tag, attestation }),
  irn_batchFetchMessages: z.object({ topics: z.array(topic) }),
  // The dapp's session proposal, encrypted with the pairing's key, for the pairing topic.
  wc_proposeSession: z.object({ pairingTopic: topic, sessionProposal: message, ttl, tag, attestation }),
  // The wallet's answer: the proposal response for the pairing topic and the settle request for the session topic.
  wc_approveSession: z.object({
    pairingTopic: topic,
    sessionTopic: topic,
    sessionProposalResponse: message,
    sessionSettlementRequest: message,
    ttl,
    attestation
  })
} as const

export type RelayMethod = keyof typeof paramsOf
export type ParamsOf<M extends RelayMethod> = z.infer<(typeof paramsOf)[M]>

const request = z.object({ id: rpcId, method: z.string(), params: z.unknown().optional() })
const response = z
  .object({ id: rpcId })
  .and(z.union([z.object({ result: z.unknown() }), z.object({ error: z.unknown() })]))

export type RpcId = z.infer<typeof rpcId>
export type Incoming =
  | { kind: 'request'; id: RpcId; method: string; params: unknown }
  | { kind: 'response' }
  | { kind: 'invalid'; id: RpcId | null; code: number; message: string }

/**
 * Parses one text frame. Numeric ids longer than a double can hold are read as strings, so the
 * answer carries the same digits (the SDK matches answers by `${id}`).
 */
export function parseFrame(text: string): Incoming {
  let json: unknown
  try {
    json = JSON.parse(text.replace(/"id"\s*:\s*(\d{16,})/g, '"id":"$1"'))
  } catch {
    return { kind: 'invalid', id: null, code: -32700, message: 'Parse error' }
  }
  const req = request.safeParse(json)
  if (req.success) return { kind: 'request', id: req.data.id, method: req.data.method, params: req.data.params }
  if (response.safeParse(json).success) return { kind: 'response' }
  const id = rpcId.safeParse((json as { id?: unknown } | null)?.id)
  return { kind: 'invalid', id: id.success ? id.data : null, code: -32600, message: 'Invalid Request' }
}

export function isRelayMethod(method: string): method is RelayMethod {
  return Object.hasOwn(paramsOf, method)
}

export const resultFrame = (id: RpcId, result: unknown) => JSON.stringify({ jsonrpc: '2.0', id, result })

export const errorFrame = (id: RpcId | null, code: number, message: string) =>
  JSON.stringify({ jsonrpc: '2.0', id, error: { code, message } })

/** What a subscriber receives: the relay-initiated `irn_subscription` request. */
export interface SubscriptionData {
  topic: string
  message: string
  publishedAt: number
  tag: number
  attestation?: string
}

let nextServerId = 1
export const subscriptionFrame = (subscriptionId: string, data: SubscriptionData) =>
  JSON.stringify({
    jsonrpc: '2.0',
    id: nextServerId++,
    method: 'irn_subscription',
    params: { id: subscriptionId, data }
  })

/**
 * The client's identity: the `iss` (its did:key client id) of the relay-auth JWT in the `auth`
 * query param. The JWT is not verified. Undefined when absent or unreadable.
 */
export function clientIdFromUrl(url: string | undefined): string | undefined {
  const auth = new URL(url ?? '/', 'ws://relay').searchParams.get('auth')
  const payload = auth?.split('.')[1]
  if (!payload) return undefined
  try {
    const iss: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')).iss
    return typeof iss === 'string' && iss ? iss : undefined
  } catch {
    return undefined
  }
}
