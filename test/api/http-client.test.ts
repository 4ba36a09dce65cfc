import assert from 'node:assert/strict'
import { after, before, beforeEach, describe, it } from 'node:test'
import * as z from 'zod/mini'
import { HTTP_RETRY_STATUSES, SDK_TYPE, SDK_VERSION } from '../../src/config/constants.js'
import { ApiResponseError, HttpError, NetworkError } from '../../src/api/errors.js'
import { HttpClient } from '../../src/api/http-client.js'
import { balanceResponseSchema } from '../../src/api/schemas/index.js'
import { FakeClock } from './fake-clock.js'
import { FaultServer } from './fault-server.js'

const okSchema = z.object({ ok: z.boolean() })
const ok = { json: { ok: true } }

let server: FaultServer
let clock: FakeClock
let client: HttpClient

before(async () => {
  server = await FaultServer.start()
})
after(() => server.close())
beforeEach(() => {
  clock = new FakeClock()
  client = new HttpClient({ baseUrl: server.url, projectId: 'project-1', clientId: 'client-1', clock })
})

describe('HttpClient: retries', () => {
  it('retries a 500 and succeeds on the 200 after a 1 s backoff', async () => {
    server.reply({ status: 500 }, ok)
    assert.deepEqual(await client.get('/v1/x', okSchema), { ok: true })
    assert.equal(server.requests.length, 2)
    assert.deepEqual(clock.sleeps, [1000])
  })

  it('retries every spec retry status (403, 408, 413, 429, 500, 502, 503, 504)', async () => {
    for (const status of HTTP_RETRY_STATUSES) {
      server.reply({ status }, ok)
      assert.deepEqual(await client.get('/v1/x', okSchema), { ok: true }, `status ${status}`)
      assert.equal(server.requests.length, 2, `status ${status}`)
    }
  })

  it('honours Retry-After in seconds over the backoff', async () => {
    server.reply({ status: 429, headers: { 'Retry-After': '7' } }, ok)
    await client.get('/v1/x', okSchema)
    assert.deepEqual(clock.sleeps, [7000])
  })

  it('honours Retry-After as an HTTP date, measured on the injected clock', async () => {
    const at = new Date(clock.now() + 12_000).toUTCString()
    server.reply({ status: 503, headers: { 'Retry-After': at } }, ok)
    await client.get('/v1/x', okSchema)
    assert.deepEqual(clock.sleeps, [12_000])
  })

  it('a Retry-After of 0 or a past date retries at once', async () => {
    server.reply(
      { status: 429, headers: { 'Retry-After': '0' } },
      { status: 429, headers: { 'Retry-After': 'Tue, 01 Jan 2002 00:00:00 GMT' } },
      ok
    )
    await client.get('/v1/x', okSchema)
    assert.deepEqual(clock.sleeps, [0, 0])
  })

  it('does not retry when Retry-After asks for more than 30 s', async () => {
    server.reply({ status: 429, headers: { 'Retry-After': '31' } }, ok)
    await assert.rejects(client.get('/v1/x', okSchema), { name: 'HttpError', message: 'HTTP status code: 429' })
    assert.equal(server.requests.length, 1)
  })

  it('fails after exactly 3 tries of 503 with "HTTP status code: 503"', async () => {
    server.reply({ status: 503 })
    await assert.rejects(client.get('/v1/x', okSchema), (error: unknown) => {
      assert.ok(error instanceof HttpError)
      assert.equal(error.message, 'HTTP status code: 503')
      assert.equal(error.status, 503)
      return true
    })
    assert.equal(server.requests.length, 3)
    assert.deepEqual(clock.sleeps, [1000, 2000])
  })

  it('does not retry a 404, and keeps the server message as detail', async () => {
    server.reply({ status: 404, json: { message: 'no such account' } })
    await assert.rejects(client.get('/v1/x', okSchema), (error: unknown) => {
      assert.ok(error instanceof HttpError)
      assert.equal(error.message, 'HTTP status code: 404')
      assert.equal(error.detail, 'no such account')
      return true
    })
    assert.equal(server.requests.length, 1)
    assert.deepEqual(clock.sleeps, [])
  })

  it('does not retry 400 or 401', async () => {
    for (const status of [400, 401]) {
      server.reply({ status }, ok)
      await assert.rejects(client.get('/v1/x', okSchema), { message: `HTTP status code: ${status}` })
      assert.equal(server.requests.length, 1)
    }
  })

  it('retries a dropped connection the same way, then succeeds', async () => {
    server.reply({ destroy: true }, ok)
    assert.deepEqual(await client.get('/v1/x', okSchema), { ok: true })
    assert.deepEqual(clock.sleeps, [1000])
  })

  it('gives a NetworkError after 3 dropped connections, without the query in its message', async () => {
    server.reply({ destroy: true })
    await assert.rejects(client.get('/v1/x', okSchema), (error: unknown) => {
      assert.ok(error instanceof NetworkError)
      assert.ok(!error.message.includes('project-1'))
      assert.equal(error.url, `${server.url}/v1/x`)
      return true
    })
    assert.equal(server.requests.length, 3)
    assert.deepEqual(clock.sleeps, [1000, 2000])
  })

  it('retry: false makes a single try', async () => {
    server.reply({ status: 500 }, ok)
    await assert.rejects(client.post('/e', z.unknown(), { body: {}, retry: false }), {
      message: 'HTTP status code: 500'
    })
    assert.equal(server.requests.length, 1)
  })

  it('an aborted signal stops the retries with the abort reason', async () => {
    const controller = new AbortController()
    server.reply(() => {
      controller.abort(new Error('left the view'))
      return { status: 500 }
    })
    await assert.rejects(client.get('/v1/x', okSchema, { signal: controller.signal }), { message: 'left the view' })
    assert.equal(server.requests.length, 1)
  })
})

describe('HttpClient: responses', () => {
  it('malformed JSON is a typed ApiResponseError, not retried', async () => {
    server.reply({ raw: '{"ok": tru', headers: { 'Content-Type': 'application/json' } })
    await assert.rejects(client.get('/v1/x', okSchema), (error: unknown) => {
      assert.ok(error instanceof ApiResponseError)
      assert.equal(error.reason, 'invalid_json')
      assert.match(error.message, /^Invalid response from http:\/\/127\.0\.0\.1:\d+\/v1\/x: not JSON/)
      return true
    })
    assert.equal(server.requests.length, 1)
  })

  it('a body failing the schema is a typed error naming the field', async () => {
    const balance = {
      name: 'USD Coin',
      symbol: 'USDC',
      chainId: 'eip155:1',
      price: 1,
      iconUrl: '',
      quantity: { decimals: 6, numeric: '1.5' }
    }
    server.reply({ json: { balances: [balance] } })
    await assert.rejects(client.get('/v1/account/0x/balance', balanceResponseSchema), (error: unknown) => {
      assert.ok(error instanceof ApiResponseError)
      assert.equal(error.reason, 'schema')
      assert.equal(error.path, 'balances[0].quantity.decimals')
      assert.match(error.message, /field "balances\[0\]\.quantity\.decimals" should be a string/)
      return true
    })
  })

  it('a missing field is named too', async () => {
    server.reply({ json: {} })
    await assert.rejects(client.get('/v1/x', okSchema), {
      name: 'ApiResponseError',
      message: /field "ok" should be a boolean/
    })
  })

  it('an empty body is parsed as undefined (for calls answered 202/204)', async () => {
    server.reply({ status: 204 })
    assert.equal(await client.post('/e', z.optional(z.unknown()), { body: { a: 1 } }), undefined)
    server.reply({ status: 204 })
    await assert.rejects(client.get('/v1/x', okSchema), {
      name: 'ApiResponseError',
      message: /the response body should be an object/
    })
  })

  it('unknown fields are dropped from the parsed value', async () => {
    server.reply({ json: { ok: true, injected: '<script>' } })
    assert.deepEqual(await client.get('/v1/x', okSchema), { ok: true })
  })
})

describe('HttpClient: requests', () => {
  it('puts st, sv, projectId and clientId on every call of every method, retries included', async () => {
    server.reply({ status: 502 }, ok)
    await client.get('/v1/x', okSchema, { query: { chainId: 'eip155:1' } })
    const seen = [...server.requests]
    for (const method of ['post', 'put', 'delete'] as const) {
      server.reply(ok)
      await client[method]('/v1/y', okSchema, { body: { a: 1 } })
      seen.push(...server.requests)
    }
    assert.equal(seen.length, 5)
    for (const request of seen) {
      assert.equal(request.query.get('st'), SDK_TYPE)
      assert.equal(request.query.get('sv'), SDK_VERSION)
      assert.equal(request.query.get('projectId'), 'project-1')
      assert.equal(request.query.get('clientId'), 'client-1')
    }
    assert.deepEqual(
      seen.map(r => r.method),
      ['GET', 'GET', 'POST', 'PUT', 'DELETE']
    )
    assert.equal(seen[0]!.query.get('chainId'), 'eip155:1')
  })

  it('asks an injected clientId function on each call', async () => {
    let n = 0
    const dynamic = new HttpClient({ baseUrl: server.url, projectId: 'p', clientId: () => `c${++n}`, clock })
    server.reply(ok)
    await dynamic.get('/a', okSchema)
    await dynamic.get('/a', okSchema)
    assert.deepEqual(
      server.requests.map(r => r.query.get('clientId')),
      ['c1', 'c2']
    )
  })

  it('sends a JSON body with its content type; a GET has neither', async () => {
    server.reply(ok)
    await client.post('/v1/fungible/price', okSchema, { body: { addresses: ['eip155:1:0xabc'], amount: '10' } })
    await client.get('/v1/x', okSchema)
    const [post, get] = server.requests
    assert.equal(post!.headers['content-type'], 'application/json')
    assert.deepEqual(post!.json, { addresses: ['eip155:1:0xabc'], amount: '10' })
    assert.equal(get!.headers['content-type'], undefined)
    assert.equal(get!.text, '')
  })

  it('joins a base URL with a path prefix, lists as comma lists, and skips undefined query values', async () => {
    const prefixed = new HttpClient({ baseUrl: `${server.url}/api/`, projectId: 'p', clock })
    server.reply(ok)
    await prefixed.get('v1/x', okSchema, {
      query: { include: ['a', 'b'], search: undefined, page: 2, forceUpdate: true }
    })
    const [request] = server.requests
    assert.equal(request!.path, '/api/v1/x')
    assert.equal(request!.query.get('include'), 'a,b')
    assert.equal(request!.query.has('search'), false)
    assert.equal(request!.query.get('page'), '2')
    assert.equal(request!.query.get('forceUpdate'), 'true')
    assert.equal(request!.query.has('clientId'), false)
  })

  it('a caller cannot override the sdk parameters through the query', async () => {
    server.reply(ok)
    await client.get('/v1/x', okSchema, { query: { projectId: 'other', st: 'evil' } })
    assert.equal(server.requests[0]!.query.get('projectId'), 'project-1')
    assert.equal(server.requests[0]!.query.get('st'), SDK_TYPE)
  })
})
