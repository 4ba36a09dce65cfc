import assert from 'node:assert/strict'
import { after, before, beforeEach, describe, it } from 'node:test'
import * as z from 'zod/mini'
import { ApiResponseError, HttpError, NetworkError, RpcError, RpcTimeoutError } from '../../src/api/errors.js'
import { RpcClient } from '../../src/api/rpc-client.js'
import { FakeClock } from './fake-clock.js'
import { FaultServer, type RecordedRequest, type Reply } from './fault-server.js'

type Call = { id: number; method: string; params?: unknown }

const result =
  (value: unknown) =>
  (request: RecordedRequest): Reply => ({
    json: { jsonrpc: '2.0', id: (request.json as Call).id, result: value }
  })
const rpcError =
  (code: number, message: string, data?: unknown) =>
  (request: RecordedRequest): Reply => ({
    json: { jsonrpc: '2.0', id: (request.json as Call).id, error: { code, message, data } }
  })

let server: FaultServer
let clock: FakeClock
let rpc: RpcClient

before(async () => {
  server = await FaultServer.start()
})
after(() => server.close())
beforeEach(() => {
  clock = new FakeClock()
  rpc = new RpcClient({ url: `${server.url}/v1/`, chainId: 'eip155:31337', projectId: 'project-1', clock })
})

describe('RpcClient', () => {
  it('POSTs JSON-RPC 2.0 with chainId and projectId queries and returns the result', async () => {
    server.reply(result('0x10'))
    assert.equal(await rpc.request('eth_blockNumber', [], z.string()), '0x10')
    const [request] = server.requests
    assert.equal(request!.method, 'POST')
    assert.equal(request!.query.get('chainId'), 'eip155:31337')
    assert.equal(request!.query.get('projectId'), 'project-1')
    assert.equal(request!.headers['content-type'], 'application/json')
    assert.deepEqual(request!.json, { jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] })
  })

  it('retries HTTP 500 three times, 150 ms then 300 ms then 600 ms apart, then fails', async () => {
    server.reply({ status: 500 })
    await assert.rejects(rpc.request('eth_chainId'), (error: unknown) => {
      assert.ok(error instanceof HttpError)
      assert.equal(error.message, 'HTTP status code: 500')
      return true
    })
    assert.equal(server.requests.length, 4)
    assert.deepEqual(clock.sleeps, [150, 300, 600])
  })

  it('retries 502 and 429, then succeeds', async () => {
    server.reply({ status: 502 }, { status: 429 }, result('0x1'))
    assert.equal(await rpc.request('eth_chainId'), '0x1')
    assert.deepEqual(clock.sleeps, [150, 300])
  })

  it('does not retry HTTP 400', async () => {
    server.reply({ status: 400 })
    await assert.rejects(rpc.request('eth_chainId'), { message: 'HTTP status code: 400' })
    assert.equal(server.requests.length, 1)
  })

  it('retries a dropped connection and gives a NetworkError after the retries', async () => {
    server.reply({ destroy: true })
    await assert.rejects(rpc.request('eth_chainId'), NetworkError)
    assert.equal(server.requests.length, 4)
  })

  for (const [code, message] of [
    [-1, 'unknown'],
    [-32603, 'Internal error'],
    [-32601, 'Method not found']
  ] as const) {
    it(`retries JSON-RPC code ${code} and succeeds`, async () => {
      server.reply(rpcError(code, message), result('0x2'))
      assert.equal(await rpc.request('eth_gasPrice'), '0x2')
      assert.deepEqual(clock.sleeps, [150])
    })
  }

  it('gives up on a retryable JSON-RPC code after 3 retries with a typed RpcError', async () => {
    server.reply(rpcError(-32603, 'Internal error'))
    await assert.rejects(rpc.request('eth_gasPrice'), { name: 'RpcError', code: -32603, message: 'Internal error' })
    assert.equal(server.requests.length, 4)
  })

  for (const [code, message] of [
    [3, 'execution reverted'],
    [-32000, 'insufficient funds for gas * price + value'],
    [-32602, 'Invalid params'],
    [4902, 'Unrecognized chain ID']
  ] as const) {
    it(`maps JSON-RPC code ${code} to RpcError without retrying`, async () => {
      server.reply(rpcError(code, message, '0xdead'))
      await assert.rejects(rpc.request('eth_call', [{}]), (error: unknown) => {
        assert.ok(error instanceof RpcError)
        assert.equal(error.code, code)
        assert.equal(error.message, message)
        assert.equal(error.data, '0xdead')
        assert.equal(error.retryable, false)
        return true
      })
      assert.equal(server.requests.length, 1)
    })
  }

  it('aborts a try at exactly 10 s (virtual time), retries after 150 ms, then succeeds', async () => {
    clock = new FakeClock(false)
    rpc = new RpcClient({ url: server.url, chainId: 'eip155:1', projectId: 'p', clock })
    server.reply({ hang: true }, result('0x5'))
    const answer = rpc.request('eth_blockNumber')
    await server.waitForRequests(1)
    assert.equal(clock.pendingTimers, 1)
    clock.advance(9_999)
    assert.equal(clock.pendingTimers, 1, 'still waiting at 9.999 s')
    clock.advance(1)
    await clock.waitForTimers(1) // the 150 ms retry wait
    assert.deepEqual(clock.sleeps, [150])
    clock.advance(150)
    assert.equal(await answer, '0x5')
    assert.equal(server.requests.length, 2)
  })

  it('fails with RpcTimeoutError when every try times out', async () => {
    clock = new FakeClock(false)
    rpc = new RpcClient({ url: server.url, chainId: 'eip155:1', projectId: 'p', clock })
    server.reply({ hang: true })
    const answer = rpc.request('eth_blockNumber')
    const waits = [150, 300, 600]
    for (let tryNumber = 1; tryNumber <= 4; tryNumber++) {
      await server.waitForRequests(tryNumber)
      await clock.waitForTimers(1)
      clock.advance(10_000)
      const wait = waits[tryNumber - 1]
      if (wait !== undefined) {
        await clock.waitForTimers(1)
        clock.advance(wait)
      }
    }
    await assert.rejects(answer, (error: unknown) => {
      assert.ok(error instanceof RpcTimeoutError)
      assert.equal(error.message, 'RPC request timed out after 10000 ms')
      return true
    })
    assert.equal(server.requests.length, 4)
    assert.deepEqual(clock.sleeps, waits)
  })

  it('malformed JSON is a typed ApiResponseError, not retried', async () => {
    server.reply({ raw: '{"jsonrpc":"2.0",' })
    await assert.rejects(rpc.request('eth_chainId'), { name: 'ApiResponseError', reason: 'invalid_json' })
    assert.equal(server.requests.length, 1)
  })

  it('a result failing its schema is a typed ApiResponseError', async () => {
    server.reply(result(12))
    await assert.rejects(rpc.request('eth_chainId', [], z.string()), (error: unknown) => {
      assert.ok(error instanceof ApiResponseError)
      assert.match(error.message, /should be a string/)
      return true
    })
  })

  it('an answer for another id is refused', async () => {
    server.reply({ json: { jsonrpc: '2.0', id: 99, result: '0x1' } })
    await assert.rejects(rpc.request('eth_chainId'), { name: 'ApiResponseError', message: /does not match request id/ })
  })

  it('sends batches of at most 1000 calls and returns the answers in order, errors in their slots', async () => {
    server.reply(request => ({
      json: (request.json as Call[])
        .map(call =>
          call.method === 'bad'
            ? { jsonrpc: '2.0', id: call.id, error: { code: -32602, message: 'Invalid params' } }
            : { jsonrpc: '2.0', id: call.id, result: call.params }
        )
        .reverse()
    }))
    const calls = Array.from({ length: 2500 }, (_, i) => ({ method: i === 1234 ? 'bad' : 'echo', params: [i] }))
    const settled = await rpc.batch(calls)
    assert.deepEqual(
      server.requests.map(r => (r.json as Call[]).length),
      [1000, 1000, 500]
    )
    assert.equal(settled.length, 2500)
    assert.deepEqual(settled[0], { ok: true, result: [0] })
    assert.deepEqual(settled[2499], { ok: true, result: [2499] })
    const bad = settled[1234]!
    assert.ok(!bad.ok && bad.error.code === -32602)
  })

  it('retries a whole batch on a transport failure', async () => {
    server.reply({ status: 503 }, request => ({
      json: (request.json as Call[]).map(call => ({ jsonrpc: '2.0', id: call.id, result: '0x0' }))
    }))
    const settled = await rpc.batch([{ method: 'eth_chainId' }, { method: 'eth_blockNumber' }])
    assert.deepEqual(settled, [
      { ok: true, result: '0x0' },
      { ok: true, result: '0x0' }
    ])
    assert.deepEqual(clock.sleeps, [150])
  })
})
