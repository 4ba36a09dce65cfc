// The RPC client's dedupe cache (docs/behaviour.md section 9: 8192; issue 29, point 15): identical requests on
// their way share one answer, for every client on the page; an answered request leaves the cache; a
// request with its own abort signal is never shared; beyond 8192 the oldest leaves first.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import * as z from 'zod/mini'
import { RPC_DEDUPE_CACHE_SIZE, RpcClient } from '../../src/api/rpc-client.js'

interface Held {
  readonly body: { id: number; method: string; params: unknown }
  answer(result: unknown): void
}

/** A node whose answers the test releases: every request waits in `held`. */
function heldNode() {
  const held: Held[] = []
  const fetch = async (_url: string, init: RequestInit) => {
    const body = JSON.parse(String(init.body)) as Held['body']
    return new Promise<Response>(resolve => {
      held.push({
        body,
        answer: result => resolve(new Response(JSON.stringify({ jsonrpc: '2.0', id: body.id, result })))
      })
    })
  }
  const client = (url = 'http://node.test/rpc') =>
    new RpcClient({ url, chainId: 'eip155:31337', fetch: fetch as typeof globalThis.fetch })
  return { held, client }
}

const until = async (check: () => boolean) => {
  for (let tries = 0; !check(); tries++) {
    if (tries > 1000) throw new Error('timed out')
    await new Promise(resolve => setImmediate(resolve))
  }
}

describe('RpcClient dedupe (docs/behaviour.md section 9: dedupe cache 8192)', () => {
  it('identical requests on their way share one, across clients; other params or endpoints do not', async () => {
    const node = heldNode()
    const [a, b] = [node.client(), node.client()]
    const first = a.request('eth_getBalance', ['0x01', 'latest'], z.string())
    const second = b.request('eth_getBalance', ['0x01', 'latest'], z.string())
    const other = a.request('eth_getBalance', ['0x02', 'latest'])
    const elsewhere = node.client('http://other.test/rpc').request('eth_getBalance', ['0x01', 'latest'])
    await until(() => node.held.length === 3)
    await new Promise(resolve => setImmediate(resolve))
    assert.equal(node.held.length, 3)
    for (const request of node.held) request.answer('0x10')
    assert.deepEqual(await Promise.all([first, second, other, elsewhere]), ['0x10', '0x10', '0x10', '0x10'])
    // Answered: the next one is asked again.
    const again = a.request('eth_getBalance', ['0x01', 'latest'])
    await until(() => node.held.length === 4)
    node.held[3]!.answer('0x11')
    assert.equal(await again, '0x11')
  })

  it('a request with its own abort signal is not shared', async () => {
    const node = heldNode()
    const rpc = node.client()
    const plain = rpc.request('eth_blockNumber', [])
    const own = rpc.request('eth_blockNumber', [], undefined, new AbortController().signal)
    await until(() => node.held.length === 2)
    for (const request of node.held) request.answer('0x1')
    assert.deepEqual(await Promise.all([plain, own]), ['0x1', '0x1'])
  })

  it(`holds at most ${RPC_DEDUPE_CACHE_SIZE}: beyond, the oldest is no longer shared`, async () => {
    assert.equal(RPC_DEDUPE_CACHE_SIZE, 8192)
    const node = heldNode()
    const rpc = node.client('http://many.test/rpc')
    const pending = Array.from({ length: RPC_DEDUPE_CACHE_SIZE + 1 }, (_, index) => rpc.request('eth_call', [index]))
    await until(() => node.held.length === RPC_DEDUPE_CACHE_SIZE + 1)
    // The newest is still shared; the oldest was pushed out, so asking it again sends it again.
    const newest = rpc.request('eth_call', [RPC_DEDUPE_CACHE_SIZE])
    const oldest = rpc.request('eth_call', [0])
    await until(() => node.held.length === RPC_DEDUPE_CACHE_SIZE + 2)
    await new Promise(resolve => setImmediate(resolve))
    assert.equal(node.held.length, RPC_DEDUPE_CACHE_SIZE + 2)
    assert.deepEqual(node.held.at(-1)!.body.params, [0])
    for (const request of node.held) request.answer('0x0')
    await Promise.all([...pending, newest, oldest])
  })
})
