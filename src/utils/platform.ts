/**
 * Where the page runs, for the rules that depend on it (pairing reuse, deep links). Each check takes
 * an optional `env` so tests can pass a user agent and globals; without one it reads `navigator` and
 * `window`, and answers false where there is no window (server-side rendering).
 */

import { web } from './web-globals.js'

/** What the platform checks read: the user agent, touch points and the page's globals. */
export interface PlatformEnv {
  /** navigator.userAgent; '' when not given. */
  userAgent?: string
  /** navigator.maxTouchPoints; 0 when not given. */
  maxTouchPoints?: number
  /** The page's globals (window); none when not given. */
  globals?: Record<string, unknown>
}

/** The env with every field filled: from `env` when given (missing fields empty), else from the page. */
export function resolvePlatformEnv(env?: PlatformEnv): Required<PlatformEnv> | undefined {
  if (env)
    return { userAgent: env.userAgent ?? '', maxTouchPoints: env.maxTouchPoints ?? 0, globals: env.globals ?? {} }
  const { window, navigator } = web
  if (!window || !navigator) return undefined
  return {
    userAgent: navigator.userAgent ?? '',
    maxTouchPoints: navigator.maxTouchPoints ?? 0,
    globals: window as unknown as Record<string, unknown>
  }
}

/** The object at `globals[name]`, or undefined when it is missing or not an object. */
export function objectGlobal(globals: Record<string, unknown>, name: string): Record<string, unknown> | undefined {
  const value = globals[name]
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined
}

/**
 * Whether the page runs inside Telegram: a Telegram Mini App (`Telegram.WebApp`), Telegram's in-app
 * browser (`TelegramWebviewProxy`), or a user agent that names Telegram.
 */
export function isTelegram(env?: PlatformEnv): boolean {
  const resolved = resolvePlatformEnv(env)
  if (!resolved) return false
  const { globals, userAgent } = resolved
  return (
    objectGlobal(globals, 'Telegram')?.['WebApp'] != null ||
    globals['TelegramWebviewProxy'] != null ||
    /Telegram/i.test(userAgent)
  )
}

/** Other browsers on iOS: they use WebKit too and put their own token in the user agent. */
const OTHER_IOS_BROWSERS = /CriOS|FxiOS|EdgiOS|OPiOS|OPT\/|YaBrowser|DuckDuckGo|GSA\/|Brave/
/** In-app web views (social apps, wallets, Telegram): not Safari even with Safari's tokens. */
const IN_APP_WEBVIEWS =
  /FBAN|FBAV|FB_IAB|Instagram|Line\/|MicroMessenger|Twitter|Snapchat|Telegram|WebView|MetaMaskMobile/i

/** Whether the device is an iPhone, iPad or iPod, including an iPad that reports a desktop Mac. */
export function isIosDevice(env?: PlatformEnv): boolean {
  const resolved = resolvePlatformEnv(env)
  if (!resolved) return false
  const { userAgent, maxTouchPoints } = resolved
  return /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1)
}

/**
 * Whether the page runs in Safari on iOS or iPadOS (where a deep link opened after an await is
 * blocked): an iOS device, WebKit with Safari's token, and neither another browser (Chrome, Firefox,
 * Edge, Opera...) nor an in-app web view. iPadOS Safari reports a Mac; touch points tell it apart.
 */
export function isIosSafari(env?: PlatformEnv): boolean {
  const resolved = resolvePlatformEnv(env)
  if (!resolved || !isIosDevice(resolved)) return false
  const { userAgent } = resolved
  return (
    /AppleWebKit/.test(userAgent) &&
    /Safari\//.test(userAgent) &&
    !OTHER_IOS_BROWSERS.test(userAgent) &&
    !IN_APP_WEBVIEWS.test(userAgent)
  )
}

/** Whether the user agent is a phone or tablet's (Android, iOS, iPadOS, or one saying "Mobile"). */
export function isMobileUserAgent(env?: PlatformEnv): boolean {
  const resolved = resolvePlatformEnv(env)
  if (!resolved) return false
  return isIosDevice(resolved) || /Android|Mobile/i.test(resolved.userAgent)
}
