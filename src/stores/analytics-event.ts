import type { AnalyticsEvent } from '../api/schemas/analytics.js'
import { KIT_EVENTS } from '../events/kit-event-names.js'
import type { KitEvent } from './kit-events.js'

/** Keys whose values never leave the page: secrets, signatures, e-mail addresses. */
const PRIVATE_KEY_NAME = /mail|private|secret|signature|password|otp|mnemonic|seed|^key$|apikey|token$/i
const EMAIL = /[^\s@]+@[^\s@]+\.[^\s@]+/
/** A 0x hex run longer than an address (signatures, keys, calldata). */
const LONG_HEX = /0x[0-9a-f]{41,}/i
const EVM_ADDRESS = /0x[0-9a-f]{40}/gi
const BASE58_RUN = /[1-9A-HJ-NP-Za-km-z]{32,}/g

/** 128 random bits in hex (crypto.randomUUID needs a secure context; a page may be on plain http). */
function randomId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), byte => byte.toString(16).padStart(2, '0')).join('')
}

const shorten = (text: string): string => `${text.slice(0, 6)}…${text.slice(-4)}`

/**
 * A value as analytics may see it: e-mail addresses, signatures and keys dropped (undefined),
 * account addresses shortened (0x1234…abcd), anything nested checked the same way.
 */
function safeValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') {
    if (EMAIL.test(value) || LONG_HEX.test(value)) return undefined
    return value.replace(EVM_ADDRESS, shorten).replace(BASE58_RUN, shorten)
  }
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return value
  if (depth > 2 || typeof value !== 'object') return undefined
  if (Array.isArray(value)) return value.map(item => safeValue(item, depth + 1)).filter(item => item !== undefined)
  return safeProperties(value as Record<string, unknown>, depth + 1)
}

/** An event's properties with nothing private in them (see safeValue). */
export function safeProperties(properties: Readonly<Record<string, unknown>>, depth = 0): Record<string, unknown> {
  const safe: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(properties)) {
    if (PRIVATE_KEY_NAME.test(key)) continue
    const kept = safeValue(value, depth)
    if (kept !== undefined) safe[key] = kept
  }
  return safe
}

/**
 * The kit's event as POST /e carries it (docs/behaviour.md section 7): a random eventId, the page's URL
 * (without query or fragment, which may hold anything) and host, the time, and safe properties.
 */
export function toAnalyticsEvent(event: KitEvent, page: { href: string; host: string }): AnalyticsEvent {
  const url = new URL(page.href)
  return {
    eventId: randomId(),
    url: `${url.origin}${url.pathname}`,
    domain: page.host,
    timestamp: event.timestamp,
    props: {
      type: KIT_EVENTS[event.event],
      event: event.event,
      ...(event.properties ? { properties: safeProperties(event.properties) } : {})
    }
  }
}
