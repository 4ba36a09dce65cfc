import type * as z from 'zod/mini'
import { describeIssue } from '../config/describe-issue.js'
import { readItem, removeItem, writeItem } from './local-storage.js'
import { storageKey } from './storage-key.js'

/**
 * One typed entry of localStorage under '@appkit-wallet/'. Every read is JSON-parsed and checked
 * with the entry's zod schema; a value that is corrupt or invalid is removed and logged (once:
 * after removal it is simply absent), never thrown. Without localStorage it behaves as empty.
 */
export interface StoredValue<T> {
  /** The full localStorage key, '@appkit-wallet/...'. */
  readonly key: string
  get(): T | undefined
  /** Stores `value`; false (and a warning) when it could not be stored or fails the schema. */
  set(value: T): boolean
  remove(): void
}

export { storageKey }

export function createStoredValue<S extends z.ZodMiniType>(name: string, schema: S): StoredValue<z.output<S>> {
  const key = storageKey(name)
  return {
    key,
    get() {
      const raw = readItem(key)
      if (raw === undefined) return undefined
      let json: unknown
      try {
        json = JSON.parse(raw)
      } catch {
        return drop(key, 'it is not valid JSON')
      }
      const result = schema.safeParse(json)
      if (!result.success) return drop(key, whyInvalid(result.error))
      return result.data
    },
    set(value) {
      const result = schema.safeParse(value)
      if (!result.success) {
        console.warn(`[appkit] Not storing "${key}": ${whyInvalid(result.error)}`)
        return false
      }
      const error = writeItem(key, JSON.stringify(result.data))
      if (error === undefined) return true
      console.warn(`[appkit] Could not store "${key}": ${describeError(error)}`)
      return false
    },
    remove() {
      removeItem(key)
    }
  }
}

function drop(key: string, why: string): undefined {
  removeItem(key)
  console.warn(`[appkit] Dropped the stored value "${key}": ${why}`)
  return undefined
}

function whyInvalid(error: z.core.$ZodError): string {
  const first = error.issues[0]
  if (!first) return 'it does not match its schema'
  const { option, expected } = describeIssue(first)
  const where = option === '(options)' ? 'the value' : `field "${option}"`
  return `${where} should be ${expected}`
}

function describeError(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`
  return String(error)
}
