// What the kit tells the embedded wallet's frame about the app's networks (service/frame/README.md,
// "Networks"): each EVM and Solana network with its http(s) RPC URL, which the frame calls itself for
// a network its backend does not serve; the EVM chain the frame starts on (the app's default network,
// or its first EVM one when the default is not EVM); and the origins of those URLs, which the frame's
// page must be allowed to connect to (its address carries them: service/backend/frame-app.ts). Knows no store.
import type { CaipNetwork } from '../../networks/types.js'
import type { FrameParams } from '../../frame/messages.js'
import { HTTP_URL } from '../../frame/messages.js'

export type AppNetworks = Required<Pick<FrameParams<'syncDappData'>, 'networks'>> &
  Pick<FrameParams<'syncDappData'>, 'defaultChainId'>

/** The app's networks for syncDappData, and the EVM chain the frame starts on. */
export function appNetworks(networks: readonly CaipNetwork[], defaultNetwork?: CaipNetwork): AppNetworks {
  const evm = [defaultNetwork ?? networks[0], ...networks].find(network => network?.chainNamespace === 'eip155')
  return {
    networks: networks.flatMap(({ caipNetworkId, chainNamespace, rpcUrls }) => {
      const rpcUrl = rpcUrls.default.http[0]
      const served = chainNamespace === 'eip155' || chainNamespace === 'solana'
      return served && rpcUrl && HTTP_URL.test(rpcUrl) ? [{ caipNetworkId, rpcUrl }] : []
    }),
    ...(evm ? { defaultChainId: Number(evm.id) } : {})
  }
}

/** The origins of the networks' RPC URLs, each once: what the frame's page may connect to. */
export function rpcOrigins(networks: AppNetworks['networks']): string[] {
  return [...new Set(networks.map(network => new URL(network.rpcUrl).origin))]
}
