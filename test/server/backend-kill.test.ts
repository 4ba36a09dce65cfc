// Issue 33, section 2: the backend killed with SIGKILL, as its own process (the CLI,
// service/backend/main.ts), in the middle of indexing and of an e-mail login, then started again on
// the same PostgreSQL (a throwaway server, ./postgres.ts: the one database the test can read while
// the backend runs). One local chain (400 blocks, 40 transfers to one address) read through a
// recording proxy; one maildev; one backend process at a time, on the same ports after the restart.
//
// The kill lands in the indexer's most dangerous moment, made to last: the test locks
// chain_index_state once the cursor has moved, so that the indexer stops at the write of its cursor
// after a batch's rows are written. After the restart: the indexer goes on from the stored cursor
// (the lowest block it reads is the one below it, whose hash it checks), the history holds every
// transfer of the chain exactly once; the login code mailed before the kill still finishes the
// login (codes live in the database; the 30 s wait between two codes survives too); the frame's
// session made before the kill still signs as the same address, in the same frame and in a
// reloaded one (sessions and keys are in the database, not in the process's memory).
import assert from 'node:assert/strict'
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { createServer, request as httpRequest, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { after, before, describe, it } from 'node:test'
import { setTimeout as sleep } from 'node:timers/promises'
import pg from 'pg'
import { createPublicClient, createWalletClient, http, parseEther, verifyMessage, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { localViemChain, TEST_ACCOUNTS } from '../../local/chain/deployment.js'
import { startEvmNode, type EvmNode } from '../../local/chain/evm-node.js'
import { memoryStorage } from '../../service/frame/session.js'
import { historyResponseSchema, type Transaction } from '../../src/api/schemas/index.js'
import { SDK_QUERY } from './blockchain-stack.js'
import { expectError, expectOk, FrameClient, newDeviceId, PROJECT_ID, uniqueEmail } from './embedded-stack.js'
import { frameHandlers, loggedInFrame, type TestFrame } from './frame-login.js'
import { startMailInbox, type MailInbox } from './mail-inbox.js'
import { freePort } from './ports.js'
import { PostgresUnavailable, startThrowawayPostgres, type TestPostgres } from './postgres.js'

const CHAIN_ID = 31337
const CAIP = `eip155:${CHAIN_ID}`
const TRANSFERS = 20
/** An empty block after each transfer: 40 blocks, 8 of the indexer's 5-block batches. */
const GAP_BLOCKS = 1
/** How the backend's process is told apart in pg_stat_activity. */
const APPLICATION = 'appkit-backend-kill-test'
const ROOT = new URL('../..', import.meta.url)

/** A JSON-RPC proxy in front of the chain: delays answers by `delayMs`, records the blocks asked for. */
interface RpcProxy {
  url: string
  delayMs: number
  /** Every block number eth_getBlockByNumber was asked for (hex numbers only), in order. */
  blocksRead: bigint[]
  close(): Promise<void>
}

async function startRpcProxy(target: string): Promise<RpcProxy> {
  const targetUrl = new URL(target)
  const proxy: Omit<RpcProxy, 'url' | 'close'> = { delayMs: 0, blocksRead: [] }
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const body = Buffer.concat(chunks)
      try {
        const parsed = JSON.parse(body.toString()) as unknown
        for (const call of (Array.isArray(parsed) ? parsed : [parsed]) as { method?: string; params?: unknown[] }[])
          if (call.method === 'eth_getBlockByNumber' && /^0x[0-9a-f]+$/i.test(String(call.params?.[0])))
            proxy.blocksRead.push(BigInt(String(call.params![0])))
      } catch {
        // not JSON: passed on as it is
      }
      const forward = httpRequest(
        targetUrl,
        { method: req.method, headers: { 'content-type': 'application/json', 'content-length': body.length } },
        answer => {
          const parts: Buffer[] = []
          answer.on('data', (part: Buffer) => parts.push(part))
          answer.on('end', () => {
            setTimeout(() => {
              res.writeHead(answer.statusCode ?? 502, { 'content-type': 'application/json' })
              res.end(Buffer.concat(parts))
            }, proxy.delayMs)
          })
        }
      )
      forward.on('error', () => res.destroy())
      forward.end(body)
    })
  })
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  return Object.assign(proxy, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>(resolve => {
        server.close(() => resolve())
        server.closeAllConnections()
      })
  })
}

/** The backend's CLI as a child process; resolves once both its servers listen. */
interface BackendProcess {
  child: ChildProcess
  output: () => string
}

let postgres: TestPostgres | undefined
let admin: pg.Client | undefined
let db: pg.Client | undefined
let databaseUrl = ''
let databaseName = ''
let node: EvmNode | undefined
let inbox: MailInbox | undefined
let proxy: RpcProxy | undefined
let backend: BackendProcess | undefined
let ports = { api: 0, frame: 0 }
let skipped: string | undefined
const masterKey = randomBytes(32).toString('base64')
const recipient = privateKeyToAccount(generatePrivateKey()).address
const sent: Hex[] = []
let head = 0n

async function startBackend(): Promise<BackendProcess> {
  const env: NodeJS.ProcessEnv = {}
  for (const [name, value] of Object.entries(process.env)) if (!name.startsWith('APPKIT_')) env[name] = value
  Object.assign(env, {
    DATABASE_URL: databaseUrl,
    APPKIT_MASTER_KEY: masterKey,
    APPKIT_SMTP_URL: inbox!.smtpUrl,
    APPKIT_FRAME_PORT: String(ports.frame),
    // Batches of 5 blocks (several to die in); a lease of 2 s (the restart waits for the dead one's).
    APPKIT_INDEXER_BATCH_BLOCKS: '5',
    APPKIT_INDEXER_LEASE_MS: '2000',
    APPKIT_INDEXER_POLL_MS: '100'
  })
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'service/backend/main.ts', '--port', String(ports.api), '--rpc', `${CHAIN_ID}=${proxy!.url}`],
    { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] }
  )
  let output = ''
  child.stdout.on('data', chunk => (output += String(chunk)))
  child.stderr.on('data', chunk => (output += String(chunk)))
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the backend did not start: ${output}`)), 120_000)
    const onData = () => {
      if (!/Backend listening/.test(output) || !/Frame listening/.test(output)) return
      clearTimeout(timer)
      child.stdout.off('data', onData)
      child.off('exit', onExit)
      resolve()
    }
    const onExit = (code: number | null) => {
      clearTimeout(timer)
      reject(new Error(`the backend exited (${code}): ${output}`))
    }
    child.stdout.on('data', onData)
    child.once('exit', onExit)
  })
  return { child, output: () => output }
}

async function kill({ child }: BackendProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise(resolve => child.once('exit', resolve))
  child.kill('SIGKILL')
  await exited
}

async function cursor(): Promise<bigint | undefined> {
  const { rows } = await db!.query<{ next_block: string }>(
    'SELECT next_block FROM chain_index_state WHERE chain_id = $1',
    [CAIP]
  )
  return rows[0] ? BigInt(rows[0].next_block) : undefined
}

async function until<T>(what: string, read: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await read()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms\n${backend?.output() ?? ''}`)
    await sleep(20)
  }
}

/**
 * Holds chain_index_state locked until the indexer waits on the write of its cursor (not on its
 * lease, the other statement that writes the table), the batch's rows written before it; answers
 * the cursor then. The transaction stays open (the caller kills the backend, then rolls it back).
 */
async function freezeIndexerAtItsCursor(): Promise<bigint> {
  await until('the indexer moves its cursor', async () => ((await cursor()) ?? 0n) > 0n || undefined, 60_000)
  for (let attempt = 1; ; attempt++) {
    const at = (await cursor())!
    if (at > head || attempt > 20)
      throw new Error(`the indexer was not caught at its cursor (at ${at} of ${head + 1n})`)
    await db!.query('BEGIN')
    await db!.query('LOCK TABLE chain_index_state IN EXCLUSIVE MODE')
    // The indexer waits either at its cursor or at the renewal of its lease that follows it.
    const atCursor = await until(
      'the indexer waits on chain_index_state',
      async () => {
        // Asked on another connection: a transaction sees pg_stat_activity as it first read it.
        const { rows } = await admin!.query<{ query: string }>(
          `SELECT query FROM pg_stat_activity WHERE application_name = $1 AND wait_event_type = 'Lock'`,
          [APPLICATION]
        )
        if (rows.length === 0) return undefined
        return rows.some(row => /^\s*UPDATE chain_index_state SET next_block/.test(row.query))
      },
      30_000
    )
    if (atCursor) return (await cursor())!
    await db!.query('ROLLBACK') // caught at its lease: let it go on to the next batch
    await sleep(50)
  }
}

/** Every page of `address`'s history from the running backend. */
async function allHistory(address: string): Promise<Transaction[]> {
  const all: Transaction[] = []
  let cursorParam: string | undefined
  for (;;) {
    const query = new URLSearchParams({ ...SDK_QUERY, ...(cursorParam ? { cursor: cursorParam } : {}) })
    const answer = await fetch(`http://127.0.0.1:${ports.api}/v1/account/${address}/history?${query}`)
    assert.equal(answer.status, 200, await answer.clone().text())
    const page = historyResponseSchema.parse(await answer.json())
    all.push(...page.data)
    if (!page.next) return all
    cursorParam = page.next
  }
}

before(async () => {
  try {
    postgres = await startThrowawayPostgres()
  } catch (error) {
    if (!(error instanceof PostgresUnavailable)) throw error
    skipped = error.message
    return
  }
  ;[node, inbox] = await Promise.all([startEvmNode({ chainId: CHAIN_ID, port: 0 }), startMailInbox()])
  // A database of its own, also on a shared DATABASE_URL server.
  admin = new pg.Client({ connectionString: postgres.url })
  await admin.connect()
  databaseName = `appkit_kill_${randomBytes(4).toString('hex')}`
  await admin.query(`CREATE DATABASE ${databaseName}`)
  const url = new URL(postgres.url)
  url.pathname = `/${databaseName}`
  db = new pg.Client({ connectionString: url.toString() })
  await db.connect()
  url.searchParams.set('application_name', APPLICATION)
  databaseUrl = url.toString()
  proxy = await startRpcProxy(node.rpcUrl)
  ports = { api: await freePort(), frame: await freePort() }

  const chain = localViemChain(CHAIN_ID, node.rpcUrl)
  const client = createPublicClient({ chain, transport: http(node.rpcUrl) })
  const funder = createWalletClient({
    account: privateKeyToAccount(TEST_ACCOUNTS[0]!.privateKey),
    chain,
    transport: http(node.rpcUrl)
  })
  for (let i = 0; i < TRANSFERS; i++) {
    sent.push(await funder.sendTransaction({ to: recipient, value: parseEther('0.001') * BigInt(i + 1) }))
    // evm_mine, one block each (hardhat_mine's blocks answer a parentHash of zeros, which the
    // indexer rightly takes for a chain that moved under it).
    const mined = await fetch(node.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(Array.from({ length: GAP_BLOCKS }, (_, id) => ({ jsonrpc: '2.0', id, method: 'evm_mine' })))
    })
    assert.equal(mined.status, 200)
  }
  head = await client.getBlockNumber()
})

after(async () => {
  if (backend) await kill(backend)
  await db?.end().catch(() => undefined)
  if (admin && databaseName)
    await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`).catch(() => undefined)
  await admin?.end().catch(() => undefined)
  await Promise.all([proxy?.close(), node?.stop(), inbox?.stop()])
  await postgres?.stop()
})

describe('the backend killed with SIGKILL and started again on the same database', { timeout: 240_000 }, () => {
  let frozenAt = 0n
  let frame: TestFrame | undefined
  const frameStorage = memoryStorage()
  let signedBefore: Hex | undefined
  const pending = { email: uniqueEmail('kill-login'), deviceId: newDeviceId(), code: '', sentAt: 0 }

  it('is killed mid-way through indexing (rows written, cursor not) and mid-way through an e-mail login', async t => {
    if (skipped) return t.skip(skipped)
    proxy!.delayMs = 100 // each of the indexer's batches takes a few round trips: the test keeps up
    backend = await startBackend()
    frozenAt = await freezeIndexerAtItsCursor()
    const { rows } = await db!.query<{ count: string }>(
      'SELECT count(*) FROM chain_transactions WHERE chain_id = $1 AND block_number >= $2',
      [CAIP, frozenAt.toString()]
    )
    t.diagnostic(`indexer stopped at its cursor ${frozenAt} of ${head + 1n}, ${rows[0]!.count} rows written past it`)
    assert.ok(frozenAt > 0n && frozenAt <= head, `cursor ${frozenAt} is mid-way (head ${head})`)

    // A frame session with its keys, and a login whose code is mailed but not yet entered.
    frame = await loggedInFrame(
      { inbox: inbox!, server: { frameUrl: `http://127.0.0.1:${ports.frame}` } },
      CHAIN_ID,
      'kill-frame',
      undefined,
      frameStorage
    )
    signedBefore = (await frame.rpc('personal_sign', ['0x6b696c6c', frame.owner])) as Hex
    const client = new FrameClient(`http://127.0.0.1:${ports.frame}`)
    const started = expectOk(
      await client.post('/frame-api/email/start', {
        projectId: PROJECT_ID,
        email: pending.email,
        deviceId: pending.deviceId
      })
    )
    assert.equal(started.action, 'VERIFY_OTP')
    pending.sentAt = Date.now()
    pending.code = await inbox!.waitForCode(pending.email)

    await kill(backend)
    // The dead process's connections: ended, as a crash ends them (its cursor write never runs).
    await db!.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1', [APPLICATION])
    await db!.query('ROLLBACK')
    assert.equal(await cursor(), frozenAt, 'the cursor is where the kill left it')
  })

  it('indexes on from its cursor after the restart: every transfer of the chain exactly once', async t => {
    if (skipped) return t.skip(skipped)
    proxy!.delayMs = 0
    proxy!.blocksRead.length = 0
    backend = await startBackend()
    // Its lease from before the kill (15 s) runs out first.
    await until('the indexer reaches the head', async () => ((await cursor())! > head ? true : undefined), 60_000)
    const lowest = proxy!.blocksRead.reduce((low, block) => (block < low ? block : low), head + 1n)
    t.diagnostic(`after the restart the lowest block read is ${lowest} (cursor ${frozenAt})`)
    assert.equal(lowest, frozenAt - 1n, 'resumed from the cursor (the block below it is read to check its hash)')

    const history = await allHistory(recipient)
    assert.deepEqual(history.map(entry => entry.id).sort(), [...sent].sort())
    for (const entry of history) assert.equal(entry.transfers.length, 1, JSON.stringify(entry))
    const { rows } = await db!.query<{ count: string }>(
      `SELECT count(*) FROM chain_events WHERE chain_id = $1 AND kind = 'native' AND to_address = $2`,
      [CAIP, recipient.toLowerCase()]
    )
    assert.equal(Number(rows[0]!.count), TRANSFERS)
  })

  it('finishes the e-mail login started before the kill with the code mailed then', async t => {
    if (skipped) return t.skip(skipped)
    const client = new FrameClient(`http://127.0.0.1:${ports.frame}`)
    // The 30 s between two codes counts from the code sent before the kill, not from the restart.
    // (Asked only well inside the 30 s: a code sent after them would replace the one mailed before.)
    const asked = Date.now()
    if (asked - pending.sentAt < 25_000) {
      const again = await client.post('/frame-api/email/start', {
        projectId: PROJECT_ID,
        email: pending.email,
        deviceId: pending.deviceId
      })
      const message = expectError(again, 429)
      const wait = Number(/after (\d+) seconds/.exec(message)?.[1])
      assert.ok(wait >= 1 && wait <= Math.ceil((pending.sentAt + 30_000 - asked) / 1000), message)
    }
    const login = expectOk(
      await client.post<{ sessionToken: string; email: string }>('/frame-api/email/otp', {
        email: pending.email,
        deviceId: pending.deviceId,
        code: pending.code
      })
    )
    assert.equal(login.email, pending.email)
    const { rows } = await db!.query('SELECT id FROM wallet_accounts WHERE email = $1', [pending.email])
    assert.equal(rows.length, 1)
  })

  it('keeps the frame session made before the kill: same address, signs, also in a reloaded frame', async t => {
    if (skipped) return t.skip(skipped)
    const message = '0x6b696c6c'
    const signed = (await frame!.rpc('personal_sign', [message, frame!.owner])) as Hex
    assert.ok(await verifyMessage({ address: frame!.owner, message: { raw: message }, signature: signed }))
    assert.equal(signed, signedBefore)

    const reloaded = frameHandlers(`http://127.0.0.1:${ports.frame}`, CHAIN_ID, frameStorage)
    const user = await reloaded.call('getUser', { chainId: CHAIN_ID, preferredAccountType: 'eoa' })
    assert.equal(user.address.toLowerCase(), frame!.owner.toLowerCase())
    const again = (await reloaded.rpc('personal_sign', [message, frame!.owner])) as Hex
    assert.ok(await verifyMessage({ address: frame!.owner, message: { raw: message }, signature: again }))
  })
})
