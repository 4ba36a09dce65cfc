// Benchmark of the reference backend's balance and history endpoints (autocannon).
//
//   node bench/backend.mjs [--duration 10] [--connections 10] [--json]
//
// Starts the two local chains (free ports) and the backend as its own process (in-memory PGlite,
// 127.0.0.1, free port), seeds history (about 240 transactions for one account: incoming ETH and
// tUSDC transfers, swaps and an approval), waits until the indexer has read them, then measures
// each endpoint for `--duration` seconds with `--connections` concurrent connections:
//   balance           GET /v1/account/{a}/balance?currency=usd       (served from the short cache)
//   balance (force)   ... &forceUpdate=true                          (reads the chain every time)
//   history           GET /v1/account/{a}/history                    (first page, 20 transactions)
//   history (cursor)  ... &cursor=<page 5>                           (a page deep in the history)
// then both history pages again from a second backend started with APPKIT_HISTORY_CACHE_MS=0
// (every request reads the database), and prints requests/s and latency (p50, p99) per endpoint. Everything it started is stopped at
// the end (by process id); a watchdog ends the run if it takes over 4 minutes. Not a test: it
// prints figures and fails only when the stack cannot start or requests fail.
import { spawn } from 'node:child_process'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import { register } from 'tsx/esm/api'

register()

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..')
const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    json: { type: 'boolean', default: false }
  }
})
const DURATION = Math.max(1, Math.min(60, Number(values.duration)))
const CONNECTIONS = Math.max(1, Math.min(100, Number(values.connections)))
const SDK = 'projectId=appkit-local&st=appkit&sv=bench'

const watchdog = setTimeout(() => {
  console.error('bench/backend.mjs: over 4 minutes, giving up')
  void cleanup().finally(() => process.exit(2))
}, 240_000)
watchdog.unref()

const { startChains } = await import(pathToFileURL(join(ROOT, 'local/chain/start.ts')).href)
const { CONTRACTS, TEST_ACCOUNTS, localViemChain } = await import(
  pathToFileURL(join(ROOT, 'local/chain/deployment.ts')).href
)
const { swapRouterAbi } = await import(pathToFileURL(join(ROOT, 'local/chain/abis.ts')).href)
const { createPublicClient, createWalletClient, erc20Abi, http, maxUint256, parseEther, parseUnits } =
  await import('viem')
const { generatePrivateKey, privateKeyToAccount } = await import('viem/accounts')

let local
const backends = []
async function stopBackend(child) {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise(resolve => child.once('exit', resolve))
  child.kill('SIGTERM')
  await Promise.race([exited, new Promise(resolve => setTimeout(resolve, 5000))])
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
}
async function cleanup() {
  await Promise.all(backends.map(stopBackend))
  await local?.stop()
}

function log(line) {
  if (!values.json) console.log(line)
}

/** Starts service/backend/main.ts as a child process (its own in-memory PGlite) and resolves with its URL. */
function startBackend(chains, env = {}) {
  const args = ['--import', 'tsx', join(ROOT, 'service/backend/main.ts'), '--port', '0', '--memory']
  for (const chain of chains) args.push('--rpc', `${chain.chainId}=${chain.rpcUrl}`)
  const backend = spawn(process.execPath, args, {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, DATABASE_URL: '', APPKIT_SERVER_HOST: '127.0.0.1', ...env }
  })
  backends.push(backend)
  return new Promise((resolve, reject) => {
    let output = ''
    const timer = setTimeout(() => reject(new Error(`the backend did not start:\n${output}`)), 30_000)
    const onData = chunk => {
      output += chunk
      const match = /Backend listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)
      if (match) {
        clearTimeout(timer)
        resolve({ url: match[1], pid: backend.pid, child: backend })
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

/** Waits (by condition, at most 60 s) until the history at `url` shows the transaction `hash`. */
async function caughtUp(url, hash) {
  for (const deadline = Date.now() + 60_000; ;) {
    const page = await getJson(url)
    if (page.data.some(tx => tx.id === hash)) return
    if (Date.now() > deadline) throw new Error('the indexer did not catch up within 60 s')
    await new Promise(resolve => setTimeout(resolve, 100))
  }
}

async function getJson(url) {
  const response = await fetch(url)
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status} ${await response.text()}`)
  return response.json()
}

function run(title, url) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections: CONNECTIONS,
        duration: DURATION,
        // A bound on the number of requests too (autocannon stops at whichever comes first).
        maxOverallRequests: 2_000_000
      },
      (error, result) => {
        if (error) return reject(error)
        resolve({
          title,
          requestsPerSecond: Math.round(result.requests.average),
          requests: result.requests.total,
          p50: result.latency.p50,
          p99: result.latency.p99,
          max: result.latency.max,
          non2xx: result.non2xx,
          errors: result.errors + result.timeouts,
          seconds: result.duration
        })
      }
    )
  })
}

try {
  const started = performance.now()
  local = await startChains({ portA: 0, portB: 0 })
  const first = await startBackend(local.chains)
  const url = first.url
  log(
    `chains and backend up in ${((performance.now() - started) / 1000).toFixed(1)} s (backend ${url}, pid ${first.pid})`
  )

  const seedStarted = performance.now()
  const seeded = await seed(local.chains[0])
  const historyUrl = `${url}/v1/account/${seeded.address}/history?${SDK}`
  await caughtUp(historyUrl, seeded.last)
  log(
    `seeded ${seeded.count} transactions for ${seeded.address} and indexed them in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`
  )

  // A cursor deep in the history: follow `next` four times.
  let cursor
  for (let i = 0; i < 4; i++) cursor = (await getJson(`${historyUrl}${cursor ? `&cursor=${cursor}` : ''}`)).next
  const balanceUrl = `${url}/v1/account/${seeded.address}/balance?currency=usd&${SDK}`
  const check = await getJson(balanceUrl)
  if (!check.balances.some(b => b.symbol === 'TT')) throw new Error('unexpected balance answer')

  const scenarios = [
    ['balance', balanceUrl],
    ['balance (forceUpdate)', `${balanceUrl}&forceUpdate=true`],
    ['history (first page)', historyUrl],
    ['history (cursor, page 5)', `${historyUrl}&cursor=${cursor}`]
  ]
  const results = []
  for (const [title, target] of scenarios) {
    log(`measuring ${title} for ${DURATION} s with ${CONNECTIONS} connections...`)
    results.push(await run(title, target))
  }

  // The same history pages from a backend without the history page cache: every request reads
  // the database. (A second backend, indexing the same chains into its own database.)
  await stopBackend(first.child)
  const second = await startBackend(local.chains, { APPKIT_HISTORY_CACHE_MS: '0' })
  const uncachedUrl = `${second.url}/v1/account/${seeded.address}/history?${SDK}`
  const indexStarted = performance.now()
  await caughtUp(uncachedUrl, seeded.last)
  log(
    `second backend (no history cache) indexed both chains from block 0 in ${((performance.now() - indexStarted) / 1000).toFixed(1)} s`
  )
  for (const [title, target] of [
    ['history, no cache (first)', uncachedUrl],
    ['history, no cache (page 5)', `${uncachedUrl}&cursor=${cursor}`]
  ]) {
    log(`measuring ${title} for ${DURATION} s with ${CONNECTIONS} connections...`)
    results.push(await run(title, target))
  }
  if (values.json) {
    console.log(JSON.stringify({ connections: CONNECTIONS, duration: DURATION, results }, null, 2))
  } else {
    console.log('')
    const load = (await import('node:os'))
      .loadavg()
      .map(n => n.toFixed(1))
      .join(' ')
    console.log(
      `Backend on 127.0.0.1, ${CONNECTIONS} connections, ${DURATION} s each (node ${process.version}, in-memory PGlite, load average now ${load})`
    )
    console.log('endpoint                    req/s    p50 ms   p99 ms   max ms   requests  non-2xx')
    for (const r of results) {
      console.log(
        `${r.title.padEnd(26)} ${String(r.requestsPerSecond).padStart(6)} ${String(r.p50).padStart(9)} ${String(r.p99).padStart(8)} ${String(r.max).padStart(8)} ${String(r.requests).padStart(10)} ${String(r.non2xx).padStart(8)}`
      )
    }
  }
  const failed = results.some(r => r.non2xx > 0 || r.errors > 0)
  await cleanup()
  clearTimeout(watchdog)
  process.exit(failed ? 1 : 0)
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  await cleanup()
  process.exit(1)
}
