/**
 * `appkit-elements/wagmi` (issue 31; docs/guides/wagmi.md): the kit's EVM adapter with a wagmi
 * `Config` whose one connector is the kit's connection. Connect in our modal and wagmi's hooks
 * see it; wagmi's disconnect and switchChain go through the kit. The kit's storage is the source
 * of truth on reload: wagmi stores nothing of the connection, and its reconnect only takes what
 * the kit restored. The only module that loads @wagmi/core (an optional peer dependency).
 */
import { createConfig, createStorage, http, noopStorage, type Config, type Storage, type Transport } from '@wagmi/core'
import type { Chain } from 'viem'
import { evmAdapter } from '../adapters/evm/index.js'
import type { NamespaceAdapter } from '../adapters/types.js'
import { fromViemChain } from '../config/network-input.js'
import type { NetworkInput } from '../config/options.js'
import type { CaipNetwork } from '../networks/types.js'
import { appkitConnector, APPKIT_CONNECTOR_ID } from './bridge-connector.js'
import { createBridgeProvider } from './bridge-provider.js'
import { kitPort } from './kit-port.js'
import { keepInStep } from './sync.js'

export { APPKIT_CONNECTOR_ID }

export interface WagmiAdapterOptions {
  /**
   * The app's networks, viem chains or the kit's CAIP networks: pass the same list to createAppKit.
   * The eip155 ones are wagmi's chains (at least one).
   */
  readonly networks: readonly NetworkInput[]
  /** wagmi's `ssr` (Next.js, Remix): it reconnects after hydration instead of at creation. */
  readonly ssr?: boolean
  /**
   * wagmi's own storage. By default it keeps nothing (the kit's storage is the source of truth);
   * an app may give one (cookieStorage for a connected first paint with `cookieToInitialState`): it
   * is a copy wagmi writes, and the kit still decides on reconnect.
   */
  readonly storage?: Storage | null
  /** Transports by chain id; by default http() on each chain's first RPC URL. */
  readonly transports?: Record<number, Transport>
}

export interface WagmiAdapter extends NamespaceAdapter {
  /** For `<WagmiProvider config={adapter.wagmiConfig}>` and @wagmi/core's actions. */
  readonly wagmiConfig: Config
  /** The eip155 networks as the kit takes them (createAppKit's `networks` may be this list). */
  readonly networks: readonly CaipNetwork[]
}

/** The eip155 networks of `networks` as wagmi's chains (a CAIP network has a viem chain's shape). */
function chainsOf(networks: readonly CaipNetwork[]): readonly [Chain, ...Chain[]] {
  const chains = networks.map(network => ({ ...network, id: Number(network.id) }) as unknown as Chain)
  const [first, ...rest] = chains
  if (!first) throw new TypeError('wagmiAdapter: "networks" needs at least one eip155 network (a viem chain)')
  return [first, ...rest]
}

/**
 * The kit's EVM adapter (what evmAdapter() returns: `createAppKit({ adapters: [wagmiAdapter(...)] })`)
 * with `wagmiConfig`. Safe on a server: nothing here touches the page until the app mounts wagmi.
 */
export function wagmiAdapter(options: WagmiAdapterOptions): WagmiAdapter {
  const networks = options.networks
    .map(network => fromViemChain(network) as CaipNetwork)
    .filter(network => network.chainNamespace === 'eip155')
  const chains = chainsOf(networks)
  const provider = createBridgeProvider(
    kitPort,
    (chainId, method, params) => {
      if (!chains.some(chain => chain.id === chainId)) return undefined
      return wagmiConfig.getClient({ chainId }).request({ method, params } as never)
    },
    chains[0].id
  )
  const wagmiConfig = createConfig({
    chains,
    connectors: [appkitConnector(kitPort, provider)],
    // No EIP-6963 connectors of wagmi's own: the kit discovers the wallets, wagmi sees only its connection.
    multiInjectedProviderDiscovery: false,
    ssr: options.ssr ?? false,
    // Not `null`: with `ssr` wagmi's hydration needs a persisted store (it throws without one).
    storage: options.storage ?? createStorage({ storage: noopStorage, key: 'appkit.wagmi' }),
    transports:
      options.transports ?? Object.fromEntries(chains.map(chain => [chain.id, http(chain.rpcUrls.default.http[0])]))
  })
  const connector = wagmiConfig.connectors.find(candidate => candidate.id === APPKIT_CONNECTOR_ID)
  if (connector) keepInStep(wagmiConfig, connector, kitPort, provider)
  return { ...evmAdapter(), defaultNetworks: networks, networks, wagmiConfig }
}
