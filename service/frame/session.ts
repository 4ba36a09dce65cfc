// What the frame keeps in its own origin's localStorage (service/frame/README.md, "The frame page"): a random
// device id (made once), and for each host page's origin its own session token and last EVM chain.
// Never keys: those live only in memory. Keys are prefixed '@appkit-wallet/' (docs/behaviour.md section 3).
// A session belongs to the host origin it was made for (issue 29): the browser gives the frame the
// same storage under every page that embeds it (same-site pages, or every origin a wildcard
// allows), and a login made for one of them must not answer another. A stored value that does not
// have its shape is dropped and logged, never thrown; a storage the browser refuses (blocked
// third-party storage) is replaced by one in memory, also logged.
import { web, type WebStorage } from '../../src/utils/web-globals.js'

/** The part of localStorage a session uses. */
export type SessionStorage = Pick<WebStorage, 'getItem' | 'setItem' | 'removeItem'>

export const DEVICE_ID_KEY = '@appkit-wallet/frame-device-id'
/** The token of the session made for `hostOrigin`. */
export const sessionTokenKey = (hostOrigin: string) => `@appkit-wallet/frame-session-token:${hostOrigin}`
/** The last chain the wallet was on for `hostOrigin`. */
export const lastChainKey = (hostOrigin: string) => `@appkit-wallet/frame-last-chain:${hostOrigin}`
/** Where a session of any host was kept before sessions had their host: dropped on sight. */
export const UNBOUND_SESSION_TOKEN_KEY = '@appkit-wallet/frame-session-token'
const UNBOUND_LAST_CHAIN_KEY = '@appkit-wallet/frame-last-chain'

/**
 * The chain the wallet is on before anyone switched it, when the app did not name its default
 * network (syncDappData's defaultChainId): the local development chain.
 */
export const DEFAULT_CHAIN_ID = 31337

const DEVICE_ID = /^[0-9a-f]{32}$/
/** A token travels in an Authorization header: printable ASCII, no spaces. */
const TOKEN = /^[\x21-\x7e]{16,1024}$/
const CHAIN = /^[1-9]\d{0,15}$/

export interface FrameSession {
  /** This browser's device id: made (32 random hex digits) and stored on first use. */
  deviceId(): string
  token(): string | undefined
  setToken(token: string | undefined): void
  /** The stored last chain, else the app's default network, else DEFAULT_CHAIN_ID. */
  lastChainId(): number
  setLastChainId(chainId: number): void
  /** The app's default EVM network (syncDappData): where the wallet is before anyone switched it. Not stored. */
  setDefaultChainId(chainId: number): void
}

/** Storage that lasts as long as the page: where localStorage is not given (and for tests outside a browser). */
export function memoryStorage(): SessionStorage {
  const values = new Map<string, string>()
  return {
    getItem: key => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: key => void values.delete(key)
  }
}

/** The page's localStorage, or one in memory when the browser does not give it to this frame. */
function defaultStorage(): SessionStorage {
  try {
    const storage = web.localStorage
    if (!storage) throw new ReferenceError('localStorage is not defined')
    storage.getItem(DEVICE_ID_KEY)
    return storage
  } catch (error) {
    console.warn('[frame] localStorage is not available, the session lasts as long as the page', error)
    return memoryStorage()
  }
}

function randomHex(bytes: number): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(bytes)), byte => byte.toString(16).padStart(2, '0')).join('')
}

/** The session of the host page at `hostOrigin` (the origin the frame serves, checked before). */
export function openSession(hostOrigin: string, storage: SessionStorage = defaultStorage()): FrameSession {
  const tokenKey = sessionTokenKey(hostOrigin)
  const chainKey = lastChainKey(hostOrigin)
  // A token kept before sessions had their host would answer whichever page embeds the frame.
  if (storage.getItem(UNBOUND_SESSION_TOKEN_KEY) !== null) {
    console.warn('[frame] dropped a session kept without its host page: log in again')
    storage.removeItem(UNBOUND_SESSION_TOKEN_KEY)
  }
  storage.removeItem(UNBOUND_LAST_CHAIN_KEY)

  /** The stored value when it has its shape; otherwise dropped (and logged when there was one). */
  function read(key: string, shape: RegExp): string | undefined {
    const value = storage.getItem(key)
    if (value === null) return undefined
    if (shape.test(value)) return value
    console.warn(`[frame] dropped a corrupt stored value: ${key}`)
    storage.removeItem(key)
    return undefined
  }

  let defaultChainId = DEFAULT_CHAIN_ID
  const checkedChain = (chainId: number): number => {
    if (!Number.isSafeInteger(chainId) || chainId <= 0) throw new Error(`Invalid chain id: ${chainId}`)
    return chainId
  }

  return {
    deviceId() {
      const stored = read(DEVICE_ID_KEY, DEVICE_ID)
      if (stored) return stored
      const id = randomHex(16)
      storage.setItem(DEVICE_ID_KEY, id)
      return id
    },
    token: () => read(tokenKey, TOKEN),
    setToken(token) {
      if (token === undefined) storage.removeItem(tokenKey)
      else storage.setItem(tokenKey, token)
    },
    lastChainId() {
      const stored = read(chainKey, CHAIN)
      const chainId = stored === undefined ? defaultChainId : Number(stored)
      return Number.isSafeInteger(chainId) ? chainId : defaultChainId
    },
    setLastChainId(chainId) {
      storage.setItem(chainKey, String(checkedChain(chainId)))
    },
    setDefaultChainId(chainId) {
      defaultChainId = checkedChain(chainId)
    }
  }
}
