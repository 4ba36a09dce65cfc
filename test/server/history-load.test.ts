// Issue 33, section 4, history under load. Concurrent requests for one page share one database read
// (HistoryService's single flight), also without the page cache. And the history query is served by
// an index (migration 202_history_indexes.sql).
// The query is the one HistoryService runs (captured from its database calls, so the test follows
// the code), asked as the kit asks it (with a chainId), planned by PGlite over an account whose
// rows are mostly on another chain: the plan must read the account's rows of that chain in page
// order from account_activity_chain_page_idx, without a sort and without walking past other rows.
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { HistoryService, type HistoryLinks } from '../../service/backend/blockchain/history.js'
import { openDatabase, type Database } from '../../service/backend/db/database.js'
import { migrate } from '../../service/backend/db/migrate.js'

const ACCOUNT = '0x00000000000000000000000000000000000a11ce'
const A = 'eip155:31337'
const B = 'eip155:31338'
let db: Database

before(async () => {
  db = await openDatabase({ url: null })
  await migrate(db)
  // 4,000 transactions on chain A and 40 on chain B, all concerning ACCOUNT and one other address.
  await db.exec(`
    INSERT INTO chain_transactions
      SELECT CASE WHEN i <= 4000 THEN '${A}' ELSE '${B}' END, '0x' || lpad(to_hex(i), 64, '0'), i, 0,
             1700000000 + i, '${ACCOUNT}', '0x' || lpad(to_hex(i % 97), 40, '0'), NULL, 1, i, 'confirmed', NULL
        FROM generate_series(1, 4040) i;
    INSERT INTO chain_events
      SELECT chain_id, hash, -1, 'native', NULL, from_address, to_address, 1, NULL, NULL FROM chain_transactions;
    INSERT INTO account_activity
      SELECT from_address, chain_id, hash, block_time, block_number, tx_index FROM chain_transactions;
    INSERT INTO account_activity
      SELECT to_address, chain_id, hash, block_time, block_number, tx_index FROM chain_transactions;
    ANALYZE account_activity; ANALYZE chain_transactions; ANALYZE chain_events;
  `)
})

after(async () => {
  await db?.close()
})

/** Runs one history page and answers the plan PGlite chose for its query (EXPLAIN ANALYZE). */
async function planOfPage(options: {
  chainId?: string
  cursor?: string
}): Promise<{ plan: string; next: string | null }> {
  let plan = ''
  const spy: Database = {
    ...db,
    query: async <T>(text: string, params?: unknown[]) => {
      if (text.includes('FROM account_activity a')) {
        const explained = await db.query<Record<string, string>>(`EXPLAIN (ANALYZE, COSTS OFF) ${text}`, params)
        plan = explained.rows.map(row => Object.values(row)[0]).join('\n')
      }
      return db.query<T>(text, params)
    }
  }
  const history = new HistoryService(spy, new Map(), 20, 0)
  const page = await history.page(ACCOUNT, {
    ...options,
    links: { tokenIcon: id => id, nftImage: () => '' }
  })
  assert.equal(page.data.length, 20)
  if (options.chainId) for (const tx of page.data) assert.equal(tx.metadata.chain, options.chainId)
  return { plan, next: page.next }
}

/**
 * The plan's node under the page's Limit (one line) and its detail lines: the node must be the scan
 * of account_activity itself (no sort between the rows and the Limit).
 */
function pageScan(plan: string): { node: string; detail: string } {
  const lines = plan.split('\n')
  const limit = lines.findIndex(line => /->\s+Limit\b/.test(line))
  assert.ok(limit >= 0, plan)
  const child = lines.findIndex((line, i) => i > limit && line.includes('->'))
  const end = lines.findIndex((line, i) => i > child && line.includes('->'))
  return { node: lines[child]!.trim(), detail: lines.slice(child + 1, end).join('\n') }
}

describe('the history query is served by an index (issue 33, section 4)', () => {
  it("a chain's first page and the page after its cursor read the chain's rows in page order", async () => {
    const first = await planOfPage({ chainId: B })
    const scan = pageScan(first.plan)
    assert.match(
      scan.node,
      /^-> {2}Index Scan using account_activity_chain_page_idx on account_activity a /,
      first.plan
    )
    assert.doesNotMatch(scan.detail, /Rows Removed by Filter/, first.plan)

    assert.ok(first.next)
    const second = await planOfPage({ chainId: B, cursor: first.next })
    assert.match(pageScan(second.plan).node, /^-> {2}Index Scan using account_activity_chain_page_idx /, second.plan)
  })

  it('a page of every chain reads account_activity_page_idx in page order', async () => {
    const { plan } = await planOfPage({})
    assert.match(pageScan(plan).node, /^-> {2}Index Scan using account_activity_page_idx on account_activity a /, plan)
  })
})

const links: HistoryLinks = { tokenIcon: id => id, nftImage: () => '' }

describe('history reads: one database read of a page at a time (issue 33, section 4)', () => {
  it('concurrent requests for a page share its read, without the cache too; the read ends, the next reads again', async () => {
    let reads = 0
    let fail = false
    const counting: Database = {
      ...db,
      query: async <T>(text: string, params?: unknown[]) => {
        if (text.includes('FROM account_activity a')) {
          reads++
          if (fail) {
            await new Promise(resolve => setTimeout(resolve, 5))
            throw new Error('injected failure')
          }
        }
        return db.query<T>(text, params)
      }
    }
    const history = new HistoryService(counting, new Map(), 20, 0)
    const ask = (options: { chainId?: string; cursor?: string } = {}) =>
      history.page(ACCOUNT, { chainId: B, ...options, links })

    const pages = await Promise.all(Array.from({ length: 10 }, () => ask()))
    assert.equal(reads, 1, `10 concurrent requests for one page read it ${reads} times`)
    for (const page of pages) assert.deepEqual(page, pages[0])
    assert.equal(pages[0]!.data.length, 20)
    await ask()
    assert.equal(reads, 2, 'no cache: the next request after the read reads again')

    // Another chain, another cursor: reads of their own.
    reads = 0
    await Promise.all([ask(), ask({ chainId: A }), ask({ cursor: pages[0]!.next! }), ask({ chainId: A })])
    assert.equal(reads, 3)

    // The indexer saw the account move during a read: a request after that reads again.
    reads = 0
    const before = ask()
    history.invalidate([ACCOUNT])
    await Promise.all([before, ask(), ask()])
    assert.equal(reads, 2)

    // A failing read fails every request that joined it, once, and is not kept.
    reads = 0
    fail = true
    const failed = await Promise.allSettled(Array.from({ length: 5 }, () => ask()))
    fail = false
    assert.equal(reads, 1)
    for (const result of failed) {
      assert.equal(result.status, 'rejected')
      assert.match(String((result as PromiseRejectedResult).reason), /injected failure/)
    }
    assert.equal((await ask()).data.length, 20)
    assert.equal(reads, 2)
  })
})
