// Issue 33, section 4: concurrent balance requests for one account share the chain's reads (single
// flight per account and chain, service/backend/blockchain/balances.ts): plain requests join the
// read under way; forceUpdate requests get a read that started after they came, so however many
// come during a read, they cost one read more. The backend reads chain A through a counting proxy
// (below) that counts the JSON-RPC calls about the account (eth_getBalance of it, balanceOf it) and
// can hold them back (before the chain answers, or after it did): the first read is held until
// every request has entered the balance service, so the test does not depend on how fast requests
// arrive.
import assert from 'node:assert/strict'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { after, before, describe, it } from 'node:test'
import { parseEther, parseUnits, type Address } from 'viem'
import { testTokenAbi } from '../../local/chain/abis.js'
import { localPublicClient, localWalletClient } from '../../local/chain/clients.js'
import { CONTRACTS, DEPLOYER } from '../../local/chain/deployment.js'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { blockchainService, type BlockchainService } from '../../service/backend/blockchain/service.js'
import { createChainContext } from '../../service/backend/context.js'
import { startServer, type RunningServer } from '../../service/backend/main.js'
import { useLocalChains } from '../chain/helpers.js'

const SDK = 'projectId=appkit-local&st=appkit&sv=test'
const chains = useLocalChains()

interface RpcCall {
  method: string
  params?: unknown[]
}

/** A JSON-RPC proxy to `target` counting the calls that mention `watched` and holding them while `held`. */
class CountingProxy {
  watched = ''
  /** Calls about the watched address since the last reset. */
  calls = 0
  /** While set, requests about the watched address wait for it; `fail` answers them 500 instead. */
  private gate: Promise<void> | undefined
  private open: (() => void) | undefined
  fail = false
  /** The held requests are asked of the chain first and wait with its answer (a read that is stale when it ends). */
  holdAnswers = false
  private server: Server | undefined
  url = ''

  constructor(private readonly target: string) {}

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      void this.forward(request).then(
        ({ status, body }) => response.writeHead(status, { 'Content-Type': 'application/json' }).end(body),
        (error: unknown) => response.writeHead(502).end(String(error))
      )
    })
    await new Promise<void>(resolve => this.server!.listen(0, '127.0.0.1', resolve))
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`
  }

  hold(): void {
    this.gate = new Promise(resolve => (this.open = resolve))
  }

  release(): void {
    this.open?.()
    this.gate = undefined
  }

  reset(): void {
    this.calls = 0
  }

  private async forward(request: IncomingMessage): Promise<{ status: number; body: string }> {
    let text = ''
    for await (const chunk of request) text += String(chunk)
    const parsed = JSON.parse(text) as RpcCall | RpcCall[]
    const watched = this.watched.toLowerCase().slice(2)
    const about = (Array.isArray(parsed) ? parsed : [parsed]).filter(
      call =>
        watched &&
        JSON.stringify(call.params ?? [])
          .toLowerCase()
          .includes(watched)
    )
    const ask = async () => {
      const answer = await fetch(this.target, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: text
      })
      return { status: answer.status, body: await answer.text() }
    }
    if (about.length > 0) {
      this.calls += about.length
      const gate = this.gate
      if (gate && this.holdAnswers) {
        const answer = await ask()
        await gate
        return answer
      }
      if (gate) await gate
      if (this.fail) return { status: 500, body: '{"error":"injected"}' }
    }
    return ask()
  }

  async stop(): Promise<void> {
    this.release()
    this.server?.closeAllConnections()
    await new Promise(resolve => this.server?.close(resolve))
  }
}

let proxy: CountingProxy
let server: RunningServer
let service: BlockchainService
/** Calls that entered BalanceService.balances (the route's call), counted by a wrapper. */
let entered = 0
let chainId = ''

before(async () => {
  await chains.ready
  proxy = new CountingProxy(chains.a.rpcUrl)
  await proxy.start()
  server = await startServer({
    port: 0,
    ignoreEnv: true,
    chains: [createChainContext(chains.a.chainId, proxy.url, chains.a.deployBlock)]
  })
  service = blockchainService(server.context)
  chainId = `eip155:${chains.a.chainId}`
  const balances = service.balances.balances.bind(service.balances)
  service.balances.balances = (...args) => {
    entered++
    return balances(...args)
  }
})

after(async () => {
  await server?.stop()
  await proxy?.stop()
})

/** A fresh account holding ETH and tUSDC, its funding indexed (so no invalidation comes later). */
async function fundedAccount(): Promise<Address> {
  const address = privateKeyToAccount(generatePrivateKey()).address
  const wallet = localWalletClient(chains.a, DEPLOYER.privateKey)
  const client = localPublicClient(chains.a)
  await client.waitForTransactionReceipt({
    hash: await wallet.sendTransaction({ to: address, value: parseEther('1') })
  })
  const receipt = await client.waitForTransactionReceipt({
    hash: await wallet.writeContract({
      address: CONTRACTS.tUSDC,
      abi: testTokenAbi,
      functionName: 'transfer',
      args: [address, parseUnits('7', 6)]
    })
  })
  await service.indexer.chain(chainId).waitForBlock(receipt.blockNumber, 20_000)
  return address
}

const balanceUrl = (address: Address, force: boolean) =>
  `${server.url}/v1/account/${address}/balance?currency=usd&chainId=${chainId}${force ? '&forceUpdate=true' : ''}&${SDK}`

async function get(url: string): Promise<{ status: number; body: string }> {
  const response = await fetch(url)
  return { status: response.status, body: await response.text() }
}

/**
 * Sends the groups' requests with the account's reads held: a group's requests at once, the next
 * group once they have all entered the balance service; the reads are let go once all have.
 */
async function concurrently(...groups: string[][]): Promise<{ status: number; body: string }[]> {
  entered = 0
  proxy.hold()
  const answers: Promise<{ status: number; body: string }>[] = []
  for (const group of groups) {
    answers.push(...group.map(get))
    for (const deadline = Date.now() + 20_000; entered < answers.length;) {
      if (Date.now() > deadline) throw new Error(`only ${entered} of ${answers.length} requests reached the service`)
      await new Promise(resolve => setTimeout(resolve, 5))
    }
  }
  // Every request is in the service; the reads they started (one, or one each) are at the proxy.
  await new Promise(resolve => setImmediate(resolve))
  proxy.release()
  return Promise.all(answers)
}

/** The ETH amount of a balance answer's body. */
const ether = (body: string) =>
  (JSON.parse(body) as { balances: { symbol: string; quantity: { numeric: string } }[] }).balances.find(
    balance => balance.symbol === 'ETH'
  )?.quantity.numeric

const times = (count: number, url: string) => Array.from({ length: count }, () => url)

describe('balance reads: one chain read per account and chain at a time (issue 33, section 4)', () => {
  it('20 concurrent forceUpdate requests for one account read the chain twice: the first request’s read, and one more that started after the other 19 came, which they share', async () => {
    const address = await fundedAccount()
    proxy.watched = address
    // One request alone: how many calls one read makes (the native balance and each token's balanceOf).
    proxy.reset()
    const alone = await get(balanceUrl(address, true))
    assert.equal(alone.status, 200, alone.body)
    const perRead = proxy.calls
    assert.ok(perRead >= 2, `one read makes ${perRead} calls about the account`)

    proxy.reset()
    const answers = await concurrently(times(20, balanceUrl(address, true)))
    for (const answer of answers) assert.equal(answer.status, 200, answer.body)
    assert.equal(
      proxy.calls,
      2 * perRead,
      `20 concurrent requests made ${proxy.calls} calls, one read makes ${perRead}: two reads were expected`
    )
    assert.equal(new Set(answers.map(answer => answer.body)).size, 1)
    assert.match(answers[0]!.body, /"numeric":"7"/)

    // The flight ends with its read: the next forceUpdate reads again.
    proxy.reset()
    assert.equal((await get(balanceUrl(address, true))).status, 200)
    assert.equal(proxy.calls, perRead)
  })

  it('plain requests join the read under way, forceUpdate ones the next; a flight the indexer dropped is not joined', async () => {
    const address = await fundedAccount()
    proxy.watched = address
    proxy.reset()
    await get(balanceUrl(address, true))
    const perRead = proxy.calls

    // Nothing cached (dropped): plain requests arriving during a read share it.
    service.balances.invalidate(chainId, [address.toLowerCase()])
    proxy.reset()
    const plain = await concurrently(times(10, balanceUrl(address, false)))
    for (const answer of plain) assert.equal(answer.status, 200, answer.body)
    assert.equal(proxy.calls, perRead)

    // forceUpdate requests, then plain ones, arriving during the first's read: the plain ones share
    // it, the other forceUpdate ones share one read after it.
    service.balances.invalidate(chainId, [address.toLowerCase()])
    proxy.reset()
    const mixed = await concurrently(times(5, balanceUrl(address, true)), times(5, balanceUrl(address, false)))
    for (const answer of mixed) assert.equal(answer.status, 200, answer.body)
    assert.equal(proxy.calls, 2 * perRead)

    // A read under way when the indexer drops the address (it saw a transaction) may predate it:
    // a request after the drop reads again instead of joining it.
    proxy.reset()
    proxy.hold()
    entered = 0
    const first = get(balanceUrl(address, true))
    while (proxy.calls < perRead) await new Promise(resolve => setTimeout(resolve, 5))
    service.balances.invalidate(chainId, [address.toLowerCase()])
    const second = get(balanceUrl(address, true))
    while (entered < 2) await new Promise(resolve => setTimeout(resolve, 5))
    await new Promise(resolve => setImmediate(resolve))
    proxy.release()
    assert.equal((await first).status, 200)
    assert.equal((await second).status, 200)
    assert.equal(proxy.calls, 2 * perRead)
  })

  it('a forceUpdate request that comes during a read gets a read that started after it: a transaction mined meanwhile is in its answer, though the indexer has not seen it', async () => {
    const address = await fundedAccount()
    proxy.watched = address
    // The indexer is slower than the visitor here: it drops nothing during this test.
    const invalidate = service.balances.invalidate
    service.balances.invalidate = () => undefined
    try {
      proxy.reset()
      proxy.holdAnswers = true
      proxy.hold()
      entered = 0
      // A read that the chain has answered (1 ETH) but that has not ended yet...
      const first = get(balanceUrl(address, true))
      while (proxy.calls < 1) await new Promise(resolve => setTimeout(resolve, 5))
      // ... then the visitor's transaction is mined, and the visitor asks again.
      const wallet = localWalletClient(chains.a, DEPLOYER.privateKey)
      await localPublicClient(chains.a).waitForTransactionReceipt({
        hash: await wallet.sendTransaction({ to: address, value: parseEther('0.5') })
      })
      const second = get(balanceUrl(address, true))
      while (entered < 2) await new Promise(resolve => setTimeout(resolve, 5))
      await new Promise(resolve => setImmediate(resolve))
      proxy.release()
      const [before, after] = [await first, await second]
      assert.equal(before.status, 200, before.body)
      assert.equal(after.status, 200, after.body)
      assert.equal(ether(before.body), '1')
      assert.equal(
        ether(after.body),
        '1.5',
        'the later forceUpdate request was answered by the read under way when it came'
      )
    } finally {
      proxy.holdAnswers = false
      proxy.release()
      service.balances.invalidate = invalidate
    }
  })

  it('a plain request during a read gets that read’s answer, not the older one cached', async () => {
    const address = await fundedAccount()
    proxy.watched = address
    const invalidate = service.balances.invalidate
    service.balances.invalidate = () => undefined
    try {
      // 1 ETH read and cached; then a transaction the indexer is not told of.
      const cachedAnswer = await get(balanceUrl(address, false))
      assert.equal(ether(cachedAnswer.body), '1')
      const wallet = localWalletClient(chains.a, DEPLOYER.privateKey)
      await localPublicClient(chains.a).waitForTransactionReceipt({
        hash: await wallet.sendTransaction({ to: address, value: parseEther('0.25') })
      })
      // The visitor's forceUpdate read (after the transaction), and a plain request during it.
      const answers = await concurrently([balanceUrl(address, true)], [balanceUrl(address, false)])
      assert.deepEqual(
        answers.map(answer => ether(answer.body)),
        ['1.25', '1.25'],
        'the plain request was answered from the cache, not by the read under way'
      )
    } finally {
      service.balances.invalidate = invalidate
    }
  })

  it('a failing read is shared by the requests that joined it, and not kept', async () => {
    const address = await fundedAccount()
    proxy.watched = address
    // How many calls one failing request makes (the RPC client retries).
    proxy.fail = true
    proxy.reset()
    const alone = await get(balanceUrl(address, true))
    assert.ok(alone.status >= 500, `${alone.status} ${alone.body}`)
    const perFailure = proxy.calls

    proxy.reset()
    const answers = await concurrently(times(10, balanceUrl(address, true)))
    proxy.fail = false
    for (const answer of answers) assert.deepEqual(answer, alone)
    assert.equal(
      proxy.calls,
      2 * perFailure,
      `10 concurrent failing requests made ${proxy.calls} calls, one makes ${perFailure}: two failing reads were expected`
    )

    // The error is not cached: the next request (plain) reads and answers.
    const after = await get(balanceUrl(address, false))
    assert.equal(after.status, 200, after.body)
  })
})
