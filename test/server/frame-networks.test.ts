// The networks the frame's backend serves (docs/behaviour.md section 3, "Supported frame networks";
// service/backend/frame-networks.ts): the spec's list with public endpoints by default (checked as data: no
// test reaches a public node), APPKIT_CHAIN_RPCS in place of a default per chain, the chains the
// backend reads first, 404 'Unknown chain' for any other network without fetching any URL the
// request names (no server-side request forgery), and the frame page's connect-src with the app's
// RPC origins (the frame calls those itself, service/frame/chain-rpc.ts). Real local chains on free ports.
import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, it } from 'node:test'
import { startEvmNode, type EvmNode } from '../../local/chain/evm-node.js'
import { loadConfig } from '../../service/backend/config.js'
import { createChainContext } from '../../service/backend/context.js'
import { MAX_RPC_ORIGINS } from '../../service/backend/frame-app.js'
import { FRAME_NETWORKS, frameRpcUrls } from '../../service/backend/frame-networks.js'
import { startServer, type RunningServer } from '../../service/backend/main.js'
import { expectError, expectOk, FrameClient } from './embedded-stack.js'
import { openTestDatabase, type TestDatabase } from './helpers.js'

/** A chain id none of the local chains nor the spec's list has: the backend was not started with it. */
const THIRD_CHAIN_ID = 31339
const call = { jsonrpc: '2.0', id: 3, method: 'eth_chainId', params: [] }

/** An HTTP listener that records every request it gets (the URL a page would like the backend to fetch). */
async function startRecorder(): Promise<{ url: string; hits: string[]; server: Server }> {
  const hits: string[] = []
  const server = createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`)
    res.setHeader('Content-Type', 'application/json')
    res.end(JSON.stringify({ jsonrpc: '2.0', id: 3, result: '0x1' }))
  })
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hits, server }
}

describe('the frame networks, as data (docs/behaviour.md section 3)', () => {
  it('lists every network the spec names, with its chain id and a public https endpoint', () => {
    const byId = new Map(FRAME_NETWORKS.map(network => [network.caipNetworkId, network]))
    const named: Record<string, string> = {
      'eip155:1': 'Ethereum',
      'eip155:11155111': 'Sepolia',
      'eip155:10': 'OP Mainnet',
      'eip155:42161': 'Arbitrum One',
      'eip155:137': 'Polygon',
      'eip155:42220': 'Celo',
      'eip155:1313161554': 'Aurora',
      'eip155:56': 'BNB Smart Chain',
      'eip155:43114': 'Avalanche',
      'eip155:324': 'zkSync Era',
      'eip155:100': 'Gnosis',
      'eip155:8453': 'Base',
      'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': 'Solana',
      'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1': 'Solana Devnet',
      'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z': 'Solana Testnet'
    }
    for (const [caipNetworkId, name] of Object.entries(named)) {
      assert.equal(byId.get(caipNetworkId)?.name, name, caipNetworkId)
    }
    assert.equal(FRAME_NETWORKS.filter(network => network.caipNetworkId.startsWith('solana:')).length, 3)
    assert.equal(byId.size, FRAME_NETWORKS.length, 'each network once')
    for (const { caipNetworkId, rpcUrl } of FRAME_NETWORKS) {
      assert.equal(new URL(rpcUrl).protocol, 'https:', caipNetworkId)
    }
  })

  it('is what the backend serves by default, APPKIT_CHAIN_RPCS in place of a default chain by chain', () => {
    const defaults = loadConfig({}, {}).frameRpcUrls
    assert.deepEqual(
      defaults,
      Object.fromEntries(FRAME_NETWORKS.map(network => [network.caipNetworkId, network.rpcUrl]))
    )
    const env = { APPKIT_CHAIN_RPCS: `8453=http://127.0.0.1:9/base, ${THIRD_CHAIN_ID}=https://rpc.example/third` }
    const overridden = loadConfig({}, env).frameRpcUrls
    assert.equal(overridden['eip155:8453'], 'http://127.0.0.1:9/base')
    assert.equal(overridden[`eip155:${THIRD_CHAIN_ID}`], 'https://rpc.example/third')
    assert.equal(overridden['eip155:1'], defaults['eip155:1'], 'the other chains keep their defaults')
    assert.deepEqual(frameRpcUrls(undefined), defaults)
  })

  it('refuses an APPKIT_CHAIN_RPCS item that is not chainId=http(s) URL, naming it', () => {
    for (const item of ['8453', 'base=https://mainnet.base.org', '1=ftp://node.example', '1=file:///etc/passwd']) {
      assert.throws(
        () => loadConfig({}, { APPKIT_CHAIN_RPCS: item }),
        new RegExp(`got '${item.replace(/[/.]/g, '\\$&')}'`)
      )
    }
  })
})

describe('POST /frame-api/rpc over local chains (docs/behaviour.md section 3)', () => {
  let chainA: EvmNode
  let third: EvmNode
  let recorder: Awaited<ReturnType<typeof startRecorder>>
  let database: TestDatabase
  let server: RunningServer
  let frame: FrameClient

  before(async () => {
    ;[chainA, third, recorder, database] = await Promise.all([
      startEvmNode({ chainId: 31337, port: 0 }),
      startEvmNode({ chainId: THIRD_CHAIN_ID, port: 0 }),
      startRecorder(),
      openTestDatabase()
    ])
    server = await startServer({
      port: 0,
      ignoreEnv: true,
      db: database.db,
      chains: [createChainContext(31337, chainA.rpcUrl)],
      // Base's entry replaced by a local chain (what APPKIT_CHAIN_RPCS does), and 31337's pointing
      // at the recorder: the chain the backend reads comes first.
      config: {
        masterKey: undefined,
        frameRpcUrls: {
          ...loadConfig({}, {}).frameRpcUrls,
          'eip155:8453': third.rpcUrl,
          'eip155:31337': recorder.url
        }
      }
    })
    frame = new FrameClient(server.frameUrl)
  })
  after(async () => {
    await server?.stop()
    await database?.dispose()
    await Promise.all([chainA?.stop(), third?.stop()])
    await new Promise(resolve => recorder?.server.close(resolve))
  })

  it("forwards a listed network to its URL, the chains the backend reads before the list's", async () => {
    const base = expectOk(await frame.post('/frame-api/rpc?chainId=eip155:8453', call))
    assert.deepEqual(base, { jsonrpc: '2.0', id: 3, result: `0x${THIRD_CHAIN_ID.toString(16)}` })
    const local = expectOk(await frame.post('/frame-api/rpc?chainId=eip155:31337', call))
    assert.deepEqual(local, { jsonrpc: '2.0', id: 3, result: '0x7a69' })
    assert.deepEqual(recorder.hits, [], "the list's entry for a chain the backend reads is not used")
  })

  it("answers 404 'Unknown chain' for a network it was not started with, and fetches no URL the request names", async () => {
    const named = `${recorder.url}/ssrf`
    const body = { ...call, rpcUrl: named, url: named, endpoint: named }
    for (const path of [
      `/frame-api/rpc?chainId=eip155:${THIRD_CHAIN_ID}`,
      `/frame-api/rpc?chainId=eip155:${THIRD_CHAIN_ID}&rpcUrl=${encodeURIComponent(named)}`,
      '/frame-api/rpc?chainId=eip155:999999999'
    ]) {
      expectError(await frame.post(path, body), 404, 'Unknown chain')
    }
    const headers = { 'x-rpc-url': named, Referer: named }
    expectError(await frame.post(`/frame-api/rpc?chainId=eip155:${THIRD_CHAIN_ID}`, call, { headers }), 404)
    expectError(await frame.post(`/frame-api/rpc?chainId=${encodeURIComponent(named)}`, call), 400)
    assert.deepEqual(recorder.hits, [], 'nothing reached the URL the requests named')
  })
})

describe("the frame page's connect-src: the app's RPC origins", () => {
  const dist = join(tmpdir(), `appkit-frame-networks-${process.pid}-${randomBytes(4).toString('hex')}`)
  let database: TestDatabase
  let server: RunningServer

  before(async () => {
    await mkdir(dist, { recursive: true })
    await writeFile(join(dist, 'index.html'), '<!doctype html><title>frame</title>')
    database = await openTestDatabase()
    server = await startServer({
      port: 0,
      ignoreEnv: true,
      db: database.db,
      frameDistDir: dist,
      config: { masterKey: undefined }
    })
  })
  after(async () => {
    await server?.stop()
    await database?.dispose()
    await rm(dist, { recursive: true, force: true })
  })

  const connectSrc = async (query: URLSearchParams): Promise<string> => {
    const page = await fetch(`${server.frameUrl}/?${query}`)
    assert.equal(page.status, 200)
    const policy = page.headers.get('Content-Security-Policy') ?? ''
    return /connect-src ([^;]*)/.exec(policy)?.[1] ?? ''
  }

  it('allows the plain http(s) origins of ?rpc=, and nothing else a page puts there', async () => {
    const query = new URLSearchParams({ projectId: 'appkit-local', hostOrigin: 'http://localhost:5173' })
    for (const rpc of [
      'http://127.0.0.1:8547',
      'https://rpc.example',
      'https://rpc.example',
      'http://127.0.0.1:8547/path',
      "'unsafe-inline'",
      'https://*.example',
      'javascript:alert(1)',
      'https://a.example; script-src *',
      'ws://127.0.0.1:8900',
      'https://user:pass@rpc.example'
    ]) {
      query.append('rpc', rpc)
    }
    assert.equal(await connectSrc(query), "'self' http://127.0.0.1:8547 https://rpc.example")
    assert.equal(await connectSrc(new URLSearchParams({ projectId: 'appkit-local' })), "'self'")
    const many = new URLSearchParams()
    for (let port = 1000; port < 1100; port++) many.append('rpc', `http://127.0.0.1:${port}`)
    assert.equal((await connectSrc(many)).split(' ').length, 1 + MAX_RPC_ORIGINS)
  })
})
