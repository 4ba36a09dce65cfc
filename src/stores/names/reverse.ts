import { nameCache } from '../../storage/caches.js'
import { $account } from '../account.js'
import { nameClient } from './client.js'
import { NAMES_FOR_ADDRESS_FAILED } from './texts.js'

/**
 * The registry's name of `address` (GET profile/reverse/{address}: its newest name), null when it
 * has none or no backend is configured; kept 5 minutes per network (docs/behaviour.md section 9: name cache).
 * Rejects with 'Error fetching names for address' when the lookup failed. Activity names its
 * counterparties with it, and Send the address typed as receiver.
 */
export async function nameOfAddress(address: string, caipNetworkId: string): Promise<string | null> {
  // EVM addresses: one cache entry whatever their case (Activity has them in lower case, Send as typed).
  const cache = nameCache(caipNetworkId, address.toLowerCase())
  const cached = cache.get()
  if (cached !== undefined) return cached
  const client = nameClient()
  if (!client) return null
  let name: string | null
  try {
    const sender = $account.get().address
    const profiles = await client.reverse(address, sender ? { sender } : {})
    name = profiles[0]?.name ?? null
  } catch (error) {
    console.warn(`[appkit] ${NAMES_FOR_ADDRESS_FAILED}: ${address}`, error)
    throw new Error(NAMES_FOR_ADDRESS_FAILED, { cause: error })
  }
  cache.set(name)
  return name
}
