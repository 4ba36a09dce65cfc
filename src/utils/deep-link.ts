import { isSafeUrl } from './safe-url.js'
import { isMobileUserAgent, objectGlobal, resolvePlatformEnv, type PlatformEnv } from './platform.js'
import { web } from './web-globals.js'

/**
 * Links that hand a WalletConnect URI to a wallet app (its custom scheme or its universal link), how
 * to open them from a tap, and the mobile wallets whose in-app browser the page is sent to instead
 * (docs/behaviour.md section 2). Catalog links are untrusted: dangerous schemes give no link at all.
 */

/** Schemes a wallet link may never use: they run script, read local data or stay in the browser. */
const BLOCKED_SCHEMES = new Set(['javascript:', 'data:', 'vbscript:', 'file:', 'blob:', 'about:', 'filesystem:'])
/** Whitespace and control characters: a catalog link has none, and they hide schemes ('java\tscript:'). */
const CONTROL_OR_SPACE = /[\s\p{Cc}]/u
const WEB_SCHEMES = new Set(['http:', 'https:'])

/** The lower-case protocol of `url` ('metamask:'), or undefined when it is not an absolute URL. */
function protocolOf(url: string): string | undefined {
  try {
    return new URL(url).protocol.toLowerCase()
  } catch {
    return undefined
  }
}

/** `path` without its '#...' and '?...' parts, and those parts ('?' dropped, '#' kept). */
function splitTail(rest: string): { path: string; query: string; hash: string } {
  const hashAt = rest.indexOf('#')
  const hash = hashAt === -1 ? '' : rest.slice(hashAt)
  const beforeHash = hashAt === -1 ? rest : rest.slice(0, hashAt)
  const queryAt = beforeHash.indexOf('?')
  if (queryAt === -1) return { path: beforeHash, query: '', hash }
  return { path: beforeHash.slice(0, queryAt), query: beforeHash.slice(queryAt + 1), hash }
}

/** 'wc?' plus the app link's own query (if any) and the encoded URI, then the app link's hash. */
function wcTail(query: string, hash: string, wcUri: string): string {
  return `wc?${query ? `${query}&` : ''}uri=${encodeURIComponent(wcUri)}${hash}`
}

/**
 * The custom-scheme link that gives `wcUri` to a wallet app: 'metamask://' or 'rainbow:' become
 * 'metamask://wc?uri=<encoded>'; a link with a path gets exactly one '/' before 'wc'; a query the
 * app link carries is kept before 'uri'. Undefined for http(s) links (see formatUniversalLink), for
 * unparsable text, text with spaces or control characters, and blocked schemes (javascript:, data:,
 * vbscript:, file:, blob:, about:).
 */
export function formatNativeLink(appUrl: string, wcUri: string): string | undefined {
  if (CONTROL_OR_SPACE.test(appUrl)) return undefined
  const protocol = protocolOf(appUrl)
  if (!protocol || WEB_SCHEMES.has(protocol) || BLOCKED_SCHEMES.has(protocol)) return undefined
  const match = /^([a-z][a-z0-9+.-]*):(?:\/\/)?(.*)$/is.exec(appUrl)
  if (!match) return undefined
  const [, scheme = '', rest = ''] = match
  const { path, query, hash } = splitTail(rest)
  const base = path.replace(/^\/+|\/+$/g, '')
  return `${scheme}://${base ? `${base}/` : ''}${wcTail(query, hash, wcUri)}`
}

/**
 * The universal (https) link that gives `wcUri` to a wallet app: 'https://metamask.app.link' (with
 * or without a trailing slash) becomes 'https://metamask.app.link/wc?uri=<encoded>'; a path keeps
 * exactly one '/' before 'wc' and the link's own query is kept before 'uri'. Undefined unless
 * isSafeUrl allows the link (https, or plain http on one of `allowedOrigins`).
 */
export function formatUniversalLink(
  appUrl: string,
  wcUri: string,
  allowedOrigins: readonly string[] = []
): string | undefined {
  if (!isSafeUrl(appUrl, allowedOrigins)) return undefined
  const url = new URL(appUrl)
  if (!WEB_SCHEMES.has(url.protocol)) return undefined
  const path = url.pathname.replace(/\/+$/, '')
  return `${url.origin}${path}/${wcTail(url.search.slice(1), url.hash, wcUri)}`
}

/**
 * The link that gives `wcUri` to the wallet at `appUrl` (a catalog mobile or desktop link): the
 * universal link for http(s), else the custom-scheme link. Undefined for a link that may not be used.
 */
export function formatWalletLink(
  appUrl: string,
  wcUri: string,
  allowedOrigins: readonly string[] = []
): string | undefined {
  const protocol = CONTROL_OR_SPACE.test(appUrl) ? undefined : protocolOf(appUrl)
  if (!protocol) return undefined
  return WEB_SCHEMES.has(protocol)
    ? formatUniversalLink(appUrl, wcUri, allowedOrigins)
    : formatNativeLink(appUrl, wcUri)
}

/** How openWalletLink navigates; tests pass spies, the page uses window.open and location.href. */
export interface WalletLinkNavigator {
  open(url: string, target: string, features: string): unknown
  assign(url: string): void
}

function pageNavigator(): WalletLinkNavigator | undefined {
  const window = web.window
  if (!window) return undefined
  return {
    open: (url, target, features) => window.open(url, target, features),
    assign: url => {
      window.location.href = url
    }
  }
}

/**
 * Opens a wallet link: an http(s) universal link with `window.open(href, target, 'noreferrer
 * noopener')`, a custom-scheme link by setting `window.location.href`. Returns whether it navigated
 * (false for a blocked scheme, unparsable text, or no window).
 *
 * Call it synchronously inside the visitor's tap or click handler, with the link already built:
 * iOS Safari (and other browsers) block a navigation that happens after an `await`, because the
 * user activation is gone by then. Prepare the WalletConnect URI before the tap (a reused pairing).
 */
export function openWalletLink(
  href: string,
  target = '_self',
  navigator: WalletLinkNavigator | undefined = pageNavigator()
): boolean {
  if (!navigator || CONTROL_OR_SPACE.test(href)) return false
  const protocol = protocolOf(href)
  if (!protocol || BLOCKED_SCHEMES.has(protocol)) return false
  if (WEB_SCHEMES.has(protocol)) navigator.open(href, target, 'noreferrer noopener')
  else navigator.assign(href)
  return true
}

/** The wallets the page is redirected to on mobile (their in-app browser), by a short key. */
export type MobileRedirectKey = 'metamask' | 'coinbase' | 'phantom' | 'solflare' | 'trust'

/** A wallet with a documented link that opens a page in its in-app browser. */
export interface MobileRedirectWallet {
  readonly key: MobileRedirectKey
  readonly name: string
  /** Its id in the WalletConnect wallet catalog. */
  readonly catalogId: string
  /** Its EIP-6963 reverse-DNS id. */
  readonly rdns: string
  /** The names it goes by in the catalog and in connectors, lower case. */
  readonly names: readonly string[]
  /** The link that opens `page` in the wallet's in-app browser. */
  browseLink(page: URL): string
}

const enc = encodeURIComponent

const REDIRECT_WALLETS: readonly MobileRedirectWallet[] = [
  {
    key: 'metamask',
    name: 'MetaMask',
    catalogId: 'c57ca95b47569778a828d19178114f4db188b89b763c899ba0be274e97267d96',
    rdns: 'io.metamask',
    names: ['metamask'],
    browseLink: page => `https://metamask.app.link/dapp/${page.href.replace(/^https?:\/\//, '')}`
  },
  {
    key: 'coinbase',
    name: 'Coinbase Wallet',
    catalogId: 'fd20dc426fb37566d803205b19bbc1d4096b248ac04548e3cfb6b3a38bd033aa',
    rdns: 'com.coinbase.wallet',
    names: ['coinbase wallet', 'coinbase'],
    browseLink: page => `https://go.cb-w.com/dapp?cb_url=${enc(page.href)}`
  },
  {
    key: 'phantom',
    name: 'Phantom',
    catalogId: 'a797aa35c0fadbfc1a53e7f675162ed5226968b44a19ee3d24385c64d1d3c393',
    rdns: 'app.phantom',
    names: ['phantom'],
    browseLink: page => `https://phantom.app/ul/browse/${enc(page.href)}?ref=${enc(page.origin)}`
  },
  {
    key: 'solflare',
    name: 'Solflare',
    catalogId: '1ca0bdd4747578705b1939af023d120677c64fe6ca76add81fda36e350605e79',
    rdns: 'com.solflare',
    names: ['solflare'],
    browseLink: page => `https://solflare.com/ul/v1/browse/${enc(page.href)}?ref=${enc(page.origin)}`
  },
  {
    key: 'trust',
    name: 'Trust Wallet',
    catalogId: '4622a2b2d6af1c9844944291e5e7351a6aa24cd7b23099efac1b2fd875da31a0',
    rdns: 'com.trustwallet.app',
    names: ['trust wallet', 'trust'],
    browseLink: page => `https://link.trustwallet.com/open_url?coin_id=60&url=${enc(page.href)}`
  }
]

/**
 * The mobile-redirect wallets keyed by catalog id, by rdns and by lower-case name (so a catalog
 * entry, an EIP-6963 connector or a named connector all find theirs).
 */
export const MOBILE_REDIRECT_WALLETS: Readonly<Record<string, MobileRedirectWallet>> = Object.freeze(
  Object.fromEntries(
    REDIRECT_WALLETS.flatMap(wallet =>
      [wallet.catalogId, wallet.rdns, ...wallet.names].map(key => [key, wallet] as const)
    )
  )
)

/** A wallet as the catalog or a connector describes it. */
export interface WalletIdentity {
  id: string
  rdns?: string | undefined
  name?: string | undefined
}

/** The mobile-redirect entry for `wallet`, found by its id, then its rdns, then its name. */
export function mobileRedirectWalletFor(wallet: WalletIdentity): MobileRedirectWallet | undefined {
  const keys = [wallet.id, wallet.rdns, wallet.name?.trim().toLowerCase()]
  for (const key of keys) {
    if (key && Object.hasOwn(MOBILE_REDIRECT_WALLETS, key)) return MOBILE_REDIRECT_WALLETS[key]
  }
  return undefined
}

/**
 * Where to send the page when the visitor chooses `wallet` on mobile: the link opening `pageUrl`
 * (http or https) in the wallet's in-app browser. Undefined when `inAppBrowser` (already inside
 * that wallet's browser: see isInWalletBrowser), for a wallet not in MOBILE_REDIRECT_WALLETS, or for
 * a page URL that is not http(s). The caller decides that the page is on mobile.
 */
export function mobileRedirectFor(wallet: WalletIdentity, pageUrl: string, inAppBrowser: boolean): string | undefined {
  if (inAppBrowser) return undefined
  const entry = mobileRedirectWalletFor(wallet)
  if (!entry) return undefined
  let page: URL
  try {
    page = new URL(pageUrl)
  } catch {
    return undefined
  }
  return WEB_SCHEMES.has(page.protocol) ? entry.browseLink(page) : undefined
}

/** Wallet browsers that also set `ethereum.isMetaMask` for compatibility. */
const METAMASK_IMPERSONATORS = ['isCoinbaseWallet', 'isCoinbaseBrowser', 'isTrust', 'isTrustWallet', 'isBraveWallet']

/**
 * Whether the page runs inside the in-app browser of the wallet `walletKey`, from what it injects:
 * MetaMask's mobile browser (`ethereum.isMetaMask` with a mobile user agent and not another wallet
 * posing as MetaMask, or 'MetaMaskMobile' in the user agent), `window.phantom`, `window.solflare`,
 * Coinbase's `ethereum.isCoinbaseWallet` / `isCoinbaseBrowser` / `coinbaseSolana`, Trust's
 * `window.trustwallet` / `ethereum.isTrust`. Desktop extensions inject some of these too: ask only
 * on mobile. False without a window.
 */
export function isInWalletBrowser(walletKey: MobileRedirectKey, env?: PlatformEnv): boolean {
  const resolved = resolvePlatformEnv(env)
  if (!resolved) return false
  const { globals, userAgent } = resolved
  const ethereum = objectGlobal(globals, 'ethereum')
  const flag = (name: string) => ethereum?.[name] === true
  switch (walletKey) {
    case 'metamask':
      return (
        /MetaMaskMobile/.test(userAgent) ||
        (flag('isMetaMask') && isMobileUserAgent(resolved) && !METAMASK_IMPERSONATORS.some(flag))
      )
    case 'coinbase':
      return flag('isCoinbaseWallet') || flag('isCoinbaseBrowser') || globals['coinbaseSolana'] != null
    case 'phantom':
      return globals['phantom'] != null
    case 'solflare':
      return globals['solflare'] != null
    case 'trust':
      return globals['trustwallet'] != null || flag('isTrust') || flag('isTrustWallet')
  }
}
