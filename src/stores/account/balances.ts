import { BALANCE_FRESH_MS } from '../../config/constants.js'
import { $account } from '../account.js'
import { refreshAccountBalance } from './account-details.js'
import type { BalanceReadOptions } from './balance-block.js'
import { activeConnector } from '../connect/connection.js'
import { refreshTokenBalances } from './token-balances.js'

/** The live connection of the account shown; undefined without one (a story's seeded account). */
function shownConnector() {
  const connector = activeConnector()
  return connector && connector.namespace === $account.get().namespace ? connector : undefined
}

/**
 * The connected account's native balance again: from the balance API, else from its wallet
 * (eth_getBalance through the connector). Nothing without a live connection.
 */
export async function refreshNativeBalance(options: BalanceReadOptions = {}): Promise<void> {
  const connector = shownConnector()
  const { address } = $account.get()
  if (!connector || !address) return
  await refreshAccountBalance({ ...options, fromWallet: () => connector.getBalance(address) })
}

/** The connected account's native balance and Tokens list again, both. Nothing without a live connection. */
export async function refreshBalances(options: BalanceReadOptions = {}): Promise<void> {
  if (!shownConnector()) return
  await Promise.all([refreshTokenBalances(options), refreshNativeBalance(options)])
}

/**
 * The Account or Send view shows (the modal opening on it, or the visitor going there): balances
 * read more than BALANCE_FRESH_MS ago are read again, so that funds which arrived since show (issue
 * 29); younger ones, and repeated reads within the view, come from the caches. An account without
 * a live connection (a story's seeded account) keeps what it shows.
 */
export function refreshBalancesOnShow(): Promise<void> {
  return refreshBalances({ maxAgeMs: BALANCE_FRESH_MS })
}
