/**
 * The node's HTTP server on 127.0.0.1: Bitcoin Core's JSON-RPC at POST / (JSON-RPC 1.0 as
 * bitcoin-cli speaks it, and 2.0 when a request says so, as Core 28+ answers; batches too) and the
 * Esplora REST API on the same port. Any credentials are accepted (a local stand-in); CORS is
 * open so a page on any localhost port can read it.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { z } from 'zod'
import type { BitcoinChain } from './chain.js'
import { esploraGet, esploraPostTx, type RestAnswer } from './esplora.js'
import { callMethod, RPC, RpcError } from './rpc-methods.js'

const MAX_BODY_BYTES = 4 * 1024 * 1024

const request = z.object({
  jsonrpc: z.union([z.literal('1.0'), z.literal('2.0')]).optional(),
  id: z.union([z.string(), z.number(), z.null()]).optional(),
  method: z.string(),
  params: z.union([z.array(z.unknown()), z.record(z.string(), z.unknown()), z.null()]).optional()
})

type Id = string | number | null
interface Reply {
  status: number
  body: Record<string, unknown> | undefined
}

function reply(version2: boolean, id: Id, result: unknown, error?: { code: number; message: string }): Reply {
  if (version2) return { status: 200, body: error ? { jsonrpc: '2.0', error, id } : { jsonrpc: '2.0', result, id } }
  // Legacy JSON-RPC 1.0: result and error both present; Core answers errors with HTTP 500 (404 for an unknown method).
  const status = !error ? 200 : error.code === RPC.METHOD_NOT_FOUND ? 404 : error.code === -32600 ? 400 : 500
  return { status, body: { result: error ? null : result, error: error ?? null, id } }
}

function handleOne(chain: BitcoinChain, item: unknown): Reply {
  const parsed = request.safeParse(item)
  const rawId = (item as { id?: unknown } | null)?.id
  const id: Id = typeof rawId === 'string' || typeof rawId === 'number' ? rawId : null
  if (!parsed.success) return reply(false, id, null, { code: -32600, message: 'Invalid Request object' })
  const version2 = parsed.data.jsonrpc === '2.0'
  try {
    const result = callMethod(chain, parsed.data.method, parsed.data.params ?? [])
    if (version2 && parsed.data.id === undefined) return { status: 204, body: undefined }
    return reply(version2, parsed.data.id ?? null, result)
  } catch (error) {
    if (!(error instanceof RpcError)) {
      console.error(`bitcoin rpc: ${parsed.data.method} failed:`, error)
      return reply(version2, parsed.data.id ?? null, null, { code: -32603, message: (error as Error).message })
    }
    return reply(version2, parsed.data.id ?? null, null, { code: error.code, message: error.message })
  }
}

/** A JSON-RPC body to its HTTP answer. */
export function handleRpcBody(chain: BitcoinChain, text: string): Reply | { status: number; body: unknown[] } {
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    return { status: 500, body: { result: null, error: { code: -32700, message: 'Parse error' }, id: null } }
  }
  if (Array.isArray(body)) {
    return { status: 200, body: body.map(item => handleOne(chain, item).body).filter(item => item !== undefined) }
  }
  return handleOne(chain, body)
}

function readBody(req: IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size <= MAX_BODY_BYTES) chunks.push(chunk)
    })
    req.on('end', () => resolve(size > MAX_BODY_BYTES ? null : Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
  })
}

function send(res: ServerResponse, answer: RestAnswer | Reply | { status: number; body: unknown[] }): void {
  if (answer.body === undefined) {
    res.writeHead(answer.status).end()
  } else if (typeof answer.body === 'string') {
    res.writeHead(answer.status, { 'Content-Type': 'text/plain; charset=utf-8' }).end(answer.body)
  } else {
    res.writeHead(answer.status, { 'Content-Type': 'application/json' }).end(JSON.stringify(answer.body))
  }
}

async function handle(chain: BitcoinChain, req: IncomingMessage, res: ServerResponse): Promise<void> {
  res.setHeader('Access-Control-Allow-Origin', '*')
  res.setHeader('Access-Control-Allow-Methods', 'GET, POST, OPTIONS')
  res.setHeader(
    'Access-Control-Allow-Headers',
    req.headers['access-control-request-headers'] ?? 'Content-Type, Authorization'
  )
  if (req.headers['access-control-request-private-network'] === 'true') {
    res.setHeader('Access-Control-Allow-Private-Network', 'true')
  }
  const path = (req.url ?? '/').split('?')[0]!.replace(/^\/api(?=\/)/, '')
  if (req.method === 'OPTIONS') return void res.writeHead(204).end()
  if (req.method === 'GET') {
    send(res, esploraGet(chain, path) ?? { status: 404, body: 'Not Found' })
    return
  }
  if (req.method !== 'POST') return send(res, { status: 405, body: 'Method Not Allowed' })
  const body = await readBody(req)
  if (body === null) return send(res, { status: 413, body: `Request body larger than ${MAX_BODY_BYTES} bytes` })
  if (path === '/tx') return send(res, esploraPostTx(chain, body))
  if (path === '/' || path === '') return send(res, handleRpcBody(chain, body))
  send(res, { status: 404, body: 'Not Found' })
}

export interface BitcoinServer {
  url: string
  port: number
  stop(): Promise<void>
}

/** Serves `chain` on `host:port` (0 picks a free port). */
export function listenBitcoin(chain: BitcoinChain, port: number, host = '127.0.0.1'): Promise<BitcoinServer> {
  const server = createServer((req, res) => {
    handle(chain, req, res).catch(error => {
      console.error('bitcoin node: request failed:', error)
      if (!res.headersSent) res.writeHead(500).end()
    })
  })
  server.keepAliveTimeout = 5000
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EADDRINUSE') return reject(error)
      reject(
        Object.assign(
          new Error(
            `Bitcoin node: port ${port} on ${host} is already in use (is bitcoind or another local node running?). Stop it or choose another port (--port N).`
          ),
          { code: 'EADDRINUSE', port }
        )
      )
    })
    server.listen(port, host, () => {
      const actual = (server.address() as AddressInfo).port
      let stopped: Promise<void> | undefined
      const stop = () =>
        (stopped ??= new Promise<void>(done => {
          server.close(() => done())
          server.closeAllConnections()
        }))
      resolve({ url: `http://${host}:${actual}`, port: actual, stop })
    })
  })
}
