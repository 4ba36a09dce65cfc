/**
 * The EIP-1193 provider wagmi's connector hands to viem (issue 31): one object for the page's
 * life, over whichever connection the kit has on eip155 now. Built as the app's own provider is
 * (adapters/evm/wallet-provider.ts): accounts and chain answered from the kit, a switch through
 * the kit's switch (the modal follows). The wallet's own methods (signing, sending, wallet_*) go
 * to the kit's provider of the connection (getWalletProvider('eip155')), so the embedded wallet or
 * WalletConnect answers them; plain reads go to the app's transports (a WalletConnect wallet need
 * not answer them). Its events are raised by the sync (sync.ts); while the kit has no connection,
 * `eth_accounts` is empty and the wallet's methods fail with 4900.
 */
import { createEip1193Provider, type Eip1193Handle } from '../adapters/evm/wallet-provider.js'
import { DISCONNECTED_CODE, rpcError } from '../errors/rpc-error.js'
import type { KitPort } from './kit-port.js'

/** Methods the wallet answers (with wallet_*); every other one is a read of the chain. */
const WALLET_METHODS = new Set([
  'eth_sendTransaction',
  'eth_signTransaction',
  'eth_sign',
  'personal_sign',
  'eth_signTypedData',
  'eth_signTypedData_v3',
  'eth_signTypedData_v4'
])

const isWalletMethod = (method: string) => WALLET_METHODS.has(method) || method.startsWith('wallet_')

/** A read of `chainId` through the app's transports; undefined when the app configured none for it. */
export type ReadRequest = (chainId: number, method: string, params: readonly unknown[]) => Promise<unknown> | undefined

export function createBridgeProvider(port: KitPort, read: ReadRequest, defaultChainId: number): Eip1193Handle {
  return createEip1193Provider({
    request: async (method, params) => {
      const session = port.session()
      if (!session) throw rpcError(DISCONNECTED_CODE, 'The wallet is disconnected')
      const answer = isWalletMethod(method) ? undefined : read(session.chainId, method, params)
      return answer ?? session.provider.request({ method, params })
    },
    accounts: () => port.session()?.accounts ?? [],
    chainId: () => port.session()?.chainId ?? defaultChainId,
    switchChain: chainId => port.switchChain(chainId)
  })
}
