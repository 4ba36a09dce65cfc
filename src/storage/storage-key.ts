import { STORAGE_PREFIX } from '../config/shell-constants.js'
import { readItem } from './local-storage-read.js'

/** Where the visitor's connections are stored (storage/keys.ts: storedConnections). */
export const CONNECTIONS_KEY = 'connections'

/** Where the visitor's last active network is stored (storage/keys.ts: storedActiveNetworkId). */
export const ACTIVE_NETWORK_KEY = 'active_caip_network_id'

/** The full key for `name`: '@appkit-wallet/' + name (a name that already carries the prefix keeps it). */
export function storageKey(name: string): string {
  return name.startsWith(STORAGE_PREFIX) ? name : `${STORAGE_PREFIX}${name}`
}

/**
 * Whether anything is stored under `name`, read without parsing it: a cheap question for the load
 * path (is there a connection to restore?), whose answer the typed read checks later.
 */
export function isStored(name: string): boolean {
  return readItem(storageKey(name)) !== undefined
}
