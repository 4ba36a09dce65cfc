import * as z from 'zod/mini'
import { createStoredValue } from './stored-value.js'

/** What a cache needs of time; `Date.now` by default, so sinon fake timers drive it in tests. */
export interface NowClock {
  now(): number
}

const systemNow: NowClock = { now: () => Date.now() }

export interface CachedEntry<T> {
  readonly value: T
  /** When the value was stored, in ms since the epoch. */
  readonly timestamp: number
}

/** A stored value with a lifetime: `get` gives undefined once `ttlMs` has passed since `set`. */
export interface CachedValue<T> {
  readonly key: string
  readonly ttlMs: number
  /** The value while fresh; with `maxAgeMs` (below `ttlMs`), only when stored less than that ago. */
  get(maxAgeMs?: number): T | undefined
  /** The fresh entry with its timestamp, or undefined; `maxAgeMs` as for `get`. */
  getEntry(maxAgeMs?: number): CachedEntry<T> | undefined
  set(value: T): boolean
  remove(): void
}

/**
 * A TTL cache in localStorage, stored as { value, timestamp }. A stale entry (as old as `ttlMs`
 * or older, or stamped in the future) is removed when read. A read that asks for a younger value
 * (`maxAgeMs`) gets undefined for an older one, which stays for other reads. Reads are validated
 * like any stored value.
 */
export function createCachedValue<S extends z.ZodMiniType>(
  name: string,
  schema: S,
  ttlMs: number,
  clock: NowClock = systemNow
): CachedValue<z.output<S>> {
  // zod cannot infer an object's output through a generic member schema; this is its shape.
  const entrySchema = z.object({ value: schema, timestamp: z.number() }) as unknown as z.ZodMiniType<
    CachedEntry<z.output<S>>
  >
  const stored = createStoredValue(name, entrySchema)
  const getEntry = (maxAgeMs = ttlMs): CachedEntry<z.output<S>> | undefined => {
    const entry = stored.get()
    if (!entry) return undefined
    const age = clock.now() - entry.timestamp
    if (age < 0 || age >= ttlMs) {
      stored.remove()
      return undefined
    }
    return age < maxAgeMs ? entry : undefined
  }
  return {
    key: stored.key,
    ttlMs,
    get: maxAgeMs => getEntry(maxAgeMs)?.value,
    getEntry,
    set: value => stored.set({ value, timestamp: clock.now() }),
    remove: () => stored.remove()
  }
}
