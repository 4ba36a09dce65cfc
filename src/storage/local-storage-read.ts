/*
 * Reading localStorage, which the first load does (storage-key.ts); writing, removing and listing
 * keys (local-storage.ts, which re-exports these) load with the flows that do (issue 35).
 */
import { web, type WebStorage } from '../utils/web-globals.js'

/** The page's localStorage, or undefined where there is none or it may not be used. */
export function localStorageOrUndefined(): WebStorage | undefined {
  try {
    return web.localStorage
  } catch {
    return undefined
  }
}

export function readItem(key: string): string | undefined {
  try {
    return localStorageOrUndefined()?.getItem(key) ?? undefined
  } catch {
    return undefined
  }
}
