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
import type { SolanaChain } from './chain.js'
import { RpcError } from './codec.js'
import { httpMethods } from './rpc-methods.js'
import { pubsubMethods, Subscriptions } from './rpc-subscriptions.js'
import type { RpcContext, RpcMethod } from './rpc-params.js'

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
