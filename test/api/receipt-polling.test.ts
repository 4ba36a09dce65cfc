// How often the kit asks a chain whether a transaction it sent is mined (docs/behaviour.md section 9: client
// polling 4000 ms; a local development chain, which mines at once, is asked every 1 s). The chain
// is a scripted JSON-RPC server; time is a fake clock, so the waits are read back exactly.
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { waitForReceipt } from '../../src/adapters/evm/receipt.js'
import { statusPollMs } from '../../src/adapters/evm/poll-interval.js'
import { bsc, localChainA, localChainB, mainnet } from '../../src/networks/definitions.js'
import type { CaipNetwork } from '../../src/networks/types.js'
import { FakeClock } from './fake-clock.js'
import { FaultServer, type RecordedRequest } from './fault-server.js'

const HASH = '0x' + 'ab'.repeat(32)

let server: FaultServer

before(async () => {
  server = await FaultServer.start()
})
after(() => server.close())

/** The network served by the scripted node. */
const servedBy = (network: CaipNetwork): CaipNetwork => ({ ...network, rpcUrls: { default: { http: [server.url] } } })

/** Answers eth_getTransactionReceipt with null `pending` times, then a receipt with `status`. */
function mineAfter(pending: number, status = '0x1') {
  let asked = 0
  return (request: RecordedRequest) => {
    const { id } = request.json as { id: number }
    asked++
    return { json: { jsonrpc: '2.0', id, result: asked > pending ? { status } : null } }
  }
}

describe('receipt polling (docs/behaviour.md section 9: client polling 4000 ms)', () => {
  it('asks a chain that is not local every 4000 ms exactly until the receipt is there', async () => {
    for (const network of [mainnet, bsc]) {
      server.reply(mineAfter(3))
      const clock = new FakeClock()
      assert.equal(await waitForReceipt(servedBy(network), HASH, { clock }), true)
      assert.deepEqual(clock.sleeps, [4000, 4000, 4000], network.name)
      assert.equal(server.requests.length, 4)
      assert.deepEqual(
        server.requests.map(request => (request.json as { method: string }).method),
        Array(4).fill('eth_getTransactionReceipt')
      )
    }
  })

  it('asks a local development chain every 1000 ms: it mines at once (our rule, README)', async () => {
    for (const network of [localChainA, localChainB]) {
      server.reply(mineAfter(2, '0x0'))
      const clock = new FakeClock()
      assert.equal(await waitForReceipt(servedBy(network), HASH, { clock }), false, 'status 0x0 is a failure')
      assert.deepEqual(clock.sleeps, [1000, 1000], network.name)
    }
  })

  it('the rule by chain id: 31337, 31338 and 1337 are local, every other chain polls at 4 s', () => {
    assert.deepEqual([31337, 31338, 1337].map(statusPollMs), [1000, 1000, 1000])
    assert.deepEqual([1, 10, 56, 137, 8453, 42161, 11155111, 31339].map(statusPollMs), Array(8).fill(4000))
  })

  it('gives up after 120 s without a receipt, asking every 4 s until past it', async () => {
    server.reply(mineAfter(Number.POSITIVE_INFINITY))
    const clock = new FakeClock()
    await assert.rejects(waitForReceipt(servedBy(mainnet), HASH, { clock }), /was not mined in time/)
    assert.ok(clock.sleeps.every(ms => ms === 4000))
    // Asked at 0, 4, ... 120 s (still within), then once more at 124 s, past the deadline.
    assert.equal(clock.sleeps.length, 31)
  })

  it('an RPC down after the wallet sent is asked again at the next poll, not a failed transaction (issue 33, spec §9: RPC retries 3 with 150 ms backoff)', async () => {
    // The first poll's four tries (the try and 3 retries 150, 300, 600 ms apart) find no node; the
    // next poll, 1 s later, finds the receipt.
    server.reply({ destroy: true }, { destroy: true }, { destroy: true }, { destroy: true }, mineAfter(0))
    const clock = new FakeClock()
    assert.equal(await waitForReceipt(servedBy(localChainA), HASH, { clock }), true)
    assert.deepEqual(clock.sleeps, [150, 300, 600, 1000])
    assert.equal(server.requests.length, 5)
  })

  it('an RPC error that is no transport failure still rejects at once', async () => {
    server.reply(request => ({
      json: {
        jsonrpc: '2.0',
        id: (request.json as { id: number }).id,
        error: { code: -32602, message: 'invalid params' }
      }
    }))
    const clock = new FakeClock()
    await assert.rejects(waitForReceipt(servedBy(localChainA), HASH, { clock }))
    assert.equal(server.requests.length, 1)
  })
})
