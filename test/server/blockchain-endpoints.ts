// The backend the blockchain endpoint tests (blockchain.test.ts, blockchain-history.test.ts) run
// against: the stack of blockchain-stack.ts over an in-memory PGlite, with caches long enough that
// every test that reads, transacts and reads again proves that the indexer drops the cached balance
// and history of the addresses it sees move; and the requests those tests make.
// `useBlockchainBackend()` starts it before the calling file's tests and stops it after them; the
// exported `let`s are live bindings, set once it has started.
import { after, before } from 'node:test'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { openDatabase, type Database } from '../../service/backend/db/database.js'
import { balanceResponseSchema, historyResponseSchema, type Transaction } from '../../src/api/schemas/index.js'
import { startStack, type Stack } from './blockchain-stack.js'

export let stack: Stack
export let db: Database

/** Starts the backend before the calling file's tests and stops it after them. */
export function useBlockchainBackend(): void {
  before(async () => {
    process.env.APPKIT_BALANCE_CACHE_MS = '600000'
    process.env.APPKIT_HISTORY_CACHE_MS = '600000'
    db = await openDatabase({ url: null })
    stack = await startStack({ db })
  })

  after(async () => {
    await stack?.stop()
    await db?.close()
  })
}

export const A = 'eip155:31337'
export const B = 'eip155:31338'
export const newAddress = () => privateKeyToAccount(generatePrivateKey()).address

export async function balances(address: string, query: Record<string, string> = {}) {
  return (await stack.get(`/v1/account/${address}/balance`, balanceResponseSchema, { currency: 'usd', ...query }))
    .balances
}

export async function history(address: string, query: Record<string, string | undefined> = {}) {
  return stack.get(`/v1/account/${address}/history`, historyResponseSchema, query)
}

/** Every page of an address's history, following `next`. */
export async function allHistory(address: string, query: Record<string, string> = {}) {
  const pages: Transaction[][] = []
  let cursor: string | undefined
  for (;;) {
    const page = await history(address, { ...query, cursor })
    pages.push(page.data)
    if (!page.next) break
    cursor = page.next
  }
  return pages
}
