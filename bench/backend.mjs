// Load on the reference backend (issue 33, section 4): an open-loop load at a fixed rate (autocannon's
// overallRate, spread over --connections connections, latencies corrected for coordinated omission)
// on each endpoint in turn, on PGlite and on PostgreSQL.
//
//   npm run bench:backend -- [--rate 500] [--duration 30] [--warmup 2] [--db pglite|postgres|both]
//                            [--connections min(100, rate)] [--json]
//
// Starts the two local chains (free ports), seeds history (about 240 transactions for one account:
// incoming ETH and tUSDC transfers, swaps and an approval), then for each database starts the
// backend as its own process (service/backend/main.ts: in-memory PGlite, or a throwaway PostgreSQL
// as test/server/postgres.ts starts one; 127.0.0.1, free ports), waits until its indexer has read the
// seeded history, and sends `--rate` requests/s for `--duration` s (after `--warmup` s of the same
// load, not counted) to each of:
//   balance                  GET  /v1/account/{a}/balance?currency=usd&chainId=...   (the short cache)
//   balance (forceUpdate)    ... &forceUpdate=true        (uncached: the chain read, shared by concurrent requests)
//   history (first page)     GET  /v1/account/{a}/history?chainId=...   (as the kit asks: 20 transactions, the page cache)
//   history (page 5)         ... &cursor=<page 5>
//   SIWX nonce               POST /v1/siwx/nonce
//   analytics batch          POST /e   (10 events, fresh eventIds each request, from an allowed Origin)
//   frame RPC forward        POST {frame}/frame-api/rpc?chainId=...   (eth_getBalance forwarded to chain A)
// then the two history pages again from a second backend started with APPKIT_HISTORY_CACHE_MS=0
// (no page cache: a request reads the database unless a read of the same page is under way, which
// it shares; over PostgreSQL the same database, over PGlite its own, indexed again). It prints, per endpoint, the requests/s achieved, p50, p99, max and errors
// (non-2xx, socket errors and timeouts) against the goal (p99 < 50 ms, 0 errors). Everything it
// started is stopped at the end (by process id); a watchdog ends the run if it takes far longer
// than planned. Not a test: it exits 1 when an endpoint missed the goal or the stack cannot start.
import { spawn } from 'node:child_process'
import { loadavg } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import { register } from 'tsx/esm/api'

register()

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..')
const { values } = parseArgs({
  options: {
    rate: { type: 'string', default: '500' },
    duration: { type: 'string', default: '30' },
    warmup: { type: 'string', default: '2' },
    connections: { type: 'string' },
    db: { type: 'string', default: 'both' },
    json: { type: 'boolean', default: false }
  }
})
const RATE = Math.max(1, Math.min(20_000, Number(values.rate) || 500))
const DURATION = Math.max(1, Math.min(300, Number(values.duration) || 30))
/** Seconds of the same load sent first and not counted (the server's code and caches warm up). */
const WARMUP = Math.max(0, Math.min(60, Number(values.warmup ?? 2)))
// Enough connections that a slow answer does not hold the next request back (100 at 500/s: each
// connection sends one every 200 ms), never more than the rate.
const CONNECTIONS = Math.max(1, Math.min(1000, Number(values.connections) || Math.min(100, RATE)))
if (!['pglite', 'postgres', 'both'].includes(values.db)) {
  console.error(`--db must be pglite, postgres or both (not ${values.db})`)
  process.exit(2)
}
const DATABASES = values.db === 'both' ? ['pglite', 'postgres'] : [values.db]
const GOAL_P99_MS = 50
const SDK = 'projectId=appkit-local&st=appkit&sv=bench'
/** An Origin on the default project's list (http://localhost:*), for the analytics batch. */
const PAGE_ORIGIN = 'http://localhost:3000'
const SCENARIOS_PER_DB = 9

// Planned: the measurements, plus starting, seeding and indexing (generous on a loaded machine).
const WATCHDOG_MS = (DATABASES.length * SCENARIOS_PER_DB * (WARMUP + DURATION + 5) + 300) * 1000
const watchdog = setTimeout(() => {
  console.error(`bench/backend.mjs: over ${Math.round(WATCHDOG_MS / 1000)} s, giving up`)
  void cleanup().finally(() => process.exit(2))
}, WATCHDOG_MS)
watchdog.unref()

const { startChains } = await import(pathToFileURL(join(ROOT, 'local/chain/start.ts')).href)
const { CONTRACTS, TEST_ACCOUNTS, localViemChain } = await import(
  pathToFileURL(join(ROOT, 'local/chain/deployment.ts')).href
)
const { swapRouterAbi } = await import(pathToFileURL(join(ROOT, 'local/chain/abis.ts')).href)
const { PostgresUnavailable, startThrowawayPostgres } = await import(
  pathToFileURL(join(ROOT, 'test/server/postgres.ts')).href
)
const { createPublicClient, createWalletClient, erc20Abi, http, maxUint256, parseEther, parseUnits } =
  await import('viem')
const { generatePrivateKey, privateKeyToAccount } = await import('viem/accounts')

let local
const backends = []
const databases = []
async function stopBackend(child) {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise(resolve => child.once('exit', resolve))
  child.kill('SIGTERM')
  await Promise.race([exited, new Promise(resolve => setTimeout(resolve, 5000))])
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
}
async function cleanup() {
  await Promise.all(backends.map(stopBackend))
  await Promise.all(databases.map(db => db.stop()))
  await local?.stop()
}

function log(line) {
  if (!values.json) console.log(line)
}

/**
 * Starts service/backend/main.ts as a child process over `databaseUrl` (PostgreSQL) or an in-memory
 * PGlite of its own; resolves with its API and frame URLs once both listen.
 */
function startBackend(chains, { databaseUrl, env = {} } = {}) {
  const args = ['--import', 'tsx', join(ROOT, 'service/backend/main.ts'), '--port', '0', '--frame-port', '0']
  if (!databaseUrl) args.push('--memory')
  for (const chain of chains) args.push('--rpc', `${chain.chainId}=${chain.rpcUrl}`)
  const backend = spawn(process.execPath, args, {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, DATABASE_URL: databaseUrl ?? '', APPKIT_SERVER_HOST: '127.0.0.1', ...env }
  })
  backends.push(backend)
  return new Promise((resolve, reject) => {
    let output = ''
    const timer = setTimeout(() => reject(new Error(`the backend did not start:\n${output}`)), 60_000)
    const onData = chunk => {
      output += chunk
      const api = /Backend listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)
      const frame = /Frame listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)
      if (api && frame) {
        clearTimeout(timer)
        resolve({ url: api[1], frameUrl: frame[1], pid: backend.pid, child: backend })
      }
    }
    backend.stdout.on('data', onData)
    backend.stderr.on('data', chunk => {
      output += chunk
    })
    backend.once('exit', code => {
      clearTimeout(timer)
      reject(new Error(`the backend exited (${code}):\n${output}`))
    })
  })
}

async function seed(chain) {
  const viemChain = localViemChain(chain.chainId, chain.rpcUrl)
  const client = createPublicClient({ chain: viemChain, transport: http(chain.rpcUrl) })
  const walletOf = account => createWalletClient({ account, chain: viemChain, transport: http(chain.rpcUrl) })
  const trader = privateKeyToAccount(generatePrivateKey())
  const funder = walletOf(privateKeyToAccount(TEST_ACCOUNTS[0].privateKey))
  await client.waitForTransactionReceipt({
    hash: await funder.sendTransaction({ to: trader.address, value: parseEther('100') })
  })

  // 4 senders x 40 transfers in, ETH and tUSDC alternately (each sender's own nonce order).
  const senders = TEST_ACCOUNTS.slice(0, 4).map(account => walletOf(privateKeyToAccount(account.privateKey)))
  const incoming = await Promise.all(
    senders.map(async wallet => {
      let last
      for (let i = 0; i < 40; i++) {
        last =
          i % 2 === 0
            ? await wallet.sendTransaction({ to: trader.address, value: parseEther('0.01') })
            : await wallet.writeContract({
                address: CONTRACTS.tUSDC,
                abi: erc20Abi,
                functionName: 'transfer',
                args: [trader.address, parseUnits('1', 6)]
              })
      }
      return last
    })
  )
  // The trader swaps ETH for TT 20 times, approves TT and swaps some back to tUSDC 20 times.
  const trading = walletOf(trader)
  const deadline = (await client.getBlock()).timestamp + 3600n
  for (let i = 0; i < 20; i++) {
    await trading.writeContract({
      address: CONTRACTS.router,
      abi: swapRouterAbi,
      functionName: 'swapExactETHForTokens',
      args: [0n, [CONTRACTS.WETH, CONTRACTS.TT], trader.address, deadline],
      value: parseEther('0.05')
    })
  }
  await trading.writeContract({
    address: CONTRACTS.TT,
    abi: erc20Abi,
    functionName: 'approve',
    args: [CONTRACTS.router, maxUint256]
  })
  let last
  for (let i = 0; i < 20; i++) {
    last = await trading.writeContract({
      address: CONTRACTS.router,
      abi: swapRouterAbi,
      functionName: 'swapExactTokensForTokens',
      args: [parseEther('1'), 0n, [CONTRACTS.TT, CONTRACTS.tUSDC], trader.address, deadline]
    })
  }
  for (const hash of [...incoming, last]) await client.waitForTransactionReceipt({ hash })
  return { address: trader.address, last, count: 1 + 160 + 20 + 1 + 20 }
}

/** Waits (by condition, at most 120 s) until the history at `url` shows the transaction `hash`. */
async function caughtUp(url, hash) {
  for (const deadline = Date.now() + 120_000; ;) {
    const page = await getJson(url)
    if (page.data.some(tx => tx.id === hash)) return
    if (Date.now() > deadline) throw new Error('the indexer did not catch up within 120 s')
    await new Promise(resolve => setTimeout(resolve, 100))
  }
}

async function getJson(url) {
  const response = await fetch(url)
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status} ${await response.text()}`)
  return response.json()
}

/** One open-loop run: RATE requests/s for DURATION s, spread over CONNECTIONS connections. */
function run(title, url, request = {}) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections: CONNECTIONS,
        duration: DURATION,
        overallRate: RATE,
        timeout: 10,
        ...request
      },
      (error, result) => {
        if (error) return reject(error)
        const errors = result.non2xx + result.errors + result.timeouts
        resolve({
          title,
          target: RATE,
          requestsPerSecond: Math.round(result.requests.total / result.duration),
          requests: result.requests.total,
          p50: result.latency.p50,
          p99: result.latency.p99,
          max: result.latency.max,
          errors,
          non2xx: result.non2xx,
          met: errors === 0 && result.latency.p99 < GOAL_P99_MS && result.requests.total >= RATE * DURATION * 0.95
        })
      }
    )
  })
}

/** `run` after WARMUP seconds of the same load that are not counted. */
async function measured(kind, title, url, request = {}) {
  log(`${kind}: ${title}, ${RATE} requests/s for ${WARMUP} s (warm-up) + ${DURATION} s...`)
  if (WARMUP > 0) await run(title, url, { ...request, duration: WARMUP })
  return run(title, url, request)
}

/** An analytics batch of 10 events with fresh eventIds (each request inserts new rows). */
let batchNumber = 0
function analyticsBatch() {
  batchNumber++
  return JSON.stringify(
    Array.from({ length: 10 }, (_, i) => ({
      eventId: `bench-${process.pid}-${batchNumber}-${i}`,
      url: `${PAGE_ORIGIN}/shop`,
      domain: 'localhost',
      timestamp: Date.now(),
      props: { type: 'track', event: 'MODAL_OPEN', properties: { connected: false } }
    }))
  )
}

/** Measures every endpoint on one database; answers the rows, or a reason it could not run. */
async function measure(kind, seeded) {
  let databaseUrl
  if (kind === 'postgres') {
    try {
      const postgres = await startThrowawayPostgres()
      databases.push(postgres)
      databaseUrl = postgres.url
      log(`PostgreSQL: ${postgres.description}`)
    } catch (error) {
      if (error instanceof PostgresUnavailable) return { skipped: error.message }
      throw error
    }
  }
  const chainId = `eip155:${local.chains[0].chainId}`
  const started = performance.now()
  const first = await startBackend(local.chains, { databaseUrl })
  const historyUrl = `${first.url}/v1/account/${seeded.address}/history?chainId=${chainId}&${SDK}`
  await caughtUp(historyUrl, seeded.last)
  log(
    `${kind}: backend ${first.url} (pid ${first.pid}) up and caught up in ${((performance.now() - started) / 1000).toFixed(1)} s`
  )
  // A cursor deep in the history: follow `next` four times.
  let cursor
  for (let i = 0; i < 4; i++) cursor = (await getJson(`${historyUrl}${cursor ? `&cursor=${cursor}` : ''}`)).next
  const balanceUrl = `${first.url}/v1/account/${seeded.address}/balance?currency=usd&chainId=${chainId}&${SDK}`
  const check = await getJson(balanceUrl)
  if (!check.balances.some(b => b.symbol === 'TT')) throw new Error('unexpected balance answer')

  const scenarios = [
    ['balance', balanceUrl],
    ['balance (forceUpdate)', `${balanceUrl}&forceUpdate=true`],
    ['history (first page)', historyUrl],
    ['history (page 5)', `${historyUrl}&cursor=${cursor}`],
    ['SIWX nonce', `${first.url}/v1/siwx/nonce?${SDK}`, { method: 'POST' }],
    [
      'analytics batch (10)',
      `${first.url}/e?${SDK}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: PAGE_ORIGIN },
        requests: [{ setupRequest: request => ({ ...request, body: analyticsBatch() }) }]
      }
    ],
    [
      'frame RPC forward',
      `${first.frameUrl}/frame-api/rpc?chainId=${chainId}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: first.frameUrl },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getBalance', params: [seeded.address, 'latest'] })
      }
    ]
  ]
  const results = []
  for (const [title, target, request] of scenarios) results.push(await measured(kind, title, target, request))

  // The same history pages from a backend without the history page cache: every request reads the database.
  await stopBackend(first.child)
  const second = await startBackend(local.chains, { databaseUrl, env: { APPKIT_HISTORY_CACHE_MS: '0' } })
  const uncachedUrl = `${second.url}/v1/account/${seeded.address}/history?chainId=${chainId}&${SDK}`
  await caughtUp(uncachedUrl, seeded.last)
  for (const [title, target] of [
    ['history, no cache (first)', uncachedUrl],
    ['history, no cache (page 5)', `${uncachedUrl}&cursor=${cursor}`]
  ]) {
    results.push(await measured(kind, title, target))
  }
  await stopBackend(second.child)
  return { results }
}

try {
  const started = performance.now()
  local = await startChains({ portA: 0, portB: 0 })
  const seeded = await seed(local.chains[0])
  log(
    `chains up and ${seeded.count} transactions seeded for ${seeded.address} in ${((performance.now() - started) / 1000).toFixed(1)} s`
  )
  const report = {}
  for (const kind of DATABASES) report[kind] = await measure(kind, seeded)

  if (values.json) {
    console.log(JSON.stringify({ rate: RATE, duration: DURATION, connections: CONNECTIONS, report }, null, 2))
  } else {
    const load = loadavg()
      .map(n => n.toFixed(1))
      .join(' ')
    console.log('')
    console.log(
      `Backend on 127.0.0.1: ${RATE} requests/s for ${DURATION} s per endpoint (after ${WARMUP} s not counted) over ${CONNECTIONS} connections ` +
        `(open loop), goal p99 < ${GOAL_P99_MS} ms and 0 errors (node ${process.version}, load average now ${load})`
    )
    for (const kind of DATABASES) {
      const { results, skipped } = report[kind]
      console.log('')
      console.log(kind === 'pglite' ? 'PGlite (in memory)' : 'PostgreSQL (throwaway server)')
      if (skipped) {
        console.log(`  skipped: ${skipped}`)
        continue
      }
      console.log('endpoint                     req/s   p50 ms   p99 ms   max ms   requests  errors  goal')
      for (const r of results) {
        console.log(
          `${r.title.padEnd(27)} ${String(r.requestsPerSecond).padStart(6)} ${String(r.p50).padStart(8)} ${String(r.p99).padStart(8)} ${String(r.max).padStart(8)} ${String(r.requests).padStart(10)} ${String(r.errors).padStart(7)}  ${r.met ? 'met' : 'MISSED'}`
        )
      }
    }
  }
  const missed = Object.values(report).some(entry => entry.results?.some(r => !r.met))
  await cleanup()
  clearTimeout(watchdog)
  process.exit(missed ? 1 : 0)
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  await cleanup()
  process.exit(1)
}
