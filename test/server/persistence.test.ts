// What must survive a restart lives in the database: write through one app over a PGlite data
// directory, close everything, reopen the directory with a new app, and read it back. The same
// migrations and SQL on a real PostgreSQL: DATABASE_URL when set, else a throwaway server started
// here (./postgres.ts; skipped, with the reason, only when no PostgreSQL can be found or installed).
import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { rm } from 'node:fs/promises'
import { after, describe, it } from 'node:test'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { createChainContext } from '../../service/backend/context.js'
import { openDatabase, type Database } from '../../service/backend/db/database.js'
import { migrate, MIGRATIONS_DIR } from '../../service/backend/db/migrate.js'
import { readdir } from 'node:fs/promises'
import {
  analyticsEventSchema,
  createSessionResponseSchema,
  onrampOrderSchema,
  onrampUrlResponseSchema,
  sessionsResponseSchema
} from '../../src/api/schemas/index.js'
import { createTestApp, freshDataDir, LOCAL_ORIGIN, parsed, type TestApp } from './helpers.js'
import { PostgresUnavailable, startThrowawayPostgres, type TestPostgres } from './postgres.js'

const chains = () => [createChainContext(31337, 'http://127.0.0.1:9')]

interface Written {
  eventId: string
  account: string
  pci: string
  orderId: string
}

/** Writes an analytics event, a session and an onramp order through the app. */
async function writeThrough(app: TestApp): Promise<Written> {
  const tag = randomBytes(6).toString('hex')
  const eventId = `persist-${tag}`
  const event = parsed(analyticsEventSchema, {
    eventId,
    url: `${LOCAL_ORIGIN}/`,
    domain: 'localhost',
    timestamp: Date.now(),
    props: { type: 'track', event: 'MODAL_OPEN' }
  })
  const sent = await app.request('POST', '/e', { body: event, headers: { Origin: LOCAL_ORIGIN } })
  assert.equal(sent.status, 202, sent.text)

  const owner = privateKeyToAccount(generatePrivateKey())
  // A chain this backend does not read: the record is kept as sent (on a read chain it needs an on-chain grant).
  const account = `eip155:1:${owner.address}`
  const pci = `pci-${tag}`
  await app.ok(
    'POST',
    `/v1/sessions/${account}`,
    createSessionResponseSchema,
    {
      body: {
        pci,
        expiry: Math.floor(Date.now() / 1000) + 3600,
        permissions: [{ type: 'contract-call', data: { tag } }]
      }
    },
    201
  )

  const { url } = await app.post('/v1/generators/onrampurl', onrampUrlResponseSchema, {
    destinationWallets: [{ address: owner.address, blockchains: ['appkit-local-a'] }],
    partnerUserId: tag,
    defaultExperience: 'buy',
    presetFiatAmount: 42
  })
  return { eventId, account, pci, orderId: new URL(url).searchParams.get('order')! }
}

async function readBack(app: TestApp, written: Written): Promise<void> {
  const { rows } = await app.db.query<{ event: string; origin: string }>(
    'SELECT event, origin FROM analytics_events WHERE event_id = $1',
    [written.eventId]
  )
  assert.deepEqual(rows, [{ event: 'MODAL_OPEN', origin: LOCAL_ORIGIN }])
  const { pcis } = await app.get(`/v1/sessions/${written.account}`, sessionsResponseSchema)
  assert.deepEqual(
    pcis.map(session => session.pci),
    [written.pci]
  )
  assert.equal(pcis[0]!.permissions[0]!.type, 'contract-call')
  const order = await app.ok('GET', `/onramp/sandbox/orders/${written.orderId}`, onrampOrderSchema, { sdk: false })
  assert.equal(order.status, 'created')
  assert.equal(order.fiatAmount, '42.00')
  const page = await app.request('GET', `/onramp/sandbox?order=${written.orderId}`, { sdk: false })
  assert.equal(page.status, 200)
}

async function migrationFiles(): Promise<string[]> {
  return (await readdir(MIGRATIONS_DIR)).filter(name => name.endsWith('.sql')).sort()
}

async function appliedMigrations(db: Database): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name')
  return rows.map(row => row.name)
}

describe('persistence', () => {
  const dirs: string[] = []
  const servers: TestPostgres[] = []
  after(async () => {
    for (const server of servers) await server.stop()
    for (const dir of dirs) await rm(dir, { recursive: true, force: true })
  })

  it('PGlite: events, sessions and onramp orders survive closing and reopening the data directory', async () => {
    const dataDir = await freshDataDir()
    dirs.push(dataDir)

    const db1 = await openDatabase({ url: null, dataDir })
    assert.equal(db1.kind, 'pglite')
    const app1 = await createTestApp(db1, { chains: chains() })
    const written = await writeThrough(app1)
    await readBack(app1, written)
    await app1.close()
    await db1.close()

    const db2 = await openDatabase({ url: null, dataDir })
    const result = await migrate(db2)
    assert.deepEqual(result.applied, [], 'nothing is migrated twice')
    assert.deepEqual(result.skipped, await migrationFiles())
    assert.deepEqual(await appliedMigrations(db2), await migrationFiles())
    const app2 = await createTestApp(db2, { chains: chains() })
    await readBack(app2, written)
    await app2.close()
    await db2.close()
  })

  it('PostgreSQL: the same migrations (once each, also when two backends start together) and the same writes', async t => {
    let server: TestPostgres
    try {
      server = await startThrowawayPostgres()
    } catch (error) {
      if (!(error instanceof PostgresUnavailable)) throw error
      console.log(`# persistence: PostgreSQL test skipped: ${error.message}`)
      t.skip(error.message)
      return
    }
    servers.push(server)
    const url = server.url

    const first = await openDatabase({ url })
    const second = await openDatabase({ url })
    assert.equal(first.kind, 'postgres')
    let written: Written
    try {
      const { rows: version } = await first.query<{ server_version: string }>('SHOW server_version')
      console.log(`# persistence: PostgreSQL ${version[0]!.server_version}: ${server.description}`)
      // Two backends starting at once over one database: each file is applied by one of them.
      const [a, b] = await Promise.all([migrate(first), migrate(second)])
      const files = await migrationFiles()
      for (const file of files) {
        const appliedBy = Number(a.applied.includes(file)) + Number(b.applied.includes(file))
        const already = a.skipped.includes(file) && b.skipped.includes(file)
        assert.ok(appliedBy === 1 || already, `${file}: applied ${appliedBy} times`)
      }
      assert.deepEqual(
        (await appliedMigrations(first)).filter(name => files.includes(name)),
        files
      )
      const app1 = await createTestApp(first, { chains: chains() })
      written = await writeThrough(app1)
      await app1.close()
      // Another stateless backend over the same database reads what the first wrote.
      const app2 = await createTestApp(second, { chains: chains() })
      await readBack(app2, written)
      await app2.close()
    } finally {
      await first.close()
      await second.close()
    }

    // A server of our own: restart it, and a new backend still reads everything, migrating nothing.
    if (!server.restart) return
    await server.restart()
    const third = await openDatabase({ url })
    try {
      const again = await migrate(third)
      assert.deepEqual(again.applied, [], 'nothing is migrated twice')
      const app3 = await createTestApp(third, { chains: chains() })
      await readBack(app3, written)
      await app3.close()
    } finally {
      await third.close()
    }
  })
})
