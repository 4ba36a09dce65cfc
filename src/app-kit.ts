import { parseOptions, type AppKitOptionsInput, type ThemeMode, type ThemeVariables } from './config/options.js'
import { parseLocale } from './config/locale-input.js'
import { parseThemeMode, parseThemeVariables } from './config/theme-input.js'
import type { ViewName } from './config/views.js'
import type { Locale } from './i18n/locales.js'
import type { MessageOverrides } from './i18n/overrides.js'
import type { ChainNamespace } from './networks/types.js'
import { initializeStores } from './stores/initialize.js'
import { pageLocale } from './i18n/locales.js'
import { $locale, initializeLocale, setLocale, setMessages } from './stores/locale.js'
import { $account } from './stores/account.js'
import { $modal, closeModal, openModal } from './stores/modal.js'
import { $router } from './stores/router-state.js'
import { $publicState, type PublicState } from './stores/public-state.js'
import type { KitEvent } from './stores/kit-events.js'
import type { SmartSession } from './api/schemas/index.js'
import type { PermissionRequest } from './api/schemas/permissions.js'
import type { GrantedSmartSession } from './stores/smart-sessions.js'
import type { ModalTransition } from './stores/modal-events.js'
import { $resolvedThemeMode, $theme, setThemeMode, setThemeVariables } from './stores/theme.js'
import { AUTO_MOUNTED_ATTRIBUTE } from './elements/w3m-modal.js'
import { prefetchView } from './elements/shared/prefetch-view.js'
import { whenIdle } from './utils/idle.js'
import { walletApi, type WalletApi } from './wallet-api.js'
import { ACTIVE_NETWORK_KEY, CONNECTIONS_KEY, isStored } from './storage/storage-key.js'
import './elements/buttons/appkit-button.js'
import './elements/buttons/appkit-network-button.js'

export interface ThemeSnapshot {
  readonly themeMode: ThemeMode
  readonly themeVariables: ThemeVariables
}

/**
 * The handle createAppKit returns: open and close the modal, read and follow its state and theme,
 * and reach the connected wallets (WalletApi: src/wallet-api.ts).
 */
export interface AppKit extends WalletApi {
  open(options?: { view?: ViewName }): Promise<void>
  close(): void
  getState(): PublicState
  subscribeState(callback: (state: PublicState) => void): () => void
  getThemeMode(): ThemeMode
  setThemeMode(mode: ThemeMode): void
  getThemeVariables(): ThemeVariables
  setThemeVariables(variables: ThemeVariables): void
  subscribeTheme(callback: (theme: ThemeSnapshot) => void): () => void
  /**
   * Disconnects `namespace`'s wallet, or every connected wallet; resolves whether it did (a wallet
   * that fails shows 'Failed to disconnect' and stays connected).
   */
  disconnect(namespace?: ChainNamespace): Promise<boolean>
  /** The language the modal renders in. */
  getLocale(): Locale
  /**
   * Switches the modal's language live (open views re-render without closing); resolves once the
   * texts are loaded. A locale the kit does not ship throws an AppKitOptionsError.
   */
  setLocale(locale: Locale): Promise<void>
  /** Replaces the app's own texts (see the `messages` option); rejects naming any unknown id. */
  setMessages(messages: MessageOverrides): Promise<void>
  subscribeLocale(callback: (locale: Locale) => void): () => void
  /** Follows the kit's events (ERROR_FETCH_TRANSACTIONS, ...); returns the unsubscribe function. */
  subscribeEvents(callback: (event: KitEvent) => void): () => void
  /**
   * Smart sessions (features.smartSessions; docs/guides/smart-sessions.md): asks the visitor, in
   * the embedded wallet, to let a key the app holds move one token up to a limit until an expiry
   * (ERC-7715 wallet_grantPermissions); the smart account enforces it on chain. Resolves with the
   * grant, its backend id (`pci`) and the bundler URL for the key's user operations.
   */
  grantPermissions(request: PermissionRequest): Promise<GrantedSmartSession>
  /** Revokes the session `pci` on chain and on the backend (the visitor approves in the wallet). */
  revokePermissions(pci: string): Promise<void>
  /** The connected account's smart sessions as the backend records them. */
  getSmartSessions(): Promise<readonly SmartSession[]>
}

/** Smart sessions' code, loaded with the first call. */
const smartSessions = () => import('./stores/smart-sessions.js')

function themeSnapshot(): ThemeSnapshot {
  return { themeMode: $resolvedThemeMode.get(), themeVariables: $theme.get().themeVariables }
}

/**
 * Puts one <w3m-modal> on the page unless the page has one; a second createAppKit reuses it. A
 * modal the app renders itself later (for example React's <W3mModal>) replaces this one.
 */
function mountModal(): void {
  if (typeof document === 'undefined' || document.querySelector('w3m-modal')) return
  const modal = document.createElement('w3m-modal')
  modal.setAttribute(AUTO_MOUNTED_ATTRIBUTE, '')
  document.body.append(modal)
}

/**
 * Restores the visitor's connection and network on load, without a prompt (docs/behaviour.md section 4),
 * and discovers the wallets. The connection code is its own chunk: for a visitor who has
 * something stored it loads at once; on a bare page it waits until the browser is idle. Never for
 * an app with neither adapters nor WalletConnect, or on a server.
 */
function startConnection(needed: boolean): void {
  if (!needed || typeof window === 'undefined') return
  const start = (): void =>
    void import('./stores/connect/start-connection.js')
      .then(module => module.startConnection())
      .catch((error: unknown) => console.warn('[appkit] Reconnecting failed:', error))
  if (isStored(CONNECTIONS_KEY) || isStored(ACTIVE_NETWORK_KEY)) start()
  else whenIdle(start)
}

/**
 * The project's remote features (GET /appkit/v1/config) merge into the options once the page is
 * idle, before the Connect view needs them; the app's explicit `features` keys win. Only with a
 * backend and a project id, and never on a server.
 */
function loadRemoteFeaturesWhenIdle(
  { apiUrl, projectId }: { apiUrl?: string; projectId: string },
  features: object | undefined
): void {
  // Without a project id nothing is asked of the backend (its alert says why).
  if (!apiUrl || !projectId.trim() || typeof window === 'undefined') return
  const explicit = new Set(Object.keys(features ?? {}))
  whenIdle(
    () =>
      void import('./stores/remote-features.js')
        .then(module => module.loadRemoteFeatures(explicit))
        .catch((error: unknown) => console.warn('[appkit] Remote features failed:', error))
  )
}

/** The recording of the modal's openings and the kit's events until they are followed (startProjectOnFirstOpen). */
let stopRecording: (() => void) | undefined

/** At most this many of the kit's events wait for analytics (a page whose modal never opens keeps no more). */
const EARLY_EVENTS_MAX = 100

/**
 * The project's checks (their alerts show in the modal), analytics and the modal's events start
 * when the modal first opens (stores/project-start.ts), once its first view is painted (idle time
 * comes after the opening's frame): nothing of them loads before the visitor asks for the modal,
 * nor in the click. Never on a server. The kit's events from now until then (a reconnect on load,
 * a `disconnect()` from the app) are kept for analytics, which sends them once the project passes.
 */
function startProjectOnFirstOpen(): void {
  if (typeof window === 'undefined') return
  // A kit created again records for itself.
  stopRecording?.()
  const events: KitEvent[] = []
  let stopEvents: (() => void) | undefined
  let stopped = false
  // The stream's module is loaded by whatever emits first; listening waits for it too.
  void import('./stores/kit-events.js').then(module => {
    if (!stopped) stopEvents = module.onKitEvent(event => void (events.length < EARLY_EVENTS_MAX && events.push(event)))
  })
  const stop = (): void => {
    stopped = true
    stopModal()
    stopEvents?.()
  }
  // Each opening and closing until the modal's events are followed, as it stood then: the visitor
  // may close the modal, and open it again, before the page is idle or the chunk has loaded.
  const transitions: ModalTransition[] = []
  const stopModal = $modal.listen(({ open }) => {
    if (open === Boolean(transitions[transitions.length - 1]?.open)) return
    transitions.push({ open, view: $router.get().view, connected: Boolean($account.get().address) })
    if (transitions[1]) return
    // Idle comes after the first view painted; the later deadline (10 s, not whenIdle's 2 s) keeps
    // that order on a busy page, where the view's own chunk may take seconds to arrive.
    whenIdle(() => {
      void import('./stores/project-start.js')
        .then(module => module.startProject({ transitions, events, stop }))
        .catch((error: unknown) => console.warn('[appkit] Starting the project failed:', error))
    }, 10_000)
  })
  stopRecording = stop
}

/**
 * Creates the kit: parses the options (a bad one throws an AppKitOptionsError naming it), fills
 * the stores, and puts the modal on the page. Safe to call on a server, where it touches no DOM.
 */
export function createAppKit(input: AppKitOptionsInput): AppKit {
  const options = parseOptions(input)
  initializeStores(options)
  // The page's language (<html lang>, the browser's) is read here, not in a store.
  if (typeof window !== 'undefined') initializeLocale(options.locale ?? pageLocale(), options.messages)
  mountModal()
  startConnection(options.adapters.length > 0 || options.enableWalletConnect)
  whenIdle(() => prefetchView())
  loadRemoteFeaturesWhenIdle(options, input.features)
  startProjectOnFirstOpen()
  return {
    ...walletApi,
    open: async (openOptions = {}) => openModal(openOptions),
    close: () => void closeModal(),
    getState: () => $publicState.get(),
    subscribeState: callback => $publicState.listen(callback),
    getThemeMode: () => $resolvedThemeMode.get(),
    setThemeMode: mode => setThemeMode(parseThemeMode(mode)),
    getThemeVariables: () => $theme.get().themeVariables,
    setThemeVariables: variables => setThemeVariables(parseThemeVariables(variables)),
    subscribeTheme: callback => {
      const stops = [
        $theme.listen(() => callback(themeSnapshot())),
        $resolvedThemeMode.listen(() => callback(themeSnapshot()))
      ]
      return () => stops.forEach(stop => stop())
    },
    disconnect: async namespace => (await import('./stores/connect/connection.js')).disconnect(namespace),
    getLocale: () => $locale.get().locale,
    setLocale: async locale => setLocale(parseLocale(locale)),
    setMessages,
    subscribeLocale: callback => {
      let last = $locale.get().locale
      return $locale.listen(({ locale }) => {
        if (locale !== last) callback((last = locale))
      })
    },
    subscribeEvents: callback => {
      // The stream's module loads with the first flow that emits, not with the page.
      let stop: (() => void) | undefined
      let stopped = false
      void import('./stores/kit-events.js').then(module => {
        if (!stopped) stop = module.onKitEvent(callback)
      })
      return () => {
        stopped = true
        stop?.()
      }
    },
    grantPermissions: async request => (await smartSessions()).grantPermissions(request),
    revokePermissions: async pci => (await smartSessions()).revokePermissions(pci),
    getSmartSessions: async () => (await smartSessions()).smartSessions()
  }
}
