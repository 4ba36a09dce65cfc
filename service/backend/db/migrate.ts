// Runs service/backend/db/migrations/*.sql in file-name order, each once, recording them in
// schema_migrations. The same files run on PGlite and PostgreSQL. Ownership by number:
// 1xx_*.sql core backend (catalog, analytics, sessions, onramp), 2xx_*.sql blockchain (backend B),
// 3xx_*.sql the embedded wallet (service/backend/embedded).
// Each file runs in its own transaction; on PostgreSQL under a transaction-scoped advisory lock, so
// several backends starting together over one database apply each file exactly once.
import { readdir, readFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Database, Queryable } from './database.js'

export const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'migrations')

/** A fixed key for pg_advisory_xact_lock. */
const LOCK_KEY = 872_387_001

export interface MigrateResult {
  applied: string[]
  skipped: string[]
}

export async function migrate(db: Database, dir: string = MIGRATIONS_DIR): Promise<MigrateResult> {
  const files = (await readdir(dir)).filter(name => name.endsWith('.sql')).sort()
  const lock = async (tx: Queryable) => {
    if (db.kind === 'postgres') await tx.query('SELECT pg_advisory_xact_lock($1)', [LOCK_KEY])
  }
  await db.transaction(async tx => {
    await lock(tx)
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      name TEXT PRIMARY KEY,
      applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
    )`)
  })
  const applied: string[] = []
  const skipped: string[] = []
  for (const name of files) {
    const sql = await readFile(join(dir, name), 'utf8')
    const ran = await db
      .transaction(async tx => {
        await lock(tx)
        const done = await tx.query('SELECT 1 FROM schema_migrations WHERE name = $1', [name])
        if (done.rows.length > 0) return false
        await tx.exec(sql)
        await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [name])
        return true
      })
      .catch((error: unknown) => {
        throw new Error(`Migration ${name} failed: ${(error as Error).message}`, { cause: error })
      })
    ;(ran ? applied : skipped).push(name)
  }
  return { applied, skipped }
}
