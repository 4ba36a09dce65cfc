/**
 * The browser's globals, for code that also runs on a server or under Node's test runner (the API
 * clients, SIWX, i18n, storage, the wallet frame's core): each is undefined where the runtime has
 * none. Typed here with what the kit reads, not with the DOM library, so that this code
 * type-checks in the Node project (tsconfig.node.json) as well as in the browser one; the DOM's
 * own objects fit these types.
 */

export interface WebStorage {
  readonly length: number
  key(index: number): string | null
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

export interface WebNavigator {
  readonly userAgent?: string
  readonly maxTouchPoints?: number
  readonly language?: string
  readonly languages?: readonly string[]
  sendBeacon?(url: string, data: Blob): boolean
}

export interface WebWindow {
  open(url: string, target: string, features: string): unknown
  readonly location: { href: string }
}

interface WebGlobals {
  readonly window?: WebWindow
  readonly navigator?: WebNavigator
  readonly document?: { readonly documentElement: { readonly lang: string } }
  readonly location?: { readonly host: string; readonly href: string }
  readonly localStorage?: WebStorage
  readonly CSS?: { supports(property: string, value: string): boolean }
}

/** globalThis with the browser's globals as optional: read them as `web.navigator?.userAgent`. */
export const web = globalThis as unknown as WebGlobals

/** fetch's cache modes (RequestInit.cache): Node's fetch types do not name them. */
export type FetchCacheMode = 'default' | 'no-store' | 'reload' | 'no-cache' | 'force-cache' | 'only-if-cached'

/** RequestInit with the browser's `cache` option, which a browser's fetch honours. */
export type FetchInit = RequestInit & { cache?: FetchCacheMode }
