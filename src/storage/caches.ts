import * as z from 'zod/mini'
import { tokenBalanceSchema } from '../api/schemas/balance.js'
import { decimalStringSchema } from '../api/schemas/common.js'
import { identityResponseSchema } from '../api/schemas/identity.js'
import {
  BALANCE_CACHE_MS,
  IDENTITY_CACHE_MS,
  NAME_CACHE_MS,
  NATIVE_BALANCE_CACHE_MS,
  PORTFOLIO_CACHE_MS
} from '../config/constants.js'
import { createCachedValue, type NowClock } from './cached-value.js'
import { keysStartingWith, removeItem } from './local-storage.js'
import { storageKey } from './stored-value.js'

/**
 * The caches of docs/behaviour.md section 3, each entry keyed by chain and address
 * ('@appkit-wallet/<cache>/<caipNetworkId>:<address>'), with the lifetimes of docs/behaviour.md section 9.
 */

export { BALANCE_CACHE_MS }

export const CACHE_NAMES = [
  'balance_cache',
  'portfolio_cache',
  'native_balance_cache',
  'name_cache',
  'identity_cache'
] as const
type CacheName = (typeof CACHE_NAMES)[number]

export const cachedBalanceSchema = z.object({ balance: decimalStringSchema, symbol: z.string() })
export type CachedBalance = z.infer<typeof cachedBalanceSchema>

function cacheName(cache: CacheName, caipNetworkId: string, address: string): string {
  return `${cache}/${caipNetworkId}:${address}`
}

/** The account's displayed balance and symbol: 30 s. */
export function balanceCache(caipNetworkId: string, address: string, clock?: NowClock) {
  return createCachedValue(
    cacheName('balance_cache', caipNetworkId, address),
    cachedBalanceSchema,
    BALANCE_CACHE_MS,
    clock
  )
}

/** The token balances of the account (the balance API's list): 30 s. */
export function portfolioCache(caipNetworkId: string, address: string, clock?: NowClock) {
  return createCachedValue(
    cacheName('portfolio_cache', caipNetworkId, address),
    z.array(tokenBalanceSchema),
    PORTFOLIO_CACHE_MS,
    clock
  )
}

/** The native token's balance: 30 s. */
export function nativeBalanceCache(caipNetworkId: string, address: string, clock?: NowClock) {
  return createCachedValue(
    cacheName('native_balance_cache', caipNetworkId, address),
    cachedBalanceSchema,
    NATIVE_BALANCE_CACHE_MS,
    clock
  )
}

/** The name of the address (null: looked up, has none): 5 min. */
export function nameCache(caipNetworkId: string, address: string, clock?: NowClock) {
  return createCachedValue(
    cacheName('name_cache', caipNetworkId, address),
    z.nullable(z.string()),
    NAME_CACHE_MS,
    clock
  )
}

/** The identity of the address (name and avatar, each null when absent): 5 min. */
export function identityCache(caipNetworkId: string, address: string, clock?: NowClock) {
  return createCachedValue(
    cacheName('identity_cache', caipNetworkId, address),
    identityResponseSchema,
    IDENTITY_CACHE_MS,
    clock
  )
}

/** Removes every cache entry (on disconnect, or when the visitor changes account). */
export function clearCaches(): void {
  for (const cache of CACHE_NAMES) {
    for (const key of keysStartingWith(storageKey(`${cache}/`))) removeItem(key)
  }
}
