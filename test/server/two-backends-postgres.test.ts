// Issue 33, section 4: two backends over one PostgreSQL (service/backend/README.md "Several backends
// over one PostgreSQL"). Backend 1 (its own process, service/backend/main.ts) starts indexing chain A
// in batches of 3 blocks; the test holds the chain's row of chain_index_state so that backend 1 stops
// with a batch's rows written and its cursor not yet moved, then kills it (SIGKILL, and its database
// sessions ended): the worst place to die. Backend 2 (running meanwhile) takes the lease over once
// backend 1's has run out, indexes that batch again and the rest: every transaction stored once. Then
// backend 3 starts, and history and balances asked alternately of backends 2 and 3 equal what
// backend 2 alone answers. Against a throwaway server (./postgres.ts; skipped, with the reason, only
// when no PostgreSQL can be found or installed).
import assert from 'node:assert/strict'
import { spawn, type ChildProcess } from 'node:child_process'
import { after, it } from 'node:test'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { parseEther, parseUnits, type Address, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { testTokenAbi } from '../../local/chain/abis.js'
import { localPublicClient, localWalletClient } from '../../local/chain/clients.js'
import { CONTRACTS, DEPLOYER } from '../../local/chain/deployment.js'
import { startChains, type LocalChains } from '../../local/chain/start.js'
import { ChainIndexer } from '../../service/backend/blockchain/indexer.js'
import { ChainReader } from '../../service/backend/blockchain/reader.js'
import { blockchainService } from '../../service/backend/blockchain/service.js'
import { createChainContext } from '../../service/backend/context.js'
import { openDatabase, type Database } from '../../service/backend/db/database.js'
import { startServer, type RunningServer } from '../../service/backend/main.js'
import { PostgresUnavailable, startThrowawayPostgres, type TestPostgres } from './postgres.js'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const SDK = 'projectId=appkit-local&st=appkit&sv=test'
// Small batches (several rounds to die in), a short lease (the takeover waits for it) and fast polls.
const INDEXER_ENV = { APPKIT_INDEXER_BATCH_BLOCKS: '3', APPKIT_INDEXER_LEASE_MS: '2000', APPKIT_INDEXER_POLL_MS: '100' }

let postgres: TestPostgres | undefined
let local: LocalChains | undefined
let backend1: ChildProcess | undefined
const clients: pg.Client[] = []
const databases: Database[] = []
const servers: RunningServer[] = []
after(async () => {
  if (backend1 && backend1.exitCode === null && backend1.signalCode === null) backend1.kill('SIGKILL')
  for (const server of servers) await server.stop()
  for (const db of databases) await db.close()
  for (const client of clients) await client.end().catch(() => undefined)
  await postgres?.stop()
  await local?.stop()
})

const sleep = (ms: number) => new Promise(resolve => setTimeout(resolve, ms))

async function until<T>(what: string, check: () => Promise<T | undefined | false>, timeoutMs = 30_000): Promise<T> {
  for (const deadline = Date.now() + timeoutMs; ; await sleep(20)) {
    const value = await check()
    if (value) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
  }
}

/** Starts service/backend/main.ts over `url` reading chain A; resolves once it listens. */
function startBackendProcess(url: string, chainId: number, rpcUrl: string): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'service/backend/main.ts', '--port', '0', '--frame-port', '0', '--rpc', `${chainId}=${rpcUrl}`],
    {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...INDEXER_ENV, DATABASE_URL: url, APPKIT_SERVER_HOST: '127.0.0.1', APPKIT_SOLANA_RPC: '' }
    }
  )
  return new Promise((resolve, reject) => {
    let output = ''
    const timer = setTimeout(() => reject(new Error(`backend 1 did not start:\n${output}`)), 60_000)
    child.stdout!.on('data', (chunk: Buffer) => {
      output += String(chunk)
      if (/Backend listening on/.test(output)) {
        clearTimeout(timer)
        resolve(child)
      }
    })
    child.stderr!.on('data', (chunk: Buffer) => (output += String(chunk)))
    child.once('exit', code => {
      clearTimeout(timer)
      reject(new Error(`backend 1 exited (${code}):\n${output}`))
    })
  })
}

/** GET as JSON with the origin of `server` written ORIGIN (answers carry absolute icon URLs). */
async function getFrom(server: RunningServer, path: string): Promise<string> {
  const response = await fetch(`${server.url}${path}${path.includes('?') ? '&' : '?'}${SDK}`)
  const text = await response.text()
  assert.equal(response.status, 200, `${path}: ${text}`)
  return text.replaceAll(server.url, 'ORIGIN')
}

/** Every history page of `address`, page n from pick(n); answers the pages as text. */
async function allPages(address: Address, chainId: string, pick: (page: number) => RunningServer): Promise<string[]> {
  const pages: string[] = []
  let cursor: string | null = null
  do {
    const query: string = `chainId=${chainId}${cursor ? `&cursor=${cursor}` : ''}`
    const text = await getFrom(pick(pages.length), `/v1/account/${address}/history?${query}`)
    pages.push(text)
    cursor = (JSON.parse(text) as { next: string | null }).next
  } while (cursor)
  return pages
}

it('two backends over one PostgreSQL: one killed mid-index, the other finishes; alternate answers equal one backend’s', async t => {
  try {
    postgres = await startThrowawayPostgres()
  } catch (error) {
    if (!(error instanceof PostgresUnavailable)) throw error
    t.skip(error.message)
    return
  }
  Object.assign(process.env, INDEXER_ENV)
  local = await startChains({ portA: 0, portB: 0 })
  const chain = local.chains[0]!
  const chainId = `eip155:${chain.chainId}`
  const client = localPublicClient(chain)

  // A fresh account receives ETH and tUSDC twice each from the deployer (four more blocks).
  const receiver = privateKeyToAccount(generatePrivateKey()).address
  const deployer = localWalletClient(chain, DEPLOYER.privateKey)
  const sent: Hex[] = []
  for (let i = 1; i <= 2; i++) {
    sent.push(await deployer.sendTransaction({ to: receiver, value: parseEther(`0.${i}`) }))
    sent.push(
      await deployer.writeContract({
        address: CONTRACTS.tUSDC,
        abi: testTokenAbi,
        functionName: 'transfer',
        args: [receiver, parseUnits(String(i), 6)]
      })
    )
  }
  for (const hash of sent) await client.waitForTransactionReceipt({ hash, pollingInterval: 50 })
  const head = await client.getBlockNumber()
  let onChain = 0
  for (let n = 0n; n <= head; n++) onChain += (await client.getBlock({ blockNumber: n })).transactions.length

  const observer = new pg.Client({ connectionString: postgres.url })
  const locker = new pg.Client({ connectionString: postgres.url })
  clients.push(observer, locker)
  await observer.connect()
  await locker.connect()
  const state = async () =>
    (
      await observer
        .query<{ next_block: string; lease_owner: string | null }>(
          'SELECT next_block, lease_owner FROM chain_index_state WHERE chain_id = $1',
          [chainId]
        )
        .catch(() => ({ rows: [] }))
    ).rows[0]

  // Backend 1 takes the lease and indexes; once two batches are in, the test takes the chain's row.
  backend1 = await startBackendProcess(postgres.url, chain.chainId, chain.rpcUrl)
  let stoppedAt: bigint | undefined
  for (let attempt = 0; attempt < 5 && stoppedAt === undefined; attempt++) {
    const row = await until('backend 1 to index two batches', async () => {
      const row = await state()
      return row?.lease_owner && BigInt(row.next_block) >= 6n ? row : undefined
    })
    assert.ok(
      BigInt(row.next_block) <= head,
      `backend 1 indexed the whole chain (${row.next_block}) before the test stopped it`
    )
    await locker.query('BEGIN')
    const locked = await locker.query<{ next_block: string }>(
      'SELECT next_block FROM chain_index_state WHERE chain_id = $1 FOR UPDATE',
      [chainId]
    )
    // Backend 1 waits on the row: after writing a batch (moving the cursor), or renewing its lease.
    const waiting = await until('backend 1 to wait on the row', async () => {
      const { rows } = await observer.query<{ query: string }>(
        `SELECT query FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`
      )
      return rows[0]
    })
    if (waiting.query.includes('SET next_block')) stoppedAt = BigInt(locked.rows[0]!.next_block)
    else await locker.query('ROLLBACK') // it was renewing its lease: let it go on to the next batch
  }
  assert.ok(stoppedAt !== undefined, 'backend 1 was never caught between a batch and its cursor')
  const written = await observer.query<{ count: string }>(
    'SELECT count(*) FROM chain_transactions WHERE chain_id = $1 AND block_number >= $2',
    [chainId, stoppedAt.toString()]
  )
  assert.ok(Number(written.rows[0]!.count) > 0, 'the batch past the cursor is written')
  const sessionsOf1 = (
    await observer.query<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND backend_type = 'client backend'
          AND pid NOT IN ($1, $2)`,
      [(observer as unknown as { processID: number }).processID, (locker as unknown as { processID: number }).processID]
    )
  ).rows.map(row => row.pid)

  // Backend 2 starts while backend 1 still holds the lease (its indexer waits for the row too).
  const db2 = await openDatabase({ url: postgres.url })
  databases.push(db2)
  const chains = [createChainContext(chain.chainId, chain.rpcUrl, chain.deployBlock)]
  const backend2 = await startServer({ port: 0, ignoreEnv: true, db: db2, chains })
  servers.push(backend2)

  // Backend 1 dies there: the process killed, its sessions (and the UPDATE they wait with) ended.
  const exited = new Promise(resolve => backend1!.once('exit', resolve))
  backend1.kill('SIGKILL')
  await exited
  for (const pid of sessionsOf1) await observer.query('SELECT pg_terminate_backend($1)', [pid])
  await locker.query('ROLLBACK')
  assert.equal(BigInt((await state())!.next_block), stoppedAt, 'the cursor stayed before the written batch')

  // Backend 2 takes the lease over when backend 1's runs out and finishes the chain.
  const indexer2 = blockchainService(backend2.context).indexer.chain(chainId)
  await indexer2.waitForBlock(head, 30_000)
  const counts = await observer.query<{ transactions: string; duplicates: string }>(
    `SELECT (SELECT count(*) FROM chain_transactions WHERE chain_id = $1) AS transactions,
            (SELECT count(*) FROM (SELECT hash FROM account_activity WHERE chain_id = $1 AND address = $2
                                    GROUP BY hash HAVING count(*) > 1) d) AS duplicates`,
    [chainId, receiver.toLowerCase()]
  )
  assert.deepEqual(counts.rows[0], { transactions: String(onChain), duplicates: '0' })

  // Backend 3 joins (backend 2 keeps the lease); requests alternate between 2 and 3.
  const db3 = await openDatabase({ url: postgres.url })
  databases.push(db3)
  const backend3 = await startServer({ port: 0, ignoreEnv: true, db: db3, chains })
  servers.push(backend3)
  const alternate = (n: number) => (n % 2 === 0 ? backend2 : backend3)

  // The receiver's history: the four transfers, once each, the same from one backend or both.
  const receiverPages = await allPages(receiver, chainId, alternate)
  assert.deepEqual(receiverPages, await allPages(receiver, chainId, () => backend2))
  const receiverIds = receiverPages.flatMap(text =>
    (JSON.parse(text) as { data: { id: string }[] }).data.map(tx => tx.id)
  )
  assert.deepEqual([...receiverIds].sort(), [...sent].sort())
  // The history of the address most concerned by the batch indexed twice (page after page).
  const busiest = await observer.query<{ address: Address }>(
    `SELECT address FROM account_activity WHERE chain_id = $1 AND block_number >= $2 AND block_number < $3
      GROUP BY address ORDER BY count(*) DESC, address LIMIT 1`,
    [chainId, stoppedAt.toString(), (stoppedAt + 3n).toString()]
  )
  const busy = busiest.rows[0]!.address
  const busyPages = await allPages(busy, chainId, alternate)
  assert.ok(busyPages.length >= 2, `${busyPages.length} page(s) of ${busy}`)
  assert.deepEqual(busyPages, await allPages(busy, chainId, () => backend2))
  const busyIds = busyPages.flatMap(text => (JSON.parse(text) as { data: { id: string }[] }).data.map(tx => tx.id))
  assert.equal(new Set(busyIds).size, busyIds.length, 'a transaction shown twice')
  const activity = await observer.query<{ count: string }>(
    'SELECT count(DISTINCT hash) FROM account_activity WHERE chain_id = $1 AND address = $2',
    [chainId, busy]
  )
  assert.equal(busyIds.length, Number(activity.rows[0]!.count))

  // Balances: alternately, cached and forceUpdate, equal backend 2's and the chain's.
  for (const address of [receiver, busy]) {
    const path = `/v1/account/${address}/balance?currency=usd&chainId=${chainId}`
    const alone = await getFrom(backend2, `${path}&forceUpdate=true`)
    for (let i = 0; i < 4; i++)
      assert.equal(await getFrom(alternate(i), `${path}${i < 2 ? '' : '&forceUpdate=true'}`), alone)
  }
  const receiverBalance = JSON.parse(
    await getFrom(backend3, `/v1/account/${receiver}/balance?currency=usd&chainId=${chainId}`)
  ) as {
    balances: { symbol: string; quantity: { numeric: string } }[]
  }
  assert.deepEqual(
    receiverBalance.balances.map(b => [b.symbol, b.quantity.numeric]).sort(),
    [
      ['ETH', '0.3'],
      ['tUSDC', '3']
    ].sort()
  )
})

it('a backend whose lease ran out during a batch stops after that batch (the new owner goes on)', async t => {
  if (!postgres || !local || databases.length === 0) {
    t.skip('needs the PostgreSQL and chains of the test above')
    return
  }
  // Chain B: nobody indexes it yet. Two indexers over the same database, one round each.
  const db = databases[0]!
  const chain = local.chains[1]!
  const context = createChainContext(chain.chainId, chain.rpcUrl, chain.deployBlock)
  const slowReader = new ChainReader(context, db)
  const quiet = { pollMs: 60_000, log: () => undefined }
  const slow = new ChainIndexer(db, slowReader, { ...quiet, leaseMs: 300, batchBlocks: 2 })
  const other = new ChainIndexer(db, new ChainReader(context, db), { ...quiet, leaseMs: 60_000 })
  // The slow backend's block reads wait for `gate` while it is set.
  let gate: Promise<void> | undefined
  let open: () => void = () => undefined
  let blockReads = 0
  const getBlock = slowReader.client.getBlock.bind(slowReader.client)
  slowReader.client.getBlock = (async (...args: Parameters<typeof getBlock>) => {
    blockReads++
    if (gate) await gate
    return getBlock(...args)
  }) as typeof getBlock
  gate = new Promise(resolve => (open = resolve))
  t.after(async () => {
    gate = undefined
    open()
    await Promise.all([slow.stop(), other.stop()])
  })

  // One round each (the next would come a minute later): the slow backend's starts at once.
  slow.start()
  await until('the slow backend to read its first batch', async () => blockReads >= 2)
  const slowRound = (slow as unknown as { running?: Promise<void> }).running
  assert.ok(slowRound)
  // Its lease runs out while it waits; the other backend takes it and indexes the whole chain.
  await until('the lease to run out', async () => {
    const { rows } = await db.query<{ expired: boolean }>(
      'SELECT lease_until < now() AS expired FROM chain_index_state WHERE chain_id = $1',
      [context.caipNetworkId]
    )
    return rows[0]?.expired
  })
  other.start()
  await other.waitForHead(30_000)
  const readsBefore = blockReads
  gate = undefined
  open()
  await slowRound
  assert.equal(blockReads, readsBefore, 'the slow backend read more blocks after losing its lease')
  assert.equal(slow.indexedBlock, 1n)
  // Its late batch did not set the new owner's cursor back (to block 2).
  const { rows } = await db.query<{ next_block: string }>(
    'SELECT next_block FROM chain_index_state WHERE chain_id = $1',
    [context.caipNetworkId]
  )
  assert.equal(BigInt(rows[0]!.next_block), other.indexedBlock! + 1n, 'the cursor was set back by the lease loser')
})
