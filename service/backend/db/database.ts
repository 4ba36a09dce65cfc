// The database behind the reference backend: PostgreSQL through `pg` when a URL is given (or
// DATABASE_URL is set), else PGlite, the same PostgreSQL compiled to WebAssembly and embedded in
// this process (persistent in `dataDir`, in memory without it). Both speak the same SQL, so the
// migrations and every query are written once.
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { mkdir } from 'node:fs/promises'
import { dirname } from 'node:path'

export interface Database {
  /** Which engine answers: 'pglite' (embedded) or 'postgres' (pg pool). */
  readonly kind: 'pglite' | 'postgres'
  /** One parameterised statement ($1, $2, ...). */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: T[] }>
  /** Several statements without parameters (migrations). */
  exec(sql: string): Promise<void>
  /**
   * Runs `run` in one transaction on one connection: committed when it resolves, rolled back when it
   * throws. Inside, use only `tx` (on PGlite the outer handle waits until the transaction ends).
   */
  transaction<T>(run: (tx: Queryable) => Promise<T>): Promise<T>
  close(): Promise<void>
}

export type Queryable = Pick<Database, 'query' | 'exec'>

export interface OpenDatabaseOptions {
  /** A postgres:// URL; defaults to process.env.DATABASE_URL. Pass `null` to ignore the env. */
  url?: string | null
  /** PGlite's data directory (e.g. `.data/pglite`); in memory when omitted. Ignored with a URL. */
  dataDir?: string
}

export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<Database> {
  const url = options.url === null ? undefined : (options.url ?? process.env.DATABASE_URL)
  if (url) return openPostgres(url)
  return openPglite(options.dataDir)
}

async function openPglite(dataDir?: string): Promise<Database> {
  // PGlite creates its own folder but not the parents (`.data/` on a fresh clone).
  if (dataDir) await mkdir(dirname(dataDir), { recursive: true })
  const db = dataDir ? await PGlite.create(dataDir) : await PGlite.create()
  // PGlite runs one statement at a time; queue them so callers may run queries concurrently.
  let tail: Promise<unknown> = Promise.resolve()
  const serial = <T>(run: () => Promise<T>): Promise<T> => {
    const next = tail.then(run, run)
    tail = next.catch(() => undefined)
    return next
  }
  let closed = false
  return {
    kind: 'pglite',
    query: <T>(text: string, params?: unknown[]) =>
      serial(async () => {
        const result = await db.query<T>(text, params as unknown[] | undefined)
        return { rows: result.rows }
      }),
    exec: sql =>
      serial(async () => {
        await db.exec(sql)
      }),
    transaction: run =>
      serial(() =>
        db.transaction(tx =>
          run({
            query: async <T>(text: string, params?: unknown[]) => ({
              rows: (await tx.query<T>(text, params as unknown[] | undefined)).rows
            }),
            exec: async sql => {
              await tx.exec(sql)
            }
          })
        )
      ),
    close: async () => {
      if (closed) return
      closed = true
      await serial(() => db.close())
    }
  }
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 })
  // An idle connection the server drops (a restart, an administrator) must not crash the backend:
  // the pool replaces it at the next query.
  pool.on('error', error => console.warn(`PostgreSQL: an idle connection was lost (${error.message})`))
  // Fail now, with the server's own message, rather than at the first request.
  const client = await pool.connect()
  client.release()
  let closed = false
  return {
    kind: 'postgres',
    query: async <T>(text: string, params?: unknown[]) => {
      const result = await pool.query(text, params)
      return { rows: result.rows as T[] }
    },
    exec: async sql => {
      await pool.query(sql)
    },
    transaction: async run => {
      const client = await pool.connect()
      try {
        await client.query('BEGIN')
        const result = await run({
          query: async <T>(text: string, params?: unknown[]) => ({
            rows: (await client.query(text, params)).rows as T[]
          }),
          exec: async sql => {
            await client.query(sql)
          }
        })
        await client.query('COMMIT')
        return result
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined)
        throw error
      } finally {
        client.release()
      }
    },
    close: async () => {
      if (closed) return
      closed = true
      await pool.end()
    }
  }
}
