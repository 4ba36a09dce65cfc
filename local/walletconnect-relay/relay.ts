/**
 * A local WalletConnect relay for tests: just enough of the relay's JSON-RPC (the irn_* methods and
 * the wc_* methods of @walletconnect/core 2.25.0) for the real dapp SDK and the real wallet SDK to
 * pair and talk through it, offline, on 127.0.0.1. It is a mailbox: every published message is kept
 * for its ttl and handed once to every other client subscribed to its topic, now or later.
 *
 * Not a relay: no auth (the JWT in `?auth=` only names the client), no rate limits, no push, no
 * persistence. Wire shapes live in relay-protocol.ts.
 */
import { createHash } from 'node:crypto'
import { WebSocketServer, type WebSocket } from 'ws'
import {
  DEFAULT_TTL,
  TAGS,
  clientIdFromUrl,
  errorFrame,
  isRelayMethod,
  paramsOf,
  parseFrame,
  resultFrame,
  subscriptionFrame,
  type ParamsOf,
  type RelayMethod,
  type SubscriptionData
} from './relay-protocol.js'

/** One message the relay accepted, as a test may inspect it. */
export interface PublishedMessage extends SubscriptionData {
  /** The method that carried it: irn_publish, wc_proposeSession or wc_approveSession. */
  via: RelayMethod
  /** The publishing client's id (did:key from its auth JWT). */
  from: string
}

export interface LocalRelay {
  /** ws://127.0.0.1:PORT, the SDKs' `relayUrl`. */
  url: string
  /** Every message accepted so far, oldest first. */
  published: readonly PublishedMessage[]
  /** Every request method received so far, in order (irn_subscribe, wc_proposeSession, ...). */
  methods: readonly string[]
  close(): Promise<void>
}

interface Peer {
  socket: WebSocket
  clientId: string
  /** Subscribed topics and their subscription ids. */
  topics: Map<string, string>
}

interface Stored extends PublishedMessage {
  expiresAt: number
  /** Client ids the message was handed to (a client that reconnects is not served twice). */
  deliveredTo: Set<string>
}

/** The relay pings every client this often; core 2.25.0 drops a socket after 35 s without a ping. */
const PING_INTERVAL_MS = 10_000

export async function startLocalRelay(options: { port?: number } = {}): Promise<LocalRelay> {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: options.port ?? 0 })
  await new Promise<void>((resolve, reject) => {
    wss.once('listening', resolve)
    wss.once('error', reject)
  })
  const peers = new Set<Peer>()
  const mailbox: Stored[] = []
  const published: PublishedMessage[] = []
  const methods: string[] = []
  let anonymous = 0

  /** The id the SDK computes itself: sha256(topic + clientId), hex. */
  const subscribe = (peer: Peer, topic: string) => {
    const id = createHash('sha256')
      .update(topic + peer.clientId)
      .digest('hex')
    peer.topics.set(topic, id)
    return id
  }

  const unsubscribe = (peer: Peer, subscriptions: { topic: string }[]) => {
    for (const { topic } of subscriptions) peer.topics.delete(topic)
    return true
  }

  const publish = (
    peer: Peer,
    via: RelayMethod,
    p: { topic: string; message: string; ttl?: number; tag: number; attestation?: string }
  ) => {
    const publishedAt = Date.now()
    const { topic, message, tag, attestation } = p
    const record: PublishedMessage = { topic, message, publishedAt, tag, attestation, via, from: peer.clientId }
    published.push(record)
    mailbox.push({ ...record, expiresAt: publishedAt + (p.ttl ?? DEFAULT_TTL) * 1000, deliveredTo: new Set() })
    return true
  }

  /** Hands out the stored messages on `topic` that `peer` has not had and did not publish. */
  const take = (peer: Peer, topic: string): SubscriptionData[] => {
    const now = Date.now()
    for (let i = mailbox.length - 1; i >= 0; i--) if (mailbox[i]!.expiresAt <= now) mailbox.splice(i, 1)
    const due = mailbox.filter(m => m.topic === topic && m.from !== peer.clientId && !m.deliveredTo.has(peer.clientId))
    return due.map(m => {
      m.deliveredTo.add(peer.clientId)
      const { topic, message, publishedAt, tag, attestation } = m // (an undefined attestation is not sent)
      return { topic, message, publishedAt, tag, attestation }
    })
  }

  /** Pushes every due message to every subscriber as `irn_subscription` (answers are ignored). */
  const deliverPending = () => {
    for (const peer of peers) {
      for (const [topic, subscriptionId] of peer.topics) {
        for (const data of take(peer, topic)) send(peer, subscriptionFrame(subscriptionId, data))
      }
    }
  }

  const handlers: { [M in RelayMethod]: (peer: Peer, params: ParamsOf<M>) => unknown } = {
    irn_subscribe: (peer, { topic }) => subscribe(peer, topic),
    irn_batchSubscribe: (peer, { topics }) => topics.map(topic => subscribe(peer, topic)),
    irn_unsubscribe: (peer, subscription) => unsubscribe(peer, [subscription]),
    irn_batchUnsubscribe: (peer, { subscriptions }) => unsubscribe(peer, subscriptions),
    irn_publish: (peer, p) => publish(peer, 'irn_publish', { ...p, tag: p.tag ?? 0 }),
    irn_batchFetchMessages: (peer, { topics }) => ({ messages: topics.flatMap(t => take(peer, t)), hasMore: false }),
    // The dapp does not irn_subscribe to a new pairing topic (core skips it): proposing subscribes it,
    // so the wallet's answer on that topic reaches it.
    wc_proposeSession: (peer, p) => {
      subscribe(peer, p.pairingTopic)
      const { pairingTopic: topic, sessionProposal: message, ttl, attestation } = p
      return publish(peer, 'wc_proposeSession', {
        topic,
        message,
        ttl,
        attestation,
        tag: p.tag ?? TAGS.sessionProposeRequest
      })
    },
    // The wallet does not irn_subscribe to the new session topic either: approving subscribes it.
    // The settle request waits in the mailbox until the dapp subscribes to the session topic.
    wc_approveSession: (peer, p) => {
      subscribe(peer, p.sessionTopic)
      const common = { ttl: p.ttl, attestation: p.attestation }
      publish(peer, 'wc_approveSession', {
        ...common,
        topic: p.pairingTopic,
        message: p.sessionProposalResponse,
        tag: TAGS.sessionProposeResponse
      })
      return publish(peer, 'wc_approveSession', {
        ...common,
        topic: p.sessionTopic,
        message: p.sessionSettlementRequest,
        tag: TAGS.sessionSettleRequest
      })
    }
  }

  const run = <M extends RelayMethod>(peer: Peer, method: M, raw: unknown) => {
    const params = paramsOf[method].safeParse(raw)
    if (!params.success) throw new InvalidParams(`${method}: ${describeIssues(params.error)}`)
    return handlers[method](peer, params.data as ParamsOf<M>)
  }

  const onFrame = (peer: Peer, text: string) => {
    const frame = parseFrame(text)
    if (frame.kind === 'response') return // a client acknowledging an irn_subscription
    if (frame.kind === 'invalid') return send(peer, errorFrame(frame.id, frame.code, frame.message))
    methods.push(frame.method)
    if (!isRelayMethod(frame.method)) {
      return send(peer, errorFrame(frame.id, -32601, `Method not found: ${frame.method}`))
    }
    try {
      send(peer, resultFrame(frame.id, run(peer, frame.method, frame.params)))
    } catch (error) {
      const code = error instanceof InvalidParams ? -32602 : -32603
      return send(peer, errorFrame(frame.id, code, (error as Error).message))
    }
    // After the answer, so a new subscriber knows the subscription before its first message arrives.
    deliverPending()
  }

  wss.on('connection', (socket, request) => {
    const peer: Peer = {
      socket,
      clientId: clientIdFromUrl(request.url) ?? `anonymous-${++anonymous}`,
      topics: new Map()
    }
    peers.add(peer)
    socket.on('message', (data, isBinary) => {
      if (!isBinary) onFrame(peer, data.toString())
    })
    socket.on('close', () => peers.delete(peer))
    socket.on('error', () => socket.terminate())
  })

  // ws answers the clients' protocol pings itself; this is the relay's own keep-alive ping.
  const pinger = setInterval(() => {
    for (const { socket } of peers) socket.ping()
  }, PING_INTERVAL_MS)
  pinger.unref()

  const { port } = wss.address() as { port: number }
  return {
    url: `ws://127.0.0.1:${port}`,
    published,
    methods,
    close: () =>
      new Promise<void>((resolve, reject) => {
        clearInterval(pinger)
        for (const { socket } of peers) socket.terminate()
        wss.close(error => (error ? reject(error) : resolve()))
      })
  }
}

class InvalidParams extends Error {}

const describeIssues = (error: { issues: { path: PropertyKey[]; message: string }[] }) =>
  error.issues.map(i => `${i.path.map(String).join('.') || 'params'}: ${i.message}`).join('; ')

function send(peer: Peer, frame: string) {
  if (peer.socket.readyState === peer.socket.OPEN) peer.socket.send(frame)
}
