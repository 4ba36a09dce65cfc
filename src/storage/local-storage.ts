/**
 * localStorage that never throws. A server (no `localStorage`), a privacy mode whose getter
 * throws SecurityError, or a storage whose calls throw all behave as empty storage; a failed
 * write (quota) is reported to the caller as `false`.
 */

import { localStorageOrUndefined } from './local-storage-read.js'

export { localStorageOrUndefined, readItem } from './local-storage-read.js'

/** Stores `value`; the error when it could not (quota, storage disabled), undefined on success. */
export function writeItem(key: string, value: string): unknown {
  const storage = localStorageOrUndefined()
  if (!storage) return new Error('localStorage is not available')
  try {
    storage.setItem(key, value)
    return undefined
  } catch (error) {
    return error
  }
}

export function removeItem(key: string): void {
  try {
    localStorageOrUndefined()?.removeItem(key)
  } catch {
    // Nothing to do: storage that cannot be written to holds nothing of ours either.
  }
}

/** Every stored key that starts with `prefix`. */
export function keysStartingWith(prefix: string): string[] {
  const storage = localStorageOrUndefined()
  if (!storage) return []
  try {
    const keys: string[] = []
    for (let index = 0; index < storage.length; index++) {
      const key = storage.key(index)
      if (key?.startsWith(prefix)) keys.push(key)
    }
    return keys
  } catch {
    return []
  }
}
