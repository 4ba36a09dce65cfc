// The backend's skeleton: startServer over HTTP on 127.0.0.1 (and a clear error for a taken port),
// the CLI, the configuration from options and environment, migrations (file-name order, once each,
// a failing file rolled back and named), and the 400/500 rules of service/backend/http.ts.
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, it } from 'node:test'
import { Hono } from 'hono'
import * as z from 'zod/mini'
import { createApp, errorHandler } from '../../service/backend/app.js'
import {
  DEFAULT_ALLOWED_ORIGINS,
  DEFAULT_PORT,
  DEFAULT_SWAP_NETWORKS,
  loadConfig,
  SPEC_SWAP_NETWORKS,
  testConfig
} from '../../service/backend/config.js'
import { createServerContext } from '../../service/backend/context.js'
import { migrate } from '../../service/backend/db/migrate.js'
import { parseOr400, respond } from '../../service/backend/http.js'
import { startServer } from '../../service/backend/main.js'
import { getWalletsQuerySchema, supportedChainsResponseSchema } from '../../src/api/schemas/index.js'
import { freshDataDir, openTestDatabase, parsed, SDK_QUERY, type TestDatabase } from './helpers.js'

let database: TestDatabase

before(async () => {
  database = await openTestDatabase()
})

after(async () => {
  await database?.dispose()
})

describe('startServer', () => {
  it('serves the app on 127.0.0.1 and stops', async () => {
    const server = await startServer({ port: 0, ignoreEnv: true, db: database.db })
    assert.match(server.url, /^http:\/\/127\.0\.0\.1:\d+$/)
    const response = await fetch(`${server.url}/v1/supported-chains?${new URLSearchParams(SDK_QUERY)}`)
    assert.equal(response.status, 200)
    assert.deepEqual(parsed(supportedChainsResponseSchema, await response.json()), { http: [], ws: [] })
    const missing = await fetch(`${server.url}/nothing-here`)
    assert.equal(missing.status, 404)
    assert.deepEqual(await missing.json(), { message: 'Not found: GET /nothing-here', code: 'not_found' })
    await server.stop()
    await assert.rejects(fetch(`${server.url}/health`))
    // The database given to startServer stays open for its owner.
    assert.deepEqual((await database.db.query('SELECT 1 AS one')).rows, [{ one: 1 }])
  })

  it('fails with a clear message when the port is taken', async () => {
    const blocker = createServer()
    await new Promise<void>(resolve => blocker.listen(0, '127.0.0.1', resolve))
    const port = (blocker.address() as { port: number }).port
    try {
      await assert.rejects(startServer({ port, ignoreEnv: true, db: database.db }), {
        message: `Backend port ${port} on 127.0.0.1 is already in use (set APPKIT_SERVER_PORT or --port)`
      })
    } finally {
      blocker.close()
    }
  })

  it('runs as a CLI: prints its URL and database, and stops on SIGTERM', async () => {
    const dataDir = await freshDataDir()
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'service/backend/main.ts',
        '--port',
        '0',
        '--data-dir',
        dataDir,
        '--rpc',
        '31337=http://127.0.0.1:9'
      ],
      {
        cwd: new URL('../..', import.meta.url),
        env: { ...process.env, DATABASE_URL: '' },
        stdio: ['ignore', 'pipe', 'pipe']
      }
    )
    try {
      let output = ''
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no URL printed: ${output}`)), 120_000)
        child.stdout.on('data', chunk => {
          output += String(chunk)
          const match = /Backend listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)
          if (match) {
            clearTimeout(timer)
            resolve(match[1]!)
          }
        })
        child.stderr.on('data', chunk => (output += String(chunk)))
        child.once('exit', code => reject(new Error(`exited ${code}: ${output}`)))
      })
      assert.match(output, new RegExp(`database: PGlite ${dataDir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`))
      const answer = await fetch(`${url}/v1/supported-chains?${new URLSearchParams(SDK_QUERY)}`)
      assert.deepEqual(await answer.json(), { http: ['eip155:31337'], ws: [] })
      const exited = new Promise(resolve => child.once('exit', resolve))
      child.kill('SIGTERM')
      assert.equal(await exited, 0)
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL')
      await rm(dataDir, { recursive: true, force: true })
    }
  })
})

describe('configuration', () => {
  it('defaults: port 8787, the appkit-local project, 12 + 2 swap networks, the name suffixes', () => {
    const config = loadConfig({}, {})
    assert.equal(config.port, DEFAULT_PORT)
    assert.equal(config.port, 8787)
    assert.equal(config.host, '127.0.0.1')
    assert.deepEqual(config.projects, [
      {
        id: 'appkit-local',
        name: 'AppKit local project',
        allowedOrigins: DEFAULT_ALLOWED_ORIGINS,
        isAnalyticsEnabled: true
      }
    ])
    assert.deepEqual(DEFAULT_ALLOWED_ORIGINS, [
      'http://localhost:*',
      'http://127.0.0.1:*',
      '*.pages.dev',
      '*.vercel.app'
    ])
    assert.equal(SPEC_SWAP_NETWORKS.length, 12)
    assert.deepEqual(config.swapNetworks, DEFAULT_SWAP_NETWORKS)
    assert.deepEqual(config.swapNetworks.slice(-2), ['eip155:31337', 'eip155:31338'])
    for (const id of [1, 42161, 10, 324, 8453, 56, 137, 100, 43114, 250, 8217, 1313161554]) {
      assert.ok(config.swapNetworks.includes(`eip155:${id}`), String(id))
    }
    assert.deepEqual(config.nameSuffixes, { current: '.appkit.id', legacy: '.wcn.id' })
    assert.equal(config.dataDir, '.data/pglite')
    assert.equal(config.databaseUrl, undefined)
    assert.ok(config.catalog.size >= 500)
  })

  it('reads the environment, options winning', () => {
    const env = {
      APPKIT_SERVER_PORT: '9999',
      DATABASE_URL: 'postgres://db.example/appkit',
      APPKIT_DATA_DIR: ':memory:',
      APPKIT_PUBLIC_URL: 'https://api.example',
      APPKIT_ALLOWED_ORIGINS: 'https://demo.example, https://*.staging.example'
    }
    const config = loadConfig({}, env)
    assert.equal(config.port, 9999)
    assert.equal(config.databaseUrl, 'postgres://db.example/appkit')
    assert.equal(config.dataDir, undefined)
    assert.equal(config.publicUrl, 'https://api.example')
    assert.deepEqual(config.projects[0]!.allowedOrigins.slice(-2), [
      'https://demo.example',
      'https://*.staging.example'
    ])
    assert.equal(loadConfig({ port: 1234 }, env).port, 1234)
    const projects = loadConfig(
      {},
      { APPKIT_PROJECTS: JSON.stringify([{ id: 'shop', allowedOrigins: ['https://shop.example'] }]) }
    ).projects
    assert.deepEqual(projects, [
      { id: 'shop', name: 'AppKit local project', allowedOrigins: ['https://shop.example'], isAnalyticsEnabled: true }
    ])
  })

  it('names the bad setting', () => {
    assert.throws(
      () => loadConfig({}, { APPKIT_SERVER_PORT: 'eighty' }),
      /^Error: Invalid server configuration: port: /
    )
    assert.throws(() => loadConfig({}, { APPKIT_SERVER_PORT: '70000' }), /Invalid server configuration: port: /)
    assert.throws(() => loadConfig({}, { APPKIT_PROJECTS: '[{' }), /APPKIT_PROJECTS is not JSON/)
    assert.throws(
      () => loadConfig({}, { APPKIT_PROJECTS: '[{"id":"x"}]' }),
      /Invalid server configuration: projects\.0\.allowedOrigins: /
    )
    assert.throws(() => loadConfig({}, { APPKIT_PUBLIC_URL: 'not a url' }), /Invalid server configuration: publicUrl: /)
  })
})

describe('migrate', () => {
  it('runs the files in name order, once each, and names a failing file (rolled back)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'appkit-migrations-'))
    try {
      await writeFile(join(dir, '101_b.sql'), "INSERT INTO mig_test (step) VALUES ('b');")
      await writeFile(
        join(dir, '100_a.sql'),
        "CREATE TABLE mig_test (step TEXT NOT NULL); INSERT INTO mig_test (step) VALUES ('a');"
      )
      await writeFile(join(dir, 'notes.txt'), 'not a migration')
      assert.deepEqual(await migrate(database.db, dir), { applied: ['100_a.sql', '101_b.sql'], skipped: [] })
      assert.deepEqual(await migrate(database.db, dir), { applied: [], skipped: ['100_a.sql', '101_b.sql'] })
      const steps = await database.db.query<{ step: string }>('SELECT step FROM mig_test ORDER BY step')
      assert.deepEqual(
        steps.rows.map(row => row.step),
        ['a', 'b']
      )
      await writeFile(
        join(dir, '102_bad.sql'),
        "INSERT INTO mig_test (step) VALUES ('c'); SELECT * FROM no_such_table;"
      )
      await assert.rejects(migrate(database.db, dir), /^Error: Migration 102_bad\.sql failed: .*no_such_table/)
      const after = await database.db.query<{ step: string }>('SELECT step FROM mig_test ORDER BY step')
      assert.equal(after.rows.length, 2, 'the failing file left nothing behind')
      const recorded = await database.db.query("SELECT 1 FROM schema_migrations WHERE name = '102_bad.sql'")
      assert.equal(recorded.rows.length, 0)
    } finally {
      await database.db.exec('DROP TABLE IF EXISTS mig_test').catch(() => undefined)
      await database.db.query("DELETE FROM schema_migrations WHERE name IN ('100_a.sql', '101_b.sql')")
      await rm(dir, { recursive: true, force: true })
    }
  })
})

describe('request and response checks', () => {
  it('names the field and the value in a 400', () => {
    const message = (value: unknown) => {
      try {
        parseOr400(getWalletsQuerySchema, value, 'query parameter')
        return 'no error'
      } catch (error) {
        assert.equal((error as { status: number }).status, 400)
        return (error as Error).message
      }
    }
    assert.equal(message({ entries: '4' }), "Missing query parameter 'page'")
    assert.equal(
      message({ page: '1.5', entries: '4' }),
      "Invalid query parameter 'page': expected a whole number, got '1.5'"
    )
    assert.equal(message({ page: '1', entries: '4' }), 'no error')
  })

  it('answers 500, never a half-valid body, when a response fails its schema', async () => {
    const context = createServerContext({ db: database.db, config: testConfig(), chains: [] })
    const app = createApp(context)
    const broken = new Hono()
    broken.get('/broken', c => respond(c, z.object({ count: z.number() }), { count: 'many' } as never))
    const outer = new Hono().route('/', broken).route('/', app)
    outer.onError(errorHandler)
    const original = console.error
    console.error = () => undefined
    try {
      const response = await outer.request('/broken')
      assert.equal(response.status, 500)
      const body = (await response.json()) as { message: string }
      assert.match(
        body.message,
        /^Internal error: the response failed its schema \(Invalid body field 'count': expected a number/
      )
    } finally {
      console.error = original
    }
  })
})
