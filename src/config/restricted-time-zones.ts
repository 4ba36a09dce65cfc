/**
 * Spec.md section 9, "Restricted time zones: several mainland and special-region Asian zones": the
 * time zones of mainland China and of its special administrative regions (Hong Kong, Macau), by
 * their IANA names and the aliases browsers may answer with. The spec shows no list and no rule
 * that uses it; the kit's rule (README, Buying and Swapping): Buy and Swap are not offered there.
 */
export const RESTRICTED_TIME_ZONES: readonly string[] = [
  'Asia/Shanghai',
  'Asia/Chongqing',
  'Asia/Chungking',
  'Asia/Harbin',
  'Asia/Urumqi',
  'Asia/Kashgar',
  'PRC',
  'Asia/Hong_Kong',
  'Hongkong',
  'Asia/Macau',
  'Asia/Macao'
]

const restricted = new Set(RESTRICTED_TIME_ZONES.map(zone => zone.toLowerCase()))

/** Whether `timeZone` (an IANA name, any case) is one of the restricted zones. */
export function isRestrictedTimeZone(timeZone: string | undefined): boolean {
  return timeZone !== undefined && restricted.has(timeZone.toLowerCase())
}

/** The visitor's time zone as the browser reports it; undefined where Intl cannot say. */
export function visitorTimeZone(): string | undefined {
  try {
    return new Intl.DateTimeFormat().resolvedOptions().timeZone
  } catch {
    return undefined
  }
}

/** Whether the visitor is in a restricted time zone (read each time: the browser's zone can change). */
export function inRestrictedTimeZone(): boolean {
  return isRestrictedTimeZone(visitorTimeZone())
}
