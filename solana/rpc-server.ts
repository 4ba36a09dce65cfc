/**
 * The local Solana RPC: JSON-RPC 2.0 over HTTP (default port 8899) and the pubsub websocket
 * (default port 8900 = HTTP port + 1, which is where @solana/web3.js's `Connection` looks; the
 * HTTP port accepts websocket upgrades too) over one SolanaChain (LiteSVM). Every request is
 * parsed with zod; errors are JSON-RPC errors with the validator's codes. CORS is open, so a
 * page on any localhost port can use it.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { WebSocketServer, type WebSocket } from 'ws'
import { z } from 'zod'
import { DEFAULT_RPC_PORT, solanaFaucet } from './accounts.js'
import { MS_PER_SLOT, type SolanaChain, type TransactionRecord } from './chain.js'
import { RpcError, encodeAccount, type AccountEncoding, type DataSlice } from './codec.js'
import {
  accountConfig,
  commitment,
  httpMethods,
  method,
  passesFilters,
  programFilter,
  pubkey,
  type RpcContext,
  type RpcMethod
} from './rpc-methods.js'

export { DEFAULT_RPC_PORT } from './accounts.js'
const MAX_BODY_BYTES = 1024 * 1024

/* ------------------------------------------------------------------ JSON-RPC envelope */

const envelope = z.object({
  jsonrpc: z.literal('2.0', { error: 'jsonrpc must be "2.0"' }),
  id: z.union([z.string(), z.number(), z.null()], { error: 'id must be a string, a number or null' }).optional(),
  method: z.string({ error: 'method must be a string' }),
  params: z.unknown().optional()
})

type Id = string | number | null
interface JsonRpcResponse {
  jsonrpc: '2.0'
  id: Id
  result?: unknown
  error?: { code: number; message: string; data?: unknown }
}

function errorResponse(id: Id, code: number, message: string, data?: unknown): JsonRpcResponse {
  return { jsonrpc: '2.0', error: data === undefined ? { code, message } : { code, message, data }, id }
}

function describeIssues(error: z.ZodError, prefix = ''): string {
  return error.issues
    .map(issue => {
      const path = issue.path.map(p => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('')
      if (!path) return issue.message
      return `${prefix ? prefix + path : path.replace(/^\./, '')}: ${issue.message}`
    })
    .join('; ')
}

/** One request object: parsed, dispatched; undefined for a notification (no id). */
function handleOne(
  item: unknown,
  methods: Record<string, RpcMethod>,
  context: RpcContext
): JsonRpcResponse | undefined {
  const rawId = typeof item === 'object' && item !== null ? (item as { id?: unknown }).id : undefined
  const fallbackId: Id = typeof rawId === 'string' || typeof rawId === 'number' ? rawId : null
  const request = envelope.safeParse(item)
  if (!request.success) return errorResponse(fallbackId, -32600, `Invalid request: ${describeIssues(request.error)}`)
  const { id, method: name, params } = request.data
  const respond = (response: JsonRpcResponse) => (id === undefined ? undefined : response)
  const entry = Object.hasOwn(methods, name) ? methods[name] : undefined
  if (!entry) return respond(errorResponse(id ?? null, -32601, `Method not found: ${name}`))
  if (params !== undefined && !Array.isArray(params)) {
    return respond(
      errorResponse(id ?? null, -32602, 'Invalid params: params must be an array of positional parameters')
    )
  }
  const parsed = entry.params.safeParse(params ?? [])
  if (!parsed.success) {
    return respond(errorResponse(id ?? null, -32602, `Invalid params: ${describeIssues(parsed.error, 'params')}`))
  }
  try {
    const result = entry.run(parsed.data as never, context)
    return respond({ jsonrpc: '2.0', result, id: id ?? null })
  } catch (error) {
    if (error instanceof RpcError) return respond(errorResponse(id ?? null, error.code, error.message, error.data))
    console.error(`solana rpc: ${name} failed:`, error)
    return respond(errorResponse(id ?? null, -32603, `Internal error: ${(error as Error).message}`))
  }
}

/** A request body (one request or a batch) to its response text; undefined when nothing is due. */
export function handleJsonRpc(
  text: string,
  methods: Record<string, RpcMethod>,
  context: RpcContext
): string | undefined {
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    return JSON.stringify(errorResponse(null, -32700, 'Parse error'))
  }
  if (Array.isArray(body)) {
    if (body.length === 0) return JSON.stringify(errorResponse(null, -32600, 'Invalid request: empty batch'))
    const responses = body.map(item => handleOne(item, methods, context)).filter(r => r !== undefined)
    return responses.length > 0 ? JSON.stringify(responses) : undefined
  }
  const response = handleOne(body, methods, context)
  return response && JSON.stringify(response)
}

/* ------------------------------------------------------------------ subscriptions */

type Subscription =
  | { kind: 'account'; socket: WebSocket; pubkey: string; encoding: AccountEncoding; dataSlice?: DataSlice | undefined }
  | {
      kind: 'program'
      socket: WebSocket
      program: string
      encoding: AccountEncoding
      filters: z.infer<typeof programFilter>[]
    }
  | { kind: 'signature'; socket: WebSocket; signature: string; received: boolean }
  | { kind: 'logs'; socket: WebSocket; mentions: string | null }
  | { kind: 'slot'; socket: WebSocket }
  | { kind: 'root'; socket: WebSocket }

const NOTIFICATION_METHOD: Record<Subscription['kind'], string> = {
  account: 'accountNotification',
  program: 'programNotification',
  signature: 'signatureNotification',
  logs: 'logsNotification',
  slot: 'slotNotification',
  root: 'rootNotification'
}

class Subscriptions {
  private nextId = 0
  readonly all = new Map<number, Subscription>()
  private slotTimer: NodeJS.Timeout | undefined

  constructor(private readonly chain: SolanaChain) {}

  add(subscription: Subscription): number {
    const id = this.nextId++
    this.all.set(id, subscription)
    this.updateSlotTimer()
    return id
  }

  remove(id: number, socket: WebSocket): boolean {
    const subscription = this.all.get(id)
    if (!subscription || subscription.socket !== socket) return false
    this.all.delete(id)
    this.updateSlotTimer()
    return true
  }

  removeSocket(socket: WebSocket): void {
    for (const [id, subscription] of this.all) if (subscription.socket === socket) this.all.delete(id)
    this.updateSlotTimer()
  }

  /** Slots advance on their own only while someone listens to them. */
  private updateSlotTimer(): void {
    const wanted = [...this.all.values()].some(s => s.kind === 'slot' || s.kind === 'root')
    if (wanted && !this.slotTimer) {
      this.slotTimer = setInterval(() => this.chain.tick(), MS_PER_SLOT / 2)
      this.slotTimer.unref()
    } else if (!wanted && this.slotTimer) {
      clearInterval(this.slotTimer)
      this.slotTimer = undefined
    }
  }

  notify(id: number, subscription: Subscription, result: unknown): void {
    if (subscription.socket.readyState !== subscription.socket.OPEN) return
    const params = { result, subscription: id }
    subscription.socket.send(JSON.stringify({ jsonrpc: '2.0', method: NOTIFICATION_METHOD[subscription.kind], params }))
  }

  signatureNotification(
    id: number,
    subscription: Subscription & { kind: 'signature' },
    record: TransactionRecord
  ): void {
    const context = { slot: record.slot }
    if (subscription.received) this.notify(id, subscription, { context, value: 'receivedSignature' })
    this.notify(id, subscription, { context, value: { err: record.err } })
    this.all.delete(id)
  }

  onSlot(slot: number, parent: number): void {
    for (const [id, subscription] of this.all) {
      if (subscription.kind === 'slot') this.notify(id, subscription, { parent, root: slot, slot })
      if (subscription.kind === 'root') this.notify(id, subscription, slot)
    }
  }

  onTransaction(record: TransactionRecord, written: string[]): void {
    const chain = this.chain
    const context = { slot: record.slot }
    const writtenSet = new Set(written)
    const mentioned = new Set(record.keys.all)
    for (const [id, subscription] of this.all) {
      switch (subscription.kind) {
        case 'signature':
          if (subscription.signature === record.signature) this.signatureNotification(id, subscription, record)
          break
        case 'account':
          if (writtenSet.has(subscription.pubkey)) {
            const account = chain.getAccount(subscription.pubkey) ?? {
              lamports: 0n,
              owner: '11111111111111111111111111111111',
              data: new Uint8Array(0),
              executable: false
            }
            const value = encodeAccount(account, subscription.encoding, subscription.dataSlice, chain.decimalsOf)
            this.notify(id, subscription, { context, value })
          }
          break
        case 'program':
          for (const key of writtenSet) {
            const account = chain.getAccount(key)
            if (account?.owner === subscription.program && passesFilters(account, subscription.filters)) {
              const value = {
                pubkey: key,
                account: encodeAccount(account, subscription.encoding, undefined, chain.decimalsOf)
              }
              this.notify(id, subscription, { context, value })
            }
          }
          break
        case 'logs':
          if (subscription.mentions === null || mentioned.has(subscription.mentions)) {
            this.notify(id, subscription, {
              context,
              value: { err: record.err, logs: record.logs, signature: record.signature }
            })
          }
          break
      }
    }
  }

  stop(): void {
    clearInterval(this.slotTimer)
    this.all.clear()
  }
}

/** The pubsub methods; each needs the socket it was called on. */
function pubsubMethods(subscriptions: Subscriptions, socket: WebSocket): Record<string, RpcMethod> {
  const unsubscribe = (name: string) =>
    method(z.tuple([z.number().int().nonnegative()]), ([id]) => {
      if (!subscriptions.remove(id, socket)) throw new RpcError(-32602, `Invalid subscription id. (${name})`)
      return true
    })
  const commitmentOnly = z.object({ commitment: commitment.optional() }).nullish()
  return {
    accountSubscribe: method(z.tuple([pubkey, accountConfig.nullish()]), ([key, config]) =>
      subscriptions.add({
        kind: 'account',
        socket,
        pubkey: key,
        encoding: config?.encoding ?? 'binary',
        dataSlice: config?.dataSlice
      })
    ),
    accountUnsubscribe: unsubscribe('accountUnsubscribe'),
    programSubscribe: method(
      z.tuple([pubkey, accountConfig.extend({ filters: z.array(programFilter).max(4).optional() }).nullish()]),
      ([program, config]) =>
        subscriptions.add({
          kind: 'program',
          socket,
          program,
          encoding: config?.encoding ?? 'binary',
          filters: config?.filters ?? []
        })
    ),
    programUnsubscribe: unsubscribe('programUnsubscribe'),
    signatureSubscribe: method(
      z.tuple([
        z.string(),
        z.object({ commitment: commitment.optional(), enableReceivedNotification: z.boolean().optional() }).nullish()
      ]),
      ([signature, config], { chain }) => {
        const subscription = {
          kind: 'signature' as const,
          socket,
          signature,
          received: config?.enableReceivedNotification ?? false
        }
        const id = subscriptions.add(subscription)
        const record = chain.getTransaction(signature)
        // Already processed: notify right after the subscribe response has gone out.
        if (record)
          setImmediate(() => subscriptions.all.has(id) && subscriptions.signatureNotification(id, subscription, record))
        return id
      }
    ),
    signatureUnsubscribe: unsubscribe('signatureUnsubscribe'),
    logsSubscribe: method(
      z.tuple([z.union([z.enum(['all', 'allWithVotes']), z.object({ mentions: z.tuple([pubkey]) })]), commitmentOnly]),
      ([filter]) =>
        subscriptions.add({ kind: 'logs', socket, mentions: typeof filter === 'string' ? null : filter.mentions[0] })
    ),
    logsUnsubscribe: unsubscribe('logsUnsubscribe'),
    slotSubscribe: method(z.tuple([]), () => subscriptions.add({ kind: 'slot', socket })),
    slotUnsubscribe: unsubscribe('slotUnsubscribe'),
    rootSubscribe: method(z.tuple([]), () => subscriptions.add({ kind: 'root', socket })),
    rootUnsubscribe: unsubscribe('rootUnsubscribe')
  }
}

/* ------------------------------------------------------------------ HTTP and websocket servers */

function setCors(req: IncomingMessage, res: ServerResponse): void {
  res.setHeader('Access-Control-Allow-Origin', '*')
  res.setHeader('Access-Control-Allow-Methods', 'POST, GET, OPTIONS')
  res.setHeader(
    'Access-Control-Allow-Headers',
    req.headers['access-control-request-headers'] ?? 'Content-Type, solana-client, Authorization'
  )
  res.setHeader('Access-Control-Max-Age', '86400')
  if (req.headers['access-control-request-private-network'] === 'true') {
    res.setHeader('Access-Control-Allow-Private-Network', 'true')
  }
}

function readBody(req: IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > MAX_BODY_BYTES) {
        resolve(null)
        req.resume()
        return
      }
      chunks.push(chunk)
    })
    req.on('end', () => resolve(size > MAX_BODY_BYTES ? null : Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
  })
}

export interface SolanaRpcServerOptions {
  /** HTTP port (default 8899; 0 picks a free pair of ports P and P + 1). */
  port?: number
  /** Websocket port (default HTTP port + 1, as @solana/web3.js expects; equal to `port` for one port only). */
  wsPort?: number
  /** Always 127.0.0.1 unless told otherwise. */
  host?: string
}

export interface SolanaRpcServer {
  rpcUrl: string
  wsUrl: string
  port: number
  wsPort: number
  stop(): Promise<void>
}

function listen(server: Server, port: number, host: string, what: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      server.off('listening', onListening)
      if (error.code === 'EADDRINUSE') {
        reject(
          Object.assign(
            new Error(
              `Solana ${what}: port ${port} on ${host} is already in use (is another local Solana RPC or validator running?). ` +
                'Stop it or choose another port (--port N uses N and N + 1).'
            ),
            { code: 'EADDRINUSE', port }
          )
        )
      } else reject(error)
    }
    const onListening = () => {
      server.off('error', onError)
      resolve((server.address() as AddressInfo).port)
    }
    server.once('error', onError)
    server.once('listening', onListening)
    server.listen(port, host)
  })
}

function closeServer(server: Server): Promise<void> {
  return new Promise(resolve => {
    if (!server.listening) return resolve()
    server.close(() => resolve())
    server.closeAllConnections()
  })
}

/** Serves `chain` over HTTP JSON-RPC and the pubsub websocket on 127.0.0.1. */
export async function listenSolanaRpc(
  chain: SolanaChain,
  options: SolanaRpcServerOptions = {}
): Promise<SolanaRpcServer> {
  const host = options.host ?? '127.0.0.1'
  const subscriptions = new Subscriptions(chain)
  const context: RpcContext = { chain, identity: solanaFaucet.publicKey, rpcAddress: '', pubsubAddress: '' }
  const stopSlot = chain.onSlot((slot, parent) => subscriptions.onSlot(slot, parent))
  const stopTransactions = chain.onTransaction((record, written) => subscriptions.onTransaction(record, written))

  const handleHttp = async (req: IncomingMessage, res: ServerResponse) => {
    setCors(req, res)
    const path = (req.url ?? '/').split('?')[0]
    if (req.method === 'OPTIONS') {
      res.writeHead(204).end()
      return
    }
    if (req.method === 'GET' && path === '/health') {
      res.writeHead(200, { 'Content-Type': 'text/plain' }).end('ok')
      return
    }
    if (req.method !== 'POST') {
      res.writeHead(405, { Allow: 'POST, GET, OPTIONS', 'Content-Type': 'text/plain' })
      res.end('Send JSON-RPC 2.0 requests with POST (GET /health answers "ok").')
      return
    }
    const body = await readBody(req)
    if (body === null) {
      res.writeHead(413, { 'Content-Type': 'text/plain' }).end(`Request body larger than ${MAX_BODY_BYTES} bytes`)
      return
    }
    const text = handleJsonRpc(body, httpMethods, context)
    if (text === undefined) res.writeHead(204).end()
    else res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' }).end(text)
  }

  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_BODY_BYTES })
  wss.on('connection', (socket: WebSocket) => {
    const methods = pubsubMethods(subscriptions, socket)
    socket.on('message', data => {
      const text = handleJsonRpc(String(data), methods, context)
      if (text !== undefined) socket.send(text)
    })
    socket.on('close', () => subscriptions.removeSocket(socket))
    socket.on('error', () => subscriptions.removeSocket(socket))
  })

  const makeServer = () => {
    const server = createServer((req, res) => {
      handleHttp(req, res).catch(error => {
        console.error('solana rpc: request failed:', error)
        if (!res.headersSent) res.writeHead(500).end()
      })
    })
    server.on('upgrade', (req, socket, head) => {
      wss.handleUpgrade(req, socket, head, ws => wss.emit('connection', ws, req))
    })
    server.keepAliveTimeout = 5000
    return server
  }

  const httpServer = makeServer()
  let wsServer: Server | undefined
  let port: number
  let wsPort: number
  try {
    if ((options.port ?? DEFAULT_RPC_PORT) === 0 && options.wsPort === undefined) {
      // A free pair P, P + 1: web3.js derives the websocket as HTTP port + 1.
      for (let attempt = 0; ; attempt++) {
        port = await listen(httpServer, 0, host, 'RPC')
        wsServer = makeServer()
        try {
          wsPort = await listen(wsServer, port + 1, host, 'RPC websocket')
          break
        } catch (error) {
          await closeServer(httpServer)
          if (attempt >= 20 || (error as { code?: string }).code !== 'EADDRINUSE') throw error
        }
      }
    } else {
      port = await listen(httpServer, options.port ?? DEFAULT_RPC_PORT, host, 'RPC')
      const wanted = options.wsPort ?? port + 1
      if (wanted === port) wsPort = port
      else {
        wsServer = makeServer()
        wsPort = await listen(wsServer, wanted, host, 'RPC websocket')
      }
    }
  } catch (error) {
    await closeServer(httpServer)
    if (wsServer) await closeServer(wsServer)
    stopSlot()
    stopTransactions()
    throw error
  }
  context.rpcAddress = `${host}:${port}`
  context.pubsubAddress = `${host}:${wsPort}`

  let stopped: Promise<void> | undefined
  const stop = () =>
    (stopped ??= (async () => {
      stopSlot()
      stopTransactions()
      subscriptions.stop()
      // Close code 1000 tells clients (rpc-websockets in web3.js) not to reconnect.
      await Promise.all(
        [...wss.clients].map(
          client =>
            new Promise<void>(resolve => {
              const timer = setTimeout(() => {
                client.terminate()
                resolve()
              }, 1000)
              client.once('close', () => {
                clearTimeout(timer)
                resolve()
              })
              client.close(1000, 'server stopping')
            })
        )
      )
      wss.close()
      await Promise.all([closeServer(httpServer), wsServer ? closeServer(wsServer) : undefined])
    })())

  return { rpcUrl: `http://${host}:${port}`, wsUrl: `ws://${host}:${wsPort}`, port, wsPort, stop }
}

/** Kept here so readers find every method name in one place. */
export const SUPPORTED_METHODS = {
  http: Object.keys(httpMethods).sort(),
  websocket: [
    'accountSubscribe',
    'accountUnsubscribe',
    'programSubscribe',
    'programUnsubscribe',
    'signatureSubscribe',
    'signatureUnsubscribe',
    'logsSubscribe',
    'logsUnsubscribe',
    'slotSubscribe',
    'slotUnsubscribe',
    'rootSubscribe',
    'rootUnsubscribe'
  ]
}
