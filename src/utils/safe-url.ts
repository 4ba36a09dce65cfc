/**
 * Whether a URL that came from a server (a wallet link, an image, an onramp page) may be used:
 * it must be https, or exactly on one of `allowedOrigins` (such as the configured backend's own
 * origin, which may be http on localhost). Anything else (javascript:, data:, plain http elsewhere,
 * relative or unparsable text) is refused.
 */
export function isSafeUrl(url: string, allowedOrigins: readonly string[] = []): boolean {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return false
  }
  if (parsed.username || parsed.password) return false
  if (parsed.protocol === 'https:') return true
  return allowedOrigins.some(origin => originOf(origin) === parsed.origin)
}

function originOf(value: string): string | undefined {
  try {
    const origin = new URL(value).origin
    return origin === 'null' ? undefined : origin
  } catch {
    return undefined
  }
}
