// Attacks on the backend's HTTP surface (issue 33, section 3), in process: the API and the frame's
// origin as Hono apps (app.request, no socket) over one PGlite, the embedded wallet mailing into
// an array. Every route is taken from the apps' own route lists, so a route added later without
// an entry in ROUTES fails the first test.
//   - a POST body over its limit: 413 before the route runs (no row written, no mail sent);
//   - SQL injection strings in every path and query parameter: a 4xx or the route's answer, and
//     not one existing row changed or removed, no table dropped, no row added but a SIWX nonce;
//   - errors (malformed JSON, wrong types, unknown ids, an internal fault) carry no stack trace
//     and no file path;
//   - CORS: only the origins a project allows (its own and the built-in ones, spec section 6).
import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { after, before, describe, it } from 'node:test'
import type { Hono } from 'hono'
import {
  API_BODY_LIMIT,
  API_RPC_PATHS,
  bodyTooLarge,
  FRAME_RPC_PATHS,
  RPC_BODY_LIMIT
} from '../../service/backend/body-limit.js'
import { defaultProject } from '../../service/backend/config.js'
import type { CodeMail } from '../../service/backend/embedded/mailer.js'
import { createEmbeddedWallet } from '../../service/backend/embedded/wallet.js'
import { createFrameApp } from '../../service/backend/frame-app.js'
import { siwxCreateSessionResponseSchema, siwxNonceResponseSchema } from '../../src/api/schemas/index.js'
import { HOST_ORIGIN_HEADER } from '../../src/frame/host-origin.js'
import { createSiwxMessage } from '../../src/siwx/create-message.js'
import { API, deviceId, email, FOREIGN, FRAME_ORIGIN, ROUTES, signer, STRICT, tokens } from './attack-routes.js'
import { createTestApp, LOCAL_ORIGIN, openTestDatabase, type TestApp, type TestDatabase } from './helpers.js'

let database: TestDatabase
let api: TestApp
let frame: Hono
const mails: CodeMail[] = []
let signedSession: unknown

/** Every route of both apps, as 'METHOD /path' (middleware left out). */
function routeKeys(): string[] {
  const keys = new Set<string>()
  for (const route of api.app.routes) if (route.method !== 'ALL') keys.add(`${route.method} ${route.path}`)
  for (const route of frame.routes) if (route.method !== 'ALL') keys.add(`${route.method} ${route.path}`)
  return [...keys].sort()
}

interface Sent {
  status: number
  headers: Headers
  text: string
}

/** Sends `key`'s base request, with `change` applied to its parts. */
async function send(
  key: string,
  change: {
    params?: Record<string, string>
    query?: Record<string, string>
    raw?: string | ReadableStream<Uint8Array>
    headers?: Record<string, string>
  } = {}
): Promise<Sent> {
  const route = ROUTES[key]
  assert.ok(route, `no case for ${key}`)
  const [method, pattern] = key.split(' ') as [string, string]
  const params = { ...route.params, ...change.params }
  const path = pattern
    .replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? 'x'))
    .replace('/*', '/index-abc.js')
  const url = new URL(path, route.frame ? FRAME_ORIGIN : API)
  for (const [name, value] of Object.entries({ ...route.query, ...change.query })) url.searchParams.set(name, value)
  const headers: Record<string, string> = {
    ...(route.frame ? { Origin: method === 'GET' ? '' : FRAME_ORIGIN, [HOST_ORIGIN_HEADER]: LOCAL_ORIGIN } : {}),
    ...route.headers?.(),
    ...change.headers
  }
  if (headers.Origin === '') delete headers.Origin
  let body: string | ReadableStream<Uint8Array> | undefined = change.raw
  if (body === undefined && method === 'POST') body = JSON.stringify(route.body ?? {})
  if (body !== undefined) headers['Content-Type'] ??= 'application/json'
  const init: RequestInit & { duplex?: 'half' } = { method, headers, ...(body !== undefined ? { body } : {}) }
  if (body instanceof ReadableStream) init.duplex = 'half'
  const response = await (route.frame ? frame : api.app).request(url.toString(), init)
  return { status: response.status, headers: response.headers, text: await response.text() }
}

/** Every row of every table, as text, by table. */
async function snapshot(): Promise<Map<string, Set<string>>> {
  const { rows: tables } = await database.db.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name`
  )
  const result = new Map<string, Set<string>>()
  for (const { name } of tables) {
    const { rows } = await database.db.query<{ row: string }>(`SELECT t::text AS row FROM "${name}" t`)
    result.set(name, new Set(rows.map(row => row.row)))
  }
  return result
}

/** Nothing removed or changed; rows added only in `mayGrow`. */
function assertUnchanged(
  before: Map<string, Set<string>>,
  now: Map<string, Set<string>>,
  what: string,
  mayGrow: string[] = []
) {
  assert.deepEqual([...now.keys()], [...before.keys()], `${what}: the tables`)
  for (const [table, rows] of before) {
    const current = now.get(table)!
    for (const row of rows) assert.ok(current.has(row), `${what}: a row of ${table} changed or went: ${row}`)
    if (!mayGrow.includes(table)) assert.equal(current.size, rows.size, `${what}: rows added to ${table}`)
  }
}

/** No stack trace line, no file path or source position in an answer. */
function assertNoTrace(text: string, what: string) {
  assert.doesNotMatch(text, /^\s*at\s/m, `${what}: a stack line in ${text.slice(0, 300)}`)
  assert.doesNotMatch(text, /\bat (?:async )?[\w$.<>]+ \(/, `${what}: a stack frame in ${text.slice(0, 300)}`)
  assert.doesNotMatch(
    text,
    /file:\/\/|node_modules|\/(?:work|home|tmp|usr|root|opt)\/|[\w-]+\.(?:ts|mjs|js):\d+/,
    `${what}: a file path in ${text.slice(0, 300)}`
  )
}

before(async () => {
  database = await openTestDatabase()
  api = await createTestApp(database.db, {
    config: { adminToken: 'admin-token-'.repeat(2), projects: [defaultProject(), STRICT] }
  })
  const wallet = createEmbeddedWallet(api.context, {
    mailer: { sendCode: async mail => void mails.push(mail), close: () => undefined }
  })
  frame = createFrameApp(api.context, { origin: () => FRAME_ORIGIN, wallet })
  api.context.onClose?.(() => wallet?.close())

  // Rows for an attack to change: an analytics event, a SIWX session (and its token), a wallet
  // account with a session and a code.
  assert.equal((await send('POST /e')).status, 202)
  const { nonce } = await api.ok('POST', '/v1/siwx/nonce', siwxNonceResponseSchema)
  const message = await createSiwxMessage(
    { accountAddress: signer.address, chainId: 'eip155:1' },
    { nonce, domain: new URL(LOCAL_ORIGIN).host, uri: `${LOCAL_ORIGIN}/`, statement: 'Attack canary' }
  )
  const { toString: _text, ...data } = message
  const text = message.toString()
  signedSession = { data, message: text, signature: await signer.signMessage({ message: text }) }
  const created = await api.ok(
    'POST',
    '/v1/siwx/sessions',
    siwxCreateSessionResponseSchema,
    { body: signedSession, headers: { Origin: LOCAL_ORIGIN } },
    201
  )
  tokens.siwx = created.token
  assert.equal((await send('POST /frame-api/email/start')).status, 200)
  const code = mails.at(-1)!.code
  const login = await send('POST /frame-api/email/otp', {
    raw: JSON.stringify({ email, deviceId, code })
  })
  assert.equal(login.status, 200, login.text)
  tokens.wallet = (JSON.parse(login.text) as { sessionToken: string }).sessionToken
  mails.length = 0
})

after(async () => {
  await api?.close()
  await database?.dispose()
})

describe('attacks on the HTTP surface (issue 33, section 3)', () => {
  it('has a case for every route of the API and the frame origin', () => {
    assert.deepEqual(routeKeys(), Object.keys(ROUTES).sort())
  })

  it('answers every POST whose body is over its limit 413, before the route does anything', async () => {
    const posts = routeKeys().filter(key => key.startsWith('POST '))
    assert.ok(posts.length >= 25, `${posts.length} POST routes`)
    const before = await snapshot()
    for (const key of posts) {
      const path = key.slice('POST '.length)
      const limit = API_RPC_PATHS.has(path) || FRAME_RPC_PATHS.has(path) ? RPC_BODY_LIMIT : API_BODY_LIMIT
      // The route's own valid body, padded past the limit: without the guard it would be served.
      const valid = JSON.stringify(ROUTES[key]!.body ?? {})
      const oversized = valid + ' '.repeat(limit + 1 - valid.length)
      const declared = await send(key, { raw: oversized, headers: { 'Content-Length': String(oversized.length) } })
      // Chunked, no Content-Length: read up to the limit, never further.
      const streamed = await send(key, { raw: chunked(oversized) })
      for (const [how, answer] of [
        ['declared', declared],
        ['chunked', streamed]
      ] as const) {
        assert.equal(answer.status, 413, `${key} (${how}): ${answer.status} ${answer.text.slice(0, 200)}`)
        assert.deepEqual(JSON.parse(answer.text), { message: bodyTooLarge(limit), code: 'payload_too_large' }, key)
      }
    }
    assertUnchanged(before, await snapshot(), 'oversized bodies')
    assert.deepEqual(mails, [], 'no mail sent')
    // At the limit, a body is read and judged by its route.
    for (const key of ['POST /e', 'POST /v1', 'POST /frame-api/sign-out']) {
      const path = key.slice('POST '.length)
      const limit = API_RPC_PATHS.has(path) || FRAME_RPC_PATHS.has(path) ? RPC_BODY_LIMIT : API_BODY_LIMIT
      const answer = await send(key, { raw: ' '.repeat(limit - 2) + '{}' })
      assert.notEqual(answer.status, 413, key)
    }
  })

  it('changes nothing for SQL injection strings in any path or query parameter', async () => {
    const injections = [
      `' OR '1'='1`,
      `x' OR '1'='1' --`,
      `'; DROP TABLE siwx_sessions; --`,
      `1; DELETE FROM analytics_events`,
      `" OR ""="`,
      `' UNION SELECT token_hash, token_hash FROM wallet_sessions --`,
      `%27%20OR%201%3D1--`
    ]
    const before = await snapshot()
    const problems: string[] = []
    let requests = 0
    for (const key of routeKeys()) {
      const route = ROUTES[key]!
      const names: Array<['params' | 'query', string]> = [
        ...Object.keys(route.params ?? {}).map(name => ['params', name] as ['params', string]),
        ...Object.keys(route.query ?? {}).map(name => ['query', name] as ['query', string])
      ]
      for (const [part, name] of names) {
        for (const injection of injections) {
          const answer = await send(key, { [part]: { [name]: injection } })
          requests++
          const what = `${key} ${part} ${name}=${injection}`
          if (answer.status >= 500 && !route.alsoAllowed?.includes(answer.status))
            problems.push(`${what}: ${answer.status} ${answer.text.slice(0, 200)}`)
          assertNoTrace(answer.text, what)
        }
      }
    }
    assert.deepEqual(problems, [])
    assert.ok(requests > 400, `${requests} requests`)
    // POST /v1/siwx/nonce hands out nonces whatever the client id says: the only rows added.
    assertUnchanged(before, await snapshot(), 'injections', ['siwx_nonces'])
  })

  it('answers errors without a stack trace or a file path: malformed JSON, wrong types, unknown ids, a fault', async () => {
    const bodies = ['{"a":', '[1,2', 'null', '"text"', '[]', '{"projectId":1,"email":{},"deviceId":[],"code":2}']
    const problems: string[] = []
    const judge = (key: string, what: string, answer: Sent) => {
      const allowed = ROUTES[key]!.alsoAllowed?.includes(answer.status)
      if ((answer.status < 400 || answer.status >= 500) && !allowed)
        problems.push(`${key} ${what}: ${answer.status} ${answer.text.slice(0, 200)}`)
      assertNoTrace(answer.text, `${key} ${what}`)
      checked++
    }
    let checked = 0
    for (const key of routeKeys()) {
      const route = ROUTES[key]!
      if (key.startsWith('POST ') && !route.ignoresBody) {
        for (const raw of bodies) judge(key, raw, await send(key, { raw }))
      }
      for (const name of Object.keys(route.params ?? {})) {
        judge(key, `unknown ${name}`, await send(key, { params: { [name]: `unknown-${randomUUID()}` } }))
      }
    }
    assert.deepEqual(problems, [])
    // Ids of the right form that name nothing.
    for (const [key, params] of [
      ['POST /v1/siwx/sessions/:id/revoke', { id: randomUUID() }],
      ['GET /onramp/sandbox/orders/:id', { id: 'cd'.repeat(16) }],
      ['GET /frame-api/projects/:projectId', { projectId: 'no-such-project' }]
    ] as const) {
      const answer = await send(key, { params })
      assert.equal(answer.status, 404, `${key}: ${answer.text}`)
      assertNoTrace(answer.text, key)
    }
    // A fault of ours (an Origin that is no URL reaches new URL() in POST /v1/siwx/sessions): 500, told as such.
    const fault = await send('POST /v1/siwx/sessions', {
      raw: JSON.stringify(signedSession),
      headers: { Origin: 'not a url' }
    })
    assert.equal(fault.status, 500, fault.text)
    assert.deepEqual(JSON.parse(fault.text), { message: 'Internal server error', code: 'internal' })
    assertNoTrace(fault.text, 'a fault')
    assert.ok(checked > 150, `${checked} answers`)
  })

  it('sends CORS headers only to the origins the project allows, preflight and simple requests alike', async () => {
    const preflight = (path: string, origin: string, projectId = 'appkit-local') =>
      api.app.request(`${API}${path}?projectId=${projectId}&st=appkit&sv=x`, {
        method: 'OPTIONS',
        headers: {
          Origin: origin,
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'content-type'
        }
      })
    const simple = (path: string, origin: string, projectId = 'appkit-local') =>
      api.app.request(`${API}${path}?projectId=${projectId}&st=appkit&sv=x`, { headers: { Origin: origin } })
    const allowOrigin = (response: Response) => response.headers.get('access-control-allow-origin')

    for (const origin of [FOREIGN, 'null', 'http://localhost.evil.example', 'https://evil.vercel.app.example']) {
      assert.equal(allowOrigin(await preflight('/v1/siwx/sessions', origin)), null, `preflight ${origin}`)
      assert.equal(allowOrigin(await simple('/getWallets', origin)), null, `GET ${origin}`)
      assert.equal(allowOrigin(await simple('/health', origin)), null, `GET /health ${origin}`)
    }
    // The project's own origin, and the built-in ones every project allows.
    assert.equal(
      allowOrigin(await preflight('/v1/siwx/sessions', 'https://app.example', 'appkit-strict')),
      'https://app.example'
    )
    assert.equal(
      allowOrigin(await simple('/getWallets', 'https://preview.vercel.app', 'appkit-strict')),
      'https://preview.vercel.app'
    )
    assert.equal(allowOrigin(await simple('/getWallets', LOCAL_ORIGIN)), LOCAL_ORIGIN)
    // Another project's origin is not this one's.
    assert.equal(allowOrigin(await simple('/getWallets', 'https://app.example', 'appkit-local')), null)
    // A request naming no project: the origins of any project.
    assert.equal(
      allowOrigin(await api.app.request(`${API}/health`, { headers: { Origin: 'https://app.example' } })),
      'https://app.example'
    )
    // POST /e off the project's own list but on a built-in pattern: a 403 the page can read.
    const refused = await send('POST /e', { query: { projectId: 'appkit-strict' } })
    assert.equal(refused.status, 403)
    assert.equal(refused.headers.get('access-control-allow-origin'), LOCAL_ORIGIN)
    // The frame's origin never answers with CORS headers.
    const framePreflight = await frame.request(`${FRAME_ORIGIN}/frame-api/email/start`, {
      method: 'OPTIONS',
      headers: { Origin: LOCAL_ORIGIN, 'Access-Control-Request-Method': 'POST' }
    })
    assert.equal(allowOrigin(framePreflight), null)
  })
})

/** `text` as a stream in 16 KiB chunks: a body without a Content-Length. */
function chunked(text: string): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text)
  let at = 0
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) return controller.close()
      controller.enqueue(bytes.subarray(at, at + 16 * 1024))
      at += 16 * 1024
    }
  })
}
