import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'

/** A request the fault server received. */
export interface RecordedRequest {
  method: string
  path: string
  query: URLSearchParams
  headers: IncomingMessage['headers']
  /** The body as text, and parsed as JSON when it is JSON. */
  text: string
  json: unknown
}

/**
 * What to answer to one request:
 * - `status`, `headers`, `json` (sent as JSON) or `raw` (sent as is);
 * - `hang`: never answer (the client's timeout must act);
 * - `destroy`: drop the connection without an answer (a network error).
 */
export interface Reply {
  status?: number
  headers?: Record<string, string>
  json?: unknown
  raw?: string
  hang?: boolean
  destroy?: boolean
}
export type Script = Reply | ((request: RecordedRequest) => Reply)

/**
 * A local HTTP server on 127.0.0.1 and a free port, scripted per test: each request takes the next
 * scripted reply (the last one repeats once the script runs out); every request is recorded.
 */
export class FaultServer {
  readonly requests: RecordedRequest[] = []
  private script: Script[] = [{ status: 404, json: { message: 'not scripted' } }]
  /** Requests that took a scripted reply since the last `reply` (routed ones do not count). */
  private scripted = 0
  private readonly routes = new Map<string, Script>()
  private readonly server: Server
  private readonly sockets = new Set<Socket>()
  private waiters: Array<{ count: number; resolve: () => void }> = []
  url = ''

  private constructor() {
    this.server = createServer((req, res) => void this.handle(req, res))
    this.server.on('connection', socket => {
      this.sockets.add(socket)
      socket.on('close', () => this.sockets.delete(socket))
    })
  }

  static async start(): Promise<FaultServer> {
    const fault = new FaultServer()
    await new Promise<void>(resolve => fault.server.listen(0, '127.0.0.1', resolve))
    fault.url = `http://127.0.0.1:${(fault.server.address() as AddressInfo).port}`
    return fault
  }

  /** Replaces the script and forgets earlier requests. */
  reply(...script: Script[]): this {
    this.script = script
    this.scripted = 0
    this.requests.length = 0
    return this
  }

  /**
   * Answers every request to `path` with `script`, outside the script and across `reply` calls
   * (such a request is still recorded): a call the client makes beside the one under test, such as
   * the backend's /v1/supported-chains list it reads before its first call.
   */
  route(path: string, script: Script): this {
    this.routes.set(path, script)
    return this
  }

  /** Resolves once `count` requests have arrived (fails after 5 s of real time). */
  waitForRequests(count: number): Promise<void> {
    if (this.requests.length >= count) return Promise.resolve()
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`only ${this.requests.length} of ${count} requests arrived`)),
        5000
      )
      this.waiters.push({
        count,
        resolve: () => {
          clearTimeout(timer)
          resolve()
        }
      })
    })
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy()
    await new Promise<void>(resolve => this.server.close(() => resolve()))
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const text = Buffer.concat(chunks).toString('utf8')
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    let json: unknown
    try {
      json = text ? JSON.parse(text) : undefined
    } catch {
      // Not JSON: `text` has it.
    }
    const request: RecordedRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      text,
      json
    }
    this.requests.push(request)
    this.waiters = this.waiters.filter(waiter => {
      if (this.requests.length < waiter.count) return true
      waiter.resolve()
      return false
    })
    const step = this.routes.get(url.pathname) ?? this.script[Math.min(this.scripted++, this.script.length - 1)]!
    const reply = typeof step === 'function' ? step(request) : step
    if (reply.hang) return
    if (reply.destroy) {
      req.socket.destroy()
      return
    }
    const body = reply.raw ?? (reply.json === undefined ? '' : JSON.stringify(reply.json))
    res.writeHead(reply.status ?? 200, {
      ...(reply.raw === undefined && reply.json !== undefined ? { 'Content-Type': 'application/json' } : {}),
      ...reply.headers
    })
    res.end(body)
  }
}
