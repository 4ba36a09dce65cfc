import type { Connector, ConnectorEvent, ConnectorEventMap, ConnectorInfo } from '../../connectors/types.js'
import { AccountNotFoundError, ChainNotConfiguredError } from '../../errors/connector-errors.js'
import { UNRECOGNIZED_CHAIN_CODE } from '../../errors/switch-errors.js'
import { providerErrorCode } from '../../errors/visitor-message.js'
import type { CaipNetwork } from '../../networks/types.js'
import { safeParseEvmChainId, toHexChainId } from './chain-id.js'
import {
  accountsSchema,
  parseAccounts,
  parseChainId,
  parseQuantity,
  parseSendResult,
  parseSignature,
  type Eip1193Provider
} from './eip1193.js'
import { utf8ToHex } from '../../utils/base58.js'

export interface Eip1193ConnectorOptions extends ConnectorInfo {
  readonly provider: Eip1193Provider
}

/**
 * Codes with which a wallet says it cannot revoke permissions (it has no such method, or nothing
 * to revoke): disconnecting then only forgets the connection on the kit's side.
 */
const CANNOT_REVOKE = new Set([4100, 4200, -32601, -32602])
/** MetaMask's "disconnect" while it reconnects to its chains: not the end of the connection. */
const PROVIDER_RECONNECTING = 1013

/** The wallet_addEthereumChain parameters of a network (EIP-3085). */
export function addEthereumChainParameters(network: CaipNetwork) {
  const explorer = network.blockExplorers?.default.url
  return {
    chainId: toHexChainId(network.id),
    chainName: network.name,
    nativeCurrency: network.nativeCurrency,
    rpcUrls: [...network.rpcUrls.default.http],
    ...(explorer ? { blockExplorerUrls: [explorer] } : {})
  }
}

/**
 * A connector over an EIP-1193 provider: an EIP-6963 announced wallet or the legacy
 * window.ethereum. Every result it interprets is parsed (eip1193.ts); events with a payload that
 * does not parse are dropped.
 */
export function createEip1193Connector(options: Eip1193ConnectorOptions): Connector {
  const { provider, ...info } = options
  const request = (method: string, params?: readonly unknown[]) =>
    provider.request(params === undefined ? { method } : { method, params })

  const getChainId = async () => parseChainId('eth_chainId', await request('eth_chainId'))
  const getAccounts = async () => parseAccounts('eth_accounts', await request('eth_accounts'))

  const switchTo = (chainId: string) => request('wallet_switchEthereumChain', [{ chainId }])

  async function switchNetwork(network: CaipNetwork): Promise<void> {
    if (network.chainNamespace !== 'eip155') throw new ChainNotConfiguredError(network.caipNetworkId)
    const chainId = toHexChainId(network.id)
    try {
      await switchTo(chainId)
    } catch (error) {
      // 4902: the wallet does not know the chain. Add it (with the network's RPC and currency), then switch.
      if (providerErrorCode(error) !== UNRECOGNIZED_CHAIN_CODE) throw error
      await request('wallet_addEthereumChain', [addEthereumChainParameters(network)])
      await switchTo(chainId)
    }
  }

  return {
    ...info,
    getAccounts,
    getChainId,
    switchNetwork,

    async connect({ chainId } = {}) {
      const accounts = parseAccounts('eth_requestAccounts', await request('eth_requestAccounts'))
      const [address] = accounts
      if (!address) throw new AccountNotFoundError('(none)', info.name)
      let current = await getChainId()
      const wanted = chainId === undefined ? undefined : safeParseEvmChainId(chainId)
      if (wanted !== undefined && wanted !== current) {
        try {
          await switchTo(toHexChainId(wanted))
          current = await getChainId()
        } catch {
          // The wallet stays on its chain: the kit follows it (or shows that it is unsupported).
        }
      }
      return { address, chainId: current, accounts }
    },

    async reconnect() {
      const accounts = await getAccounts()
      const [address] = accounts
      if (!address) return undefined
      return { address, chainId: await getChainId(), accounts }
    },

    async disconnect() {
      try {
        await request('wallet_revokePermissions', [{ eth_accounts: {} }])
      } catch (error) {
        const code = providerErrorCode(error)
        if (code === undefined || !CANNOT_REVOKE.has(code)) throw error
      }
    },

    async getBalance(address) {
      return parseQuantity('eth_getBalance', await request('eth_getBalance', [address, 'latest']))
    },

    evmRequest: (method, params) => request(method, params),

    async signMessage(message, address) {
      return parseSignature('personal_sign', await request('personal_sign', [utf8ToHex(message), address]))
    },

    async sendTransaction(transaction) {
      if (transaction.namespace !== 'eip155') throw new ChainNotConfiguredError(transaction.namespace)
      const { from, to, value, data } = transaction
      const call = { from, to, value: `0x${value.toString(16)}`, data }
      return parseSendResult('eth_sendTransaction', await request('eth_sendTransaction', [call]))
    },

    on(event, listener) {
      // The payload is checked per event below; TypeScript cannot narrow the generic listener.
      const deliver = listener as (payload: ConnectorEventMap[ConnectorEvent]) => void
      const handler = (payload: unknown): void => {
        if (event === 'accountsChanged') {
          const accounts = accountsSchema.safeParse(payload)
          if (accounts.success) deliver(accounts.data)
        } else if (event === 'chainChanged') {
          const id = safeParseEvmChainId(payload)
          if (id !== undefined) deliver(id)
        } else if (providerErrorCode(payload) !== PROVIDER_RECONNECTING) {
          deliver(undefined)
        }
      }
      provider.on?.(event, handler)
      return () => {
        provider.removeListener?.(event, handler)
      }
    }
  }
}
