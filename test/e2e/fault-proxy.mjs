// A fault proxy for the end-to-end fault tests (issue 33, point 2): a small HTTP proxy on 127.0.0.1
// and a free port in front of one service of the local stack (the backend, or a chain's RPC), told
// per test what to do with the requests a rule matches. The page under test is given the proxy's
// URL in place of the service's (fault-page/), so the kit's real clients meet the faults.
//
// A fault (the vocabulary of test/api/fault-server.ts's Reply, which scripts a server rather than a
// proxy):
//   {}                                  pass through (the default for what no rule matches)
//   { status, headers?, json?, raw? }   answer this instead (500, 429 with Retry-After, a malformed
//                                       JSON body as `raw`, a body of the wrong shape as `json`)
//   { delayMs }                         pass through after that long
//   { destroy: true }                   drop the connection without an answer (a reset)
//   { rewrite(json) }                   pass through, the JSON answer changed by `rewrite`
// `times` on a rule applies it to that many matching requests only, then the rule is gone.
// `down()` closes the listener (connections refused) until `up()` opens it on the same port.
// Answers the proxy makes itself carry the CORS headers the backend's would (the page is on another
// origin), Retry-After exposed as the backend exposes it. Every request is recorded with its time
// and, for a JSON-RPC body, its methods.
import { createServer, request as httpRequest } from 'node:http'

/**
 * Starts a proxy to `target` (an origin, such as the stack's backend URL); resolves to
 * { url, requests, fail(match, fault, { times }), clear(), down(), up(), close(), count(match),
 * waitForRequests(match, count, timeout) }. `match(request)` sees { method, path, query, rpcMethods }.
 */
export async function startFaultProxy(target) {
  const targetUrl = new URL(target)
  const requests = []
  let rules = []
  let waiters = []
  const sockets = new Set()
  const server = createServer((req, res) => void handle(req, res))
  server.on('connection', socket => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })

  async function handle(req, res) {
    const chunks = []
    for await (const chunk of req) chunks.push(chunk)
    const body = Buffer.concat(chunks)
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    const recorded = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      rpcMethods: rpcMethodsOf(body),
      at: Date.now()
    }
    // A CORS preflight passes through unrecorded: the fault is for the request it clears.
    const rule = recorded.method === 'OPTIONS' ? undefined : rules.find(candidate => candidate.match(recorded))
    if (recorded.method !== 'OPTIONS') {
      requests.push(recorded)
      waiters = waiters.filter(waiter => !waiter.check())
    }
    if (rule && rule.times !== undefined && --rule.times <= 0) rules = rules.filter(other => other !== rule)
    const fault = rule?.fault ?? {}
    if (fault.destroy) return void req.socket.destroy()
    if (fault.delayMs) await new Promise(resolve => setTimeout(resolve, fault.delayMs))
    if (fault.status !== undefined) return answer(req, res, fault)
    forward(req, res, body, fault.rewrite)
  }

  function answer(req, res, { status, headers = {}, json, raw }) {
    const text = raw ?? (json === undefined ? '' : JSON.stringify(json))
    res.writeHead(status, {
      ...(req.headers.origin
        ? {
            'Access-Control-Allow-Origin': req.headers.origin,
            'Access-Control-Expose-Headers': 'Retry-After',
            Vary: 'Origin'
          }
        : {}),
      'Content-Type': 'application/json',
      ...headers
    })
    res.end(text)
  }

  function forward(req, res, body, rewrite) {
    const headers = { ...req.headers, host: targetUrl.host }
    if (rewrite) headers['accept-encoding'] = 'identity'
    const upstream = httpRequest(
      { host: targetUrl.hostname, port: targetUrl.port, method: req.method, path: req.url, headers },
      async response => {
        if (!rewrite) {
          res.writeHead(response.statusCode ?? 502, response.headers)
          return void response.pipe(res)
        }
        const chunks = []
        for await (const chunk of response) chunks.push(chunk)
        const text = JSON.stringify(rewrite(JSON.parse(Buffer.concat(chunks).toString('utf8'))))
        const { 'content-length': _length, 'transfer-encoding': _encoding, ...kept } = response.headers
        res.writeHead(response.statusCode ?? 502, kept)
        res.end(text)
      }
    )
    upstream.on('error', () => req.socket.destroy())
    upstream.end(body)
  }

  const listen = port => new Promise(resolve => server.listen(port, '127.0.0.1', resolve))
  await listen(0)
  const port = server.address().port
  const close = () =>
    new Promise(resolve => {
      for (const socket of sockets) socket.destroy()
      if (!server.listening) return resolve()
      server.close(() => resolve())
    })
  const count = match => requests.filter(match).length

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    /** Adds a rule (the first added wins among those matching). */
    fail(match, fault, { times } = {}) {
      rules.push({ match, fault, times })
    },
    /** Forgets every rule: everything passes. */
    clear() {
      rules = []
    },
    down: close,
    up: () => listen(port),
    close,
    count,
    /** Resolves once `count` requests `match`; rejects after `timeout` ms naming how many came. */
    waitForRequests(match, wanted, timeout = 15_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (count(match) < wanted) return false
          clearTimeout(timer)
          resolve(requests.filter(match))
          return true
        }
        const timer = setTimeout(() => {
          waiters = waiters.filter(waiter => waiter.check !== check)
          reject(new Error(`${count(match)} of ${wanted} requests came within ${timeout} ms`))
        }, timeout)
        if (!check()) waiters.push({ check })
      })
    }
  }
}

/** The JSON-RPC methods of a request body (one call or a batch); [] for anything else. */
function rpcMethodsOf(body) {
  try {
    const parsed = JSON.parse(body.toString('utf8'))
    return (Array.isArray(parsed) ? parsed : [parsed]).map(call => call?.method).filter(Boolean)
  } catch {
    return []
  }
}

/** A rule's match: requests whose path starts with `prefix` (and, when given, of `method`). */
export const onPath =
  (prefix, method) =>
  ({ path, method: actual }) =>
    path.startsWith(prefix) && (!method || method === actual)

/** A rule's match: JSON-RPC requests calling `method`. */
export const onRpc = method => request => request.rpcMethods.includes(method)
