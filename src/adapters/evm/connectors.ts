import * as z from 'zod/mini'
import type { Connector } from '../../connectors/types.js'
import { isSafeImageUrl } from '../../utils/safe-image.js'
import { createEip1193Connector } from './eip1193-connector.js'
import { eip1193ProviderSchema, type Eip1193Provider } from './eip1193.js'

/**
 * The EVM adapter's wallets: every provider announced over EIP-6963, and the legacy
 * `window.ethereum` only when nothing announces. Loaded on first use (the adapter imports this
 * module dynamically), so discovery costs nothing at page load.
 */

const MAX_NAME_LENGTH = 64

const nonEmpty = z.string().check(z.trim(), z.minLength(1))

/** The detail of an `eip6963:announceProvider` event (EIP-6963): untrusted, parsed before use. */
export const announceDetailSchema = z.object({
  info: z.object({ uuid: nonEmpty, name: nonEmpty, icon: z.string(), rdns: nonEmpty }),
  provider: eip1193ProviderSchema
})
export type AnnouncedProvider = z.infer<typeof announceDetailSchema>

/** Announced providers by rdns (a wallet that announces again replaces its entry). */
let announced: Map<string, AnnouncedProvider> | undefined
const watchers = new Set<(connectors: readonly Connector[]) => void>()
/** One connector per provider object, so listeners and stored ids stay attached to the same one. */
let connectorsByProvider = new WeakMap<object, Connector>()

function connectorFor(provider: Eip1193Provider, make: () => Connector): Connector {
  let connector = connectorsByProvider.get(provider)
  if (!connector) {
    connector = make()
    connectorsByProvider.set(provider, connector)
  }
  return connector
}

function onAnnounce(event: Event): void {
  const parsed = announceDetailSchema.safeParse((event as CustomEvent<unknown>).detail)
  if (!parsed.success || !announced) return
  const { info, provider } = parsed.data
  if (announced.get(info.rdns)?.provider === provider) return
  announced.set(info.rdns, parsed.data)
  const connectors = currentEvmConnectors()
  for (const watcher of watchers) watcher(connectors)
}

/** Starts listening for EIP-6963 announcements and asks every wallet to announce itself. */
export function startEip6963Discovery(): void {
  if (announced || typeof window === 'undefined') return
  announced = new Map()
  window.addEventListener('eip6963:announceProvider', onAnnounce)
  window.dispatchEvent(new Event('eip6963:requestProvider'))
}

/** Forgets every announced wallet and stops listening (tests). */
export function resetEvmDiscovery(): void {
  if (typeof window !== 'undefined') window.removeEventListener('eip6963:announceProvider', onAnnounce)
  announced = undefined
  watchers.clear()
  connectorsByProvider = new WeakMap()
}

function announcedConnector({ info, provider }: AnnouncedProvider): Connector {
  return connectorFor(provider, () =>
    createEip1193Connector({
      id: info.rdns,
      name: info.name.slice(0, MAX_NAME_LENGTH),
      type: 'announced',
      namespace: 'eip155',
      rdns: info.rdns,
      ...(isSafeImageUrl(info.icon) ? { imageUrl: info.icon } : {}),
      provider
    })
  )
}

function legacyInjectedConnector(): Connector | undefined {
  if (typeof window === 'undefined') return undefined
  const parsed = eip1193ProviderSchema.safeParse((window as { ethereum?: unknown }).ethereum)
  if (!parsed.success) return undefined
  const provider = parsed.data
  return connectorFor(provider, () =>
    createEip1193Connector({ id: 'injected', name: 'Browser Wallet', type: 'injected', namespace: 'eip155', provider })
  )
}

/** The EVM connectors known now: the announced ones, else window.ethereum, else none. */
export function currentEvmConnectors(): Connector[] {
  const list = [...(announced?.values() ?? [])].map(announcedConnector)
  if (list.length > 0) return list
  const legacy = legacyInjectedConnector()
  return legacy ? [legacy] : []
}

/**
 * Discovers the EVM wallets: asks for announcements, gives wallets that answer asynchronously a
 * task's time, and returns what is known then.
 */
export async function loadEvmConnectors(): Promise<Connector[]> {
  startEip6963Discovery()
  await new Promise(resolve => setTimeout(resolve, 0))
  return currentEvmConnectors()
}

/**
 * Calls `listener` with the whole list whenever a wallet announces itself later, and once at once:
 * a wallet may have announced between the first discovery and this call.
 */
export function watchEvmConnectors(listener: (connectors: readonly Connector[]) => void): () => void {
  startEip6963Discovery()
  watchers.add(listener)
  listener(currentEvmConnectors())
  return () => {
    watchers.delete(listener)
  }
}

/** The adapter's discovery (src/adapters/lazy-adapter.ts): this module is what its dynamic import gives. */
export { loadEvmConnectors as load, watchEvmConnectors as watch }
