// The app's own JSON-RPC node for the frame page's tests (web-test-runner middleware), under
// /app-rpc/<chainId>: it answers eth_chainId with that chain, eth_getBalance with APP_RPC_BALANCE
// and eth_blockNumber, and records who asked what (the Origin header too, to show the call came
// from the frame's page in the browser). GET /app-rpc/<chainId>/__calls reads the record back.
// The frame reaches it for a network its backend does not serve (service/frame/chain-rpc.ts); the real
// chain behind such a call is tested in test/server/frame-chain-fallback.test.ts.
const PREFIX = '/app-rpc/'
/** 1.5 ETH in wei, as 0x hex. */
export const APP_RPC_BALANCE = '0x14d1120d7b160000'
const calls = new Map()

function json(ctx, body) {
  ctx.status = 200
  ctx.type = 'application/json'
  ctx.body = JSON.stringify(body)
}

export async function appRpc(ctx, next) {
  if (!ctx.path.startsWith(PREFIX)) return next()
  const [chain, tail] = ctx.path.slice(PREFIX.length).split('/')
  const chainId = Number(chain)
  if (!Number.isSafeInteger(chainId) || chainId <= 0) return next()
  const record = calls.get(chainId) ?? []
  calls.set(chainId, record)
  if (tail === '__calls') return json(ctx, record)
  if (ctx.method !== 'POST') return next()
  const chunks = []
  for await (const chunk of ctx.req) chunks.push(chunk)
  const request = JSON.parse(Buffer.concat(chunks).toString('utf8'))
  record.push({ method: request.method, origin: ctx.get('Origin') })
  const results = {
    eth_chainId: `0x${chainId.toString(16)}`,
    eth_getBalance: APP_RPC_BALANCE,
    eth_blockNumber: '0x10'
  }
  if (request.method in results) return json(ctx, { jsonrpc: '2.0', id: request.id, result: results[request.method] })
  return json(ctx, {
    jsonrpc: '2.0',
    id: request.id,
    error: { code: -32601, message: `${request.method} is not served here` }
  })
}
