/**
 * A local Farcaster Auth relay for tests and `npm start` (with local/farcaster/local-app.ts, the page its
 * sign-in URLs lead to): the three routes of the relay's v1 API
 * that @farcaster/auth-client 0.7.1 calls, on 127.0.0.1, offline.
 * - POST /v1/channel (the app: the backend): opens a channel for one sign-in; 201 with its token,
 *   the sign-in URL the visitor scans and the nonce the message must carry.
 * - GET /v1/channel/status (Bearer channel token): 202 while pending, 200 once completed.
 * - POST /v1/channel/authenticate (Bearer channel token + the client's relay key): the Farcaster
 *   client hands over the signed message; 201 with the completed status.
 *
 * Like the real relay it checks nothing it carries: the app verifies the signature and the fid on
 * chain. Not a relay: no hub lookups (the client names its own user), no rate limits, no storage.
 */
import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { z } from 'zod'
import { CONTRACTS } from '../chain/deployment.js'

/** The header a Farcaster client proves itself with, and the key this relay accepts by default. */
export const RELAY_KEY_HEADER = 'x-farcaster-auth-relay-key'
export const LOCAL_RELAY_KEY = 'appkit-local-farcaster-client'

const CreateChannelBody = z.object({
  siweUri: z.string().url(),
  domain: z.string().min(1),
  nonce: z
    .string()
    .regex(/^[A-Za-z0-9]{8,}$/)
    .optional(),
  notBefore: z.string().optional(),
  expirationTime: z.string().optional(),
  requestId: z.string().optional(),
  redirectUrl: z.string().optional(),
  acceptAuthAddress: z.boolean().optional()
})

const AuthenticateBody = z.object({
  message: z.string().min(1),
  signature: z.string().regex(/^0x[0-9a-fA-F]+$/),
  authMethod: z.enum(['custody', 'authAddress']).optional(),
  fid: z.number().int().positive(),
  username: z.string().optional(),
  bio: z.string().optional(),
  displayName: z.string().optional(),
  pfpUrl: z.string().optional()
})

interface Channel {
  token: string
  expiresAt: number
  state: 'pending' | 'completed'
  nonce: string
  url: string
  signatureParams: Omit<z.infer<typeof CreateChannelBody>, 'acceptAuthAddress'>
  acceptAuthAddress: boolean
  metadata: { ip: string; userAgent: string }
  completed?: z.infer<typeof AuthenticateBody>
}

export interface LocalFarcasterRelay {
  /** http://127.0.0.1:PORT, the auth client's `relay`. */
  url: string
  /** The channels opened so far, oldest first (tests read their state). */
  channels: readonly Channel[]
  close(): Promise<void>
}

export interface LocalFarcasterRelayOptions {
  port?: number
  /** How long a channel lives; the real relay's is 5 minutes. */
  channelTtlMs?: number
  /** The relay keys of the clients allowed to authenticate. */
  relayKeys?: readonly string[]
  /** The sign-in URL's base: the page a Farcaster client opens (the channel token is appended). */
  signInUrl?: string
  /** Other routes on the relay's port (the local app's page): answers true when it took the request. */
  handle?: (request: IncomingMessage, response: ServerResponse, relayUrl: string) => Promise<boolean>
}

const DEFAULT_TTL_MS = 300_000

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, {
    'content-type': 'application/json',
    'access-control-allow-origin': '*',
    'access-control-allow-headers': `authorization, content-type, ${RELAY_KEY_HEADER}`
  })
  response.end(JSON.stringify(body))
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as unknown
  } catch {
    return undefined
  }
}

function statusOf(channel: Channel) {
  return {
    state: channel.state,
    nonce: channel.nonce,
    url: channel.url,
    ...channel.completed,
    signatureParams: channel.signatureParams,
    metadata: channel.metadata,
    acceptAuthAddress: channel.acceptAuthAddress
  }
}

export async function startLocalFarcasterRelay(options: LocalFarcasterRelayOptions = {}): Promise<LocalFarcasterRelay> {
  const ttl = options.channelTtlMs ?? DEFAULT_TTL_MS
  const relayKeys = new Set(options.relayKeys ?? [LOCAL_RELAY_KEY])
  const channels: Channel[] = []
  const byToken = new Map<string, Channel>()
  let base = ''

  const channelOf = (request: IncomingMessage): Channel | undefined => {
    const token = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1]
    const channel = token ? byToken.get(token) : undefined
    if (channel && channel.expiresAt <= Date.now()) {
      byToken.delete(channel.token)
      return undefined
    }
    return channel
  }

  const server = createServer((request, response) => {
    void (async () => {
      const path = new URL(request.url ?? '/', base).pathname
      if (options.handle && (await options.handle(request, response, base))) return
      if (request.method === 'OPTIONS') return send(response, 204, {})
      if (request.method === 'POST' && path === '/v1/channel') {
        const body = CreateChannelBody.safeParse(await readJson(request))
        if (!body.success) return send(response, 400, { error: 'Validation error', issues: body.error.issues })
        const { acceptAuthAddress = false, ...signatureParams } = body.data
        const token = `channel-${randomBytes(12).toString('hex')}`
        const nonce = signatureParams.nonce ?? randomBytes(12).toString('hex')
        const url = new URL(options.signInUrl ?? `${base}/~/siwf`)
        // What a Farcaster client needs to build the message, as the real relay's URL carries it.
        url.searchParams.set('channelToken', token)
        url.searchParams.set('nonce', nonce)
        for (const key of ['siweUri', 'domain', 'notBefore', 'expirationTime', 'requestId'] as const) {
          const value = signatureParams[key]
          if (value) url.searchParams.set(key, value)
        }
        const channel: Channel = {
          token,
          expiresAt: Date.now() + ttl,
          state: 'pending',
          nonce,
          url: url.href,
          signatureParams: { ...signatureParams, nonce },
          acceptAuthAddress,
          metadata: { ip: request.socket.remoteAddress ?? '', userAgent: request.headers['user-agent'] ?? '' }
        }
        channels.push(channel)
        byToken.set(token, channel)
        return send(response, 201, { channelToken: token, url: channel.url, nonce })
      }
      if (request.method === 'GET' && path === '/v1/channel/status') {
        const channel = channelOf(request)
        if (!channel) return send(response, 401, { error: 'Unauthorized' })
        return send(response, channel.state === 'completed' ? 200 : 202, statusOf(channel))
      }
      if (request.method === 'POST' && path === '/v1/channel/authenticate') {
        const key = request.headers[RELAY_KEY_HEADER]
        if (typeof key !== 'string' || !relayKeys.has(key)) return send(response, 401, { error: 'Unauthorized' })
        const channel = channelOf(request)
        if (!channel) return send(response, 401, { error: 'Unauthorized' })
        if (channel.state === 'completed') return send(response, 409, { error: 'Channel already completed' })
        const body = AuthenticateBody.safeParse(await readJson(request))
        if (!body.success) return send(response, 400, { error: 'Validation error', issues: body.error.issues })
        channel.state = 'completed'
        channel.completed = body.data
        return send(response, 201, statusOf(channel))
      }
      send(response, 404, { error: 'Not found' })
    })().catch(error => send(response, 500, { error: String(error) }))
  })
  await new Promise<void>(resolve => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url: base,
    channels,
    close: () =>
      new Promise<void>(resolve => {
        server.closeAllConnections()
        server.close(() => resolve())
      })
  }
}

/** The backend's APPKIT_FARCASTER_* for a local relay and the registries on a local chain (local/chain/deployment.ts). */
export function localFarcasterEnv(relayUrl: string, rpcUrl: string): Record<string, string> {
  return {
    APPKIT_FARCASTER_RELAY_URL: relayUrl,
    APPKIT_FARCASTER_RPC_URL: rpcUrl,
    APPKIT_FARCASTER_ID_REGISTRY: CONTRACTS.farcasterIdRegistry,
    APPKIT_FARCASTER_KEY_REGISTRY: CONTRACTS.farcasterKeyRegistry
  }
}
