// Shared by the core backend tests: a fresh PGlite per test without paying for initdb each time
// (a template data directory is made once per machine and copied), the backend as a Hono app in
// process (app.request, no socket) with the sdk query every kit call carries, and checks of every
// answer against the shared schemas of src/api/schemas.
import assert from 'node:assert/strict'
import { after, before } from 'node:test'
import { cp, mkdir, mkdtemp, readFile, rename, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import type { Hono } from 'hono'
import * as z from 'zod/mini'
import { createApp } from '../../service/backend/app.js'
import { testConfig, type ServerConfigInput } from '../../service/backend/config.js'
import { createServerContext, type ChainContext, type ServerContext } from '../../service/backend/context.js'
import { openDatabase, type Database } from '../../service/backend/db/database.js'
import { migrate } from '../../service/backend/db/migrate.js'
import { apiErrorBodySchema } from '../../src/api/schemas/index.js'

export const SDK_QUERY = { projectId: 'appkit-local', st: 'appkit', sv: 'html-elements-0.1.0' } as const
export const LOCAL_ORIGIN = 'http://localhost:5173'

/** An initdb'd, never-opened-again PGlite directory, made once per PGlite version and machine. */
async function templateDir(): Promise<string> {
  const pkg = JSON.parse(
    await readFile(new URL('../../node_modules/@electric-sql/pglite/package.json', import.meta.url), 'utf8')
  ) as {
    version: string
  }
  const dir = join(tmpdir(), `appkit-pglite-template-${pkg.version}`)
  if (await exists(join(dir, 'PG_VERSION'))) return dir
  const building = `${dir}.building-${process.pid}-${Date.now()}`
  await mkdir(building, { recursive: true })
  const db = await PGlite.create(building)
  await db.close()
  try {
    await rename(building, dir)
  } catch {
    // Another test process won the race: its template is as good.
    await rm(building, { recursive: true, force: true })
  }
  return dir
}

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false
  )

/** A new PGlite data directory in a temp folder (a copy of the template). */
export async function freshDataDir(): Promise<string> {
  const template = await templateDir()
  const dir = await mkdtemp(join(tmpdir(), 'appkit-server-test-'))
  await cp(template, dir, { recursive: true })
  return dir
}

export interface TestDatabase {
  db: Database
  dataDir: string
  /** Closes the database and removes its directory. */
  dispose(): Promise<void>
}

export async function openTestDatabase(dataDir?: string): Promise<TestDatabase> {
  const dir = dataDir ?? (await freshDataDir())
  const db = await openDatabase({ url: null, dataDir: dir })
  return {
    db,
    dataDir: dir,
    dispose: async () => {
      await db.close()
      if (!dataDir) await rm(dir, { recursive: true, force: true })
    }
  }
}

export interface Answer {
  status: number
  headers: Headers
  text: string
  body: unknown
}

export interface RequestOptions {
  query?: Record<string, string | undefined>
  /** Send the sdk query (projectId, st, sv); default true. */
  sdk?: boolean
  body?: unknown
  /** A raw body instead of JSON. */
  raw?: string
  headers?: Record<string, string>
}

export class TestApp {
  constructor(
    readonly app: Hono,
    readonly context: ServerContext & { close(): Promise<void> }
  ) {}

  get db(): Database {
    return this.context.db
  }

  async request(method: string, path: string, options: RequestOptions = {}): Promise<Answer> {
    const url = new URL(path, 'http://127.0.0.1:8787')
    for (const [key, value] of Object.entries({ ...(options.sdk === false ? {} : SDK_QUERY), ...options.query })) {
      if (value !== undefined) url.searchParams.set(key, value)
    }
    const hasBody = options.body !== undefined || options.raw !== undefined
    const response = await this.app.request(url.toString(), {
      method,
      headers: { ...(hasBody ? { 'Content-Type': 'application/json' } : {}), ...options.headers },
      body: hasBody ? (options.raw ?? JSON.stringify(options.body)) : undefined
    })
    const text = await response.text()
    let body: unknown = text
    try {
      body = JSON.parse(text)
    } catch {
      // not JSON
    }
    return { status: response.status, headers: response.headers, text, body }
  }

  /** A call that must answer `status` (200 by default) with a body passing `schema`. */
  async ok<S extends z.ZodMiniType>(
    method: string,
    path: string,
    schema: S,
    options: RequestOptions = {},
    status = 200
  ): Promise<z.output<S>> {
    const answer = await this.request(method, path, options)
    assert.equal(
      answer.status,
      status,
      `${method} ${path}: expected ${status}, got ${answer.status} ${answer.text.slice(0, 500)}`
    )
    return parsed(schema, answer.body)
  }

  get<S extends z.ZodMiniType>(path: string, schema: S, query: Record<string, string | undefined> = {}) {
    return this.ok('GET', path, schema, { query })
  }

  post<S extends z.ZodMiniType>(path: string, schema: S, body: unknown, options: RequestOptions = {}) {
    return this.ok('POST', path, schema, { ...options, body })
  }

  /** A call that must fail with `status`; answers its message (the body passes the error schema). */
  async error(method: string, path: string, status: number, options: RequestOptions = {}): Promise<string> {
    const answer = await this.request(method, path, options)
    assert.equal(
      answer.status,
      status,
      `${method} ${path}: expected ${status}, got ${answer.status} ${answer.text.slice(0, 500)}`
    )
    assert.match(answer.headers.get('content-type') ?? '', /application\/json/)
    return parsed(apiErrorBodySchema, answer.body).message
  }

  async close(): Promise<void> {
    await this.context.close()
  }
}

export function parsed<S extends z.ZodMiniType>(schema: S, value: unknown): z.output<S> {
  const result = z.safeParse(schema, value)
  assert.ok(
    result.success,
    result.success ? '' : `${z.prettifyError(result.error)}\n${JSON.stringify(value).slice(0, 2000)}`
  )
  return result.data
}

/** The app over `db` (migrated here), with the test configuration and `chains`. */
export async function createTestApp(
  db: Database,
  options: { config?: Partial<ServerConfigInput>; chains?: ChainContext[] } = {}
): Promise<TestApp> {
  await migrate(db)
  const context = createServerContext({ db, config: testConfig(options.config), chains: options.chains ?? [] })
  return new TestApp(createApp(context), context)
}

/** A file's database and app: opened before its tests, closed after them. */
export interface OpenTestApp {
  readonly database: TestDatabase
  readonly app: TestApp
}

/** Registers the before/after hooks that open a fresh database and app for the calling file. */
export function useTestApp(): OpenTestApp {
  let database: TestDatabase | undefined
  let app: TestApp | undefined
  before(async () => {
    database = await openTestDatabase()
    app = await createTestApp(database.db)
  })
  after(async () => {
    await app?.close()
    await database?.dispose()
  })
  const opened = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('useTestApp: the database and app open in before(); use them in a test')
    return value
  }
  return {
    get database() {
      return opened(database)
    },
    get app() {
      return opened(app)
    }
  }
}
