// The core endpoints that need real chains, over HTTP: two local chains (local/chain/start.ts on free
// ports) and the backend from startServer on a free port. Supported chains and the chain RPC
// proxy; the sandbox onramp paying out test tokens that the chain then shows in the wallet; a
// session recorded only when the chain shows it granted.
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { createPublicClient, erc20Abi, http, parseAbiItem, type Address, type Hex, type PublicClient } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { CONTRACTS, DEPLOYER, localViemChain } from '../../local/chain/deployment.js'
import { startChains, type LocalChains } from '../../local/chain/start.js'
import { createChainContext } from '../../service/backend/context.js'
import { NOT_GRANTED_ON_CHAIN } from '../../service/backend/routes/sessions.js'
import { startServer, type RunningServer } from '../../service/backend/main.js'
import {
  apiErrorBodySchema,
  jsonRpcBatchResponseSchema,
  jsonRpcResponseSchema,
  onrampOrderSchema,
  onrampUrlResponseSchema,
  sessionsResponseSchema,
  supportedChainsResponseSchema
} from '../../src/api/schemas/index.js'
import { openTestDatabase, parsed, SDK_QUERY, type TestDatabase } from './helpers.js'

let local: LocalChains
let server: RunningServer
let database: TestDatabase
const clients = new Map<number, PublicClient>()

before(async () => {
  ;[local, database] = await Promise.all([startChains({ portA: 0, portB: 0 }), openTestDatabase()])
  server = await startServer({
    port: 0,
    ignoreEnv: true,
    db: database.db,
    chains: local.chains.map(chain => createChainContext(chain.chainId, chain.rpcUrl, chain.deployBlock))
  })
  for (const chain of local.chains) {
    clients.set(
      chain.chainId,
      createPublicClient({
        chain: localViemChain(chain.chainId, chain.rpcUrl),
        transport: http(chain.rpcUrl)
      }) as PublicClient
    )
  }
})

after(async () => {
  await server?.stop()
  await local?.stop()
  await database?.dispose()
})

function url(path: string, query: Record<string, string> = SDK_QUERY): string {
  const target = new URL(server.url + path)
  for (const [key, value] of Object.entries(query)) target.searchParams.set(key, value)
  return target.toString()
}

async function json(response: Response): Promise<unknown> {
  const text = await response.text()
  try {
    return JSON.parse(text)
  } catch {
    assert.fail(`not JSON (${response.status}): ${text.slice(0, 300)}`)
  }
}

const post = (path: string, body: unknown, query: Record<string, string> = SDK_QUERY) =>
  fetch(url(path, query), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body)
  })

const balanceOf = (chainId: number, owner: Address) =>
  clients
    .get(chainId)!
    .readContract({ address: CONTRACTS.tUSDC, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })

describe('chains', () => {
  it('GET /v1/supported-chains lists the chains the backend serves', async () => {
    const response = await fetch(url('/v1/supported-chains'))
    assert.equal(response.status, 200)
    assert.deepEqual(parsed(supportedChainsResponseSchema, await json(response)), {
      http: ['eip155:31337', 'eip155:31338'],
      ws: []
    })
  })

  it('POST /v1?chainId&projectId forwards JSON-RPC to that chain, single and batched', async () => {
    const rpc = { chainId: 'eip155:31338', projectId: SDK_QUERY.projectId }
    const one = parsed(
      jsonRpcResponseSchema,
      await json(await post('/v1', { jsonrpc: '2.0', id: 7, method: 'eth_chainId' }, rpc))
    )
    assert.deepEqual(one, { jsonrpc: '2.0', id: 7, result: '0x7a6a' })
    const batch = parsed(
      jsonRpcBatchResponseSchema,
      await json(
        await post(
          '/v1',
          [
            { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] },
            { jsonrpc: '2.0', id: 2, method: 'eth_getBalance', params: [DEPLOYER.address, 'latest'] }
          ],
          { ...rpc, chainId: 'eip155:31337' }
        )
      )
    )
    assert.equal(batch.find(item => item.id === 1)!.result, '0x7a69')
    assert.ok(BigInt(batch.find(item => item.id === 2)!.result as string) > 0n)
    const failing = parsed(
      jsonRpcResponseSchema,
      await json(await post('/v1', { jsonrpc: '2.0', id: 3, method: 'no_such_method' }, rpc))
    )
    assert.ok(failing.error, 'the node error comes back as a JSON-RPC error')
  })

  it('refuses unknown chains (400), unknown projects (403) and bodies that are not JSON-RPC (400)', async () => {
    const call = { jsonrpc: '2.0', id: 1, method: 'eth_chainId' }
    let response = await post('/v1', call, { chainId: 'eip155:1', projectId: SDK_QUERY.projectId })
    assert.equal(response.status, 400)
    assert.equal(
      parsed(apiErrorBodySchema, await json(response)).message,
      "Chain 'eip155:1' is not supported by this backend (supported: eip155:31337, eip155:31338)"
    )
    response = await post('/v1', call, { chainId: 'eip155:31337', projectId: 'nope' })
    assert.equal(response.status, 403)
    response = await post(
      '/v1',
      { id: 1, method: 'eth_chainId' },
      { chainId: 'eip155:31337', projectId: SDK_QUERY.projectId }
    )
    assert.equal(response.status, 400)
    assert.match(parsed(apiErrorBodySchema, await json(response)).message, /^Invalid/)
    response = await post('/v1', call, { projectId: SDK_QUERY.projectId })
    assert.equal(parsed(apiErrorBodySchema, await json(response)).message, "Missing query parameter 'chainId'")
  })
})

describe('the sandbox onramp on a local chain', () => {
  async function newOrder(address: Address, network: string, presetFiatAmount?: number) {
    const response = await post('/v1/generators/onrampurl', {
      destinationWallets: [{ address, blockchains: [network], assets: ['tUSDC'] }],
      partnerUserId: address,
      defaultExperience: 'buy',
      ...(presetFiatAmount ? { presetFiatAmount } : {})
    })
    assert.equal(response.status, 200)
    const { url: pageUrl } = parsed(onrampUrlResponseSchema, await json(response))
    assert.ok(pageUrl.startsWith(`${server.url}/onramp/sandbox?order=`), pageUrl)
    return { pageUrl, id: new URL(pageUrl).searchParams.get('order')! }
  }

  it('pays with the page form (no script): the tokens arrive in the wallet and the page says so', async () => {
    const buyer = privateKeyToAccount(generatePrivateKey()).address
    const { pageUrl, id } = await newOrder(buyer, 'appkit-local-a', 40)
    const page = await fetch(pageUrl)
    assert.equal(page.status, 200)
    const html = await page.text()
    const action = /<form id="pay-form" method="post" action="([^"]+)"/.exec(html)![1]!
    const treasuryBefore = await balanceOf(31337, DEPLOYER.address)

    // What a browser does with the form: POST urlencoded, follow the 303 to the page.
    const paid = await fetch(new URL(action, server.url), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ fiatAmount: '40.00' }).toString(),
      redirect: 'manual'
    })
    assert.equal(paid.status, 303)
    assert.equal(paid.headers.get('location'), `/onramp/sandbox?order=${id}`)

    const order = parsed(onrampOrderSchema, await json(await fetch(`${server.url}/onramp/sandbox/orders/${id}`)))
    assert.equal(order.status, 'completed', order.error ?? '')
    assert.equal(order.cryptoAmount, '39.400000')
    assert.match(order.txHash!, /^0x[0-9a-f]{64}$/)
    assert.equal(await balanceOf(31337, buyer), 39_400_000n)
    assert.equal(treasuryBefore - (await balanceOf(31337, DEPLOYER.address)), 39_400_000n)
    const receipt = await clients.get(31337)!.getTransactionReceipt({ hash: order.txHash! as Hex })
    assert.equal(receipt.from.toLowerCase(), DEPLOYER.address.toLowerCase())
    const transfer = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)')
    const logs = await clients.get(31337)!.getLogs({
      address: CONTRACTS.tUSDC,
      event: transfer,
      args: { to: buyer },
      fromBlock: receipt.blockNumber,
      toBlock: receipt.blockNumber
    })
    assert.equal(logs.length, 1)

    const after = await (await fetch(pageUrl)).text()
    assert.match(after, /status-completed/)
    assert.ok(after.includes(order.txHash!))
    assert.match(after, /<form id="pay-form"[^>]* hidden>/)
  })

  it('pays with JSON (the page script) on the other chain, once even when paid twice at the same time', async () => {
    const buyer = privateKeyToAccount(generatePrivateKey()).address
    const { id } = await newOrder(buyer, 'appkit-local-b')
    const pay = () => post(`/onramp/sandbox/orders/${id}/pay`, { fiatAmount: '100.00' }, {})
    const [first, second] = await Promise.all([pay(), pay()])
    const statuses = [first.status, second.status].sort()
    const bodies = [await json(first), await json(second)]
    assert.ok(
      (statuses[0] === 200 && statuses[1] === 409) || (statuses[0] === 200 && statuses[1] === 200),
      `${statuses.join(', ')}: ${JSON.stringify(bodies)}`
    )
    const order = parsed(onrampOrderSchema, await json(await fetch(`${server.url}/onramp/sandbox/orders/${id}`)))
    assert.equal(order.status, 'completed', order.error ?? '')
    assert.equal(order.caipNetworkId, 'eip155:31338')
    assert.equal(await balanceOf(31338, buyer), 98_500_000n, 'paid out once')
    assert.equal(await balanceOf(31337, buyer), 0n)
    // Paying a completed order again changes nothing.
    const again = await pay()
    assert.equal(again.status, 200)
    assert.equal(parsed(onrampOrderSchema, await json(again)).txHash, order.txHash)
    assert.equal(await balanceOf(31338, buyer), 98_500_000n)
  })
})

describe('sessions on a chain the backend reads', () => {
  // Issue 29, point 4: a session on a chain the backend reads is recorded only when the chain says
  // the account granted it (its context names the account and the key). Granting, and revoking with
  // the account's signature checked through the chain's client (ERC-1271), run end to end in
  // test/server/frame-smart-sessions.test.ts.
  it('records none that the chain does not show granted: without a context, or for an account with no grant', async () => {
    const owner = privateKeyToAccount(generatePrivateKey())
    const account = `eip155:31337:${owner.address}`
    const expiry = Math.floor(Date.now() / 1000) + 3600
    let response = await post(`/v1/sessions/${account}`, { pci: `pci-${owner.address}`, expiry, permissions: [] })
    assert.equal(response.status, 400)
    assert.equal(
      parsed(apiErrorBodySchema, await json(response)).message,
      "Missing body field 'context': a session on eip155:31337 is checked on chain by it"
    )
    const key = privateKeyToAccount(generatePrivateKey()).address
    const context = `0x${owner.address.slice(2)}${key.slice(2)}0000000000000001`.toLowerCase()
    response = await post(`/v1/sessions/${account}`, { expiry, permissions: [], context })
    assert.equal(response.status, 403)
    assert.equal(parsed(apiErrorBodySchema, await json(response)).message, NOT_GRANTED_ON_CHAIN)
    const other = `0x${key.slice(2)}${key.slice(2)}0000000000000001`.toLowerCase()
    response = await post(`/v1/sessions/${account}`, { expiry, permissions: [], context: other })
    assert.equal(response.status, 400)
    const list = parsed(sessionsResponseSchema, await json(await fetch(url(`/v1/sessions/${account}`))))
    assert.deepEqual(list.pcis, [])
  })
})
