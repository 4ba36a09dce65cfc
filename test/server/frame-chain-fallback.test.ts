// The frame's RPC (service/frame/rpc.ts over service/frame/chain-rpc.ts, its own code run here in Node) on a third
// local chain the backend was not started with (docs/behaviour.md section 3, "Supported frame networks";
// issue 29): the real backend answers 404 'Unknown chain' for it, so the frame reads and sends
// through the app's own RPC URL for it, which the page gave in syncDappData; the backend never
// fetches it. A URL that serves another network is refused before use, and with no URL the error
// names the network. Real hardhat nodes and the real backend, on free ports.
import assert from 'node:assert/strict'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { after, before, describe, it } from 'node:test'
import { createPublicClient, http, parseEther, type Hex } from 'viem'
import { startEvmNode, type EvmNode } from '../../local/chain/evm-node.js'
import { TEST_ACCOUNTS } from '../../local/chain/deployment.js'
import { createBackend, type Backend } from '../../service/frame/backend.js'
import { ChainRpc, noRpcFor, otherChainAt } from '../../service/frame/chain-rpc.js'
import { Keyring, randomKey } from '../../service/frame/keys.js'
import { createRpc } from '../../service/frame/rpc.js'
import { createChainContext } from '../../service/backend/context.js'
import { startServer, type RunningServer } from '../../service/backend/main.js'
import { HOST_PAGE } from './embedded-stack.js'
import { openTestDatabase, type TestDatabase } from './helpers.js'

const THIRD_CHAIN_ID = 31339
const THIRD = `eip155:${THIRD_CHAIN_ID}`
const SENDER = TEST_ACCOUNTS[4]

describe('the frame on a network its backend does not serve (docs/behaviour.md section 3)', () => {
  let chainA: EvmNode
  let third: EvmNode
  let database: TestDatabase
  let server: RunningServer
  /** A node that says it is chain 1, whatever it is asked for. */
  let impostor: { url: string; server: Server }
  /** What the frame asked its backend, and how each ended. */
  const backendCalls: Array<{ chainId: string; outcome: string }> = []
  /** Where the frame's own fetches went (the app's URLs). */
  const direct: string[] = []
  let backend: Pick<Backend, 'rpc'>

  before(async () => {
    ;[chainA, third, database] = await Promise.all([
      startEvmNode({ chainId: 31337, port: 0 }),
      startEvmNode({ chainId: THIRD_CHAIN_ID, port: 0 }),
      openTestDatabase()
    ])
    const fake = createServer((_req, res) => {
      res.setHeader('Content-Type', 'application/json')
      res.end(JSON.stringify({ jsonrpc: '2.0', id: 1, result: '0x1' }))
    })
    await new Promise<void>(resolve => fake.listen(0, '127.0.0.1', resolve))
    impostor = { url: `http://127.0.0.1:${(fake.address() as AddressInfo).port}`, server: fake }
    // The backend as the stack starts it: its local chain only (no public list: no test reaches the internet).
    server = await startServer({
      port: 0,
      ignoreEnv: true,
      db: database.db,
      chains: [createChainContext(31337, chainA.rpcUrl)],
      config: { masterKey: undefined, frameRpcUrls: {} }
    })
    // The frame's own client of its backend, sending the Origin its page would.
    const frameBackend = createBackend({
      hostOrigin: HOST_PAGE,
      base: server.frameUrl,
      fetch: (input, init) =>
        fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), Origin: server.frameUrl } })
    })
    backend = {
      rpc: async (chainId, request) => {
        try {
          const answer = await frameBackend.rpc(chainId, request)
          backendCalls.push({ chainId, outcome: 'answered' })
          return answer
        } catch (error) {
          backendCalls.push({ chainId, outcome: (error as Error).message })
          throw error
        }
      }
    }
  })
  after(async () => {
    await server?.stop()
    await database?.dispose()
    await Promise.all([chainA?.stop(), third?.stop()])
    await new Promise(resolve => impostor?.server.close(resolve))
  })

  const recordingFetch: typeof fetch = (input, init) => {
    direct.push(String(input))
    return fetch(input, init)
  }

  function frameRpc(chains: ChainRpc) {
    const keyring = new Keyring([
      { namespace: 'eip155', privateKey: SENDER.privateKey as Hex },
      { namespace: 'solana', privateKey: randomKey() }
    ])
    return createRpc({
      account: async () => ({ email: 'third@example.com', keyring }),
      isCurrent: () => true,
      chainId: () => THIRD_CHAIN_ID,
      backend: chains,
      approve: async () => undefined
    })
  }

  it("reads and sends through the app's RPC URL, after the backend said 'Unknown chain'", async () => {
    backendCalls.length = 0
    direct.length = 0
    const chains = new ChainRpc(backend, recordingFetch)
    chains.setAppNetworks([{ caipNetworkId: THIRD, rpcUrl: third.rpcUrl }])
    const rpc = frameRpc(chains)

    const balance = await rpc({ method: 'eth_getBalance', params: [SENDER.address, 'latest'] })
    assert.equal(BigInt(balance as string), parseEther('10000'), "the third chain's funded account")
    const receiver = '0x000000000000000000000000000000000000fa11'
    const hash = (await rpc({
      method: 'eth_sendTransaction',
      params: [{ from: SENDER.address, to: receiver, value: `0x${parseEther('0.25').toString(16)}` }]
    })) as Hex

    const client = createPublicClient({ transport: http(third.rpcUrl) })
    const receipt = await client.waitForTransactionReceipt({ hash, timeout: 20_000 })
    assert.equal(receipt.status, 'success')
    assert.equal(await client.getBalance({ address: receiver }), parseEther('0.25'))
    assert.equal(await createPublicClient({ transport: http(chainA.rpcUrl) }).getBalance({ address: receiver }), 0n)

    assert.deepEqual(backendCalls, [{ chainId: THIRD, outcome: 'Unknown chain' }], 'the backend was asked once')
    assert.ok(direct.length > 2, 'the frame called the app URL itself')
    assert.ok(direct.every(url => url === third.rpcUrl))
  })

  it('keeps the networks the backend serves on the backend', async () => {
    backendCalls.length = 0
    direct.length = 0
    const chains = new ChainRpc(backend, recordingFetch)
    chains.setAppNetworks([{ caipNetworkId: 'eip155:31337', rpcUrl: impostor.url }])
    const answer = (await chains.rpc('eip155:31337', { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] })) as {
      result: string
    }
    assert.equal(answer.result, '0x7a69')
    assert.deepEqual(backendCalls, [{ chainId: 'eip155:31337', outcome: 'answered' }])
    assert.deepEqual(direct, [], "the app's URL is not used for a network the backend serves")
  })

  it('refuses an app URL that serves another network, and names a network with no URL', async () => {
    const chains = new ChainRpc(backend, recordingFetch)
    chains.setAppNetworks([{ caipNetworkId: THIRD, rpcUrl: impostor.url }])
    const request = { jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] }
    await assert.rejects(chains.rpc(THIRD, request), { message: otherChainAt(THIRD) })
    await assert.rejects(chains.rpc('eip155:31340', request), { message: noRpcFor('eip155:31340') })
  })
})
