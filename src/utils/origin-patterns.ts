// Origin allowlist patterns of a project (docs/behaviour.md sections 5 and 6; GET /projects/v1/origins,
// POST /e). One matcher for the kit (is this page's origin allowed?) and the reference backend
// (may this page send events?):
//   https://app.example.com     exactly that origin (default port of the scheme)
//   http://localhost:*          any port (or none) on that host
//   *.vercel.app                any scheme (http or https), one or more labels before .vercel.app
//   https://*.example.com:8443  wildcards combine
//   example.com                 either scheme, that host, default port
// Hosts compare case-insensitively; `*` matches whole labels only, never part of one, so
// `*.vercel.app` does not match `evilvercel.app` or `vercel.app.evil.com`.

/**
 * Patterns every project allows (docs/behaviour.md section 6: localhost, pages.dev, vercel.app and
 * similar): local development and the preview hosts. The backend's default project lists them too.
 */
export const BUILT_IN_ORIGIN_PATTERNS: readonly string[] = [
  'http://localhost:*',
  'http://127.0.0.1:*',
  '*.pages.dev',
  '*.vercel.app'
]

interface ParsedOrigin {
  scheme: string
  host: string
  /** '' for the scheme's default port. */
  port: string
}

const DEFAULT_PORTS: Record<string, string> = { http: '80', https: '443' }

/** Splits an Origin header value; undefined for 'null', opaque or malformed origins. */
export function parseOrigin(origin: string): ParsedOrigin | undefined {
  if (!origin || origin === 'null') return undefined
  let url: URL
  try {
    url = new URL(origin)
  } catch {
    return undefined
  }
  const scheme = url.protocol.replace(/:$/, '')
  if (!url.hostname || url.pathname.replace(/^\/$/, '') !== '' || url.search || url.hash || url.username)
    return undefined
  const port = url.port === DEFAULT_PORTS[scheme] ? '' : url.port
  return { scheme, host: url.hostname.toLowerCase(), port }
}

export function originMatches(origin: string, pattern: string): boolean {
  const parsed = parseOrigin(origin)
  if (!parsed) return false
  const match = /^(?:([a-z][a-z0-9+.-]*):\/\/)?([^/:]+)(?::(\d+|\*))?\/?$/i.exec(pattern.trim())
  if (!match) return false
  const [, scheme, hostPattern = '', portPattern] = match
  if (scheme) {
    if (scheme.toLowerCase() !== parsed.scheme) return false
  } else if (parsed.scheme !== 'http' && parsed.scheme !== 'https') {
    return false
  }
  if (portPattern !== '*') {
    const wanted = portPattern === undefined || portPattern === DEFAULT_PORTS[parsed.scheme] ? '' : portPattern
    if (wanted !== parsed.port) return false
  }
  return hostMatches(parsed.host, hostPattern.toLowerCase())
}

function hostMatches(host: string, pattern: string): boolean {
  const hostLabels = host.split('.')
  const patternLabels = pattern.split('.')
  if (patternLabels[0] === '*') {
    // A leading `*.` stands for one or more labels.
    const rest = patternLabels.slice(1)
    if (hostLabels.length <= rest.length) return false
    const tail = hostLabels.slice(hostLabels.length - rest.length)
    return rest.every((label, i) => label === '*' || label === tail[i])
  }
  if (hostLabels.length !== patternLabels.length) return false
  return patternLabels.every((label, i) => label === '*' || label === hostLabels[i])
}

export function isOriginAllowed(origin: string | undefined | null, patterns: readonly string[]): boolean {
  if (!origin) return false
  return patterns.some(pattern => originMatches(origin, pattern))
}

/** Whether a page on `origin` may use the project: its own patterns or the built-in ones. */
export function isPageOriginAllowed(origin: string, projectPatterns: readonly string[]): boolean {
  return isOriginAllowed(origin, [...BUILT_IN_ORIGIN_PATTERNS, ...projectPatterns])
}
