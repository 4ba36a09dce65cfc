import { QUERY_BACKOFF_MAX_MS, QUERY_BACKOFF_START_MS, RPC_RETRY_DELAY_MS } from '../config/constants.js'

/**
 * The wait before retry number `retry` (1 = the first retry) of an API query: doubling from 1 s,
 * capped at 30 s (docs/behaviour.md section 9): 1 s, 2 s, 4 s, 8 s, 16 s, 30 s, 30 s, ...
 */
export function queryBackoffMs(
  retry: number,
  startMs: number = QUERY_BACKOFF_START_MS,
  maxMs: number = QUERY_BACKOFF_MAX_MS
): number {
  if (retry < 1) return 0
  // 2 ** 1024 is Infinity: the cap still applies, so a huge retry number is safe.
  return Math.min(startMs * 2 ** (retry - 1), maxMs)
}

/** The wait before RPC retry number `retry` (1 = first): 150 ms, 300 ms, 600 ms (exponential). */
export function rpcBackoffMs(retry: number, delayMs: number = RPC_RETRY_DELAY_MS): number {
  if (retry < 1) return 0
  return delayMs * 2 ** (retry - 1)
}

/**
 * A `Retry-After` header as milliseconds from `now`: either delay-seconds ("120", "1.5") or an
 * HTTP date ("Wed, 21 Oct 2015 07:28:00 GMT"). A date in the past means 0. Unreadable: undefined.
 */
export function parseRetryAfter(value: string | null | undefined, now: number): number | undefined {
  if (value === null || value === undefined) return undefined
  const text = value.trim()
  if (text === '') return undefined
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000)
  // Only full dates: Date.parse also reads bare numbers such as "-5" as years.
  if (!/[a-zA-Z]/.test(text)) return undefined
  const at = Date.parse(text)
  if (Number.isNaN(at)) return undefined
  return Math.max(0, at - now)
}
