import { useMemo } from 'react'
import { $account, disconnectedAccount, type ConnectionStatus } from '../../src/stores/account.js'
import type { ChainNamespace } from '../../src/networks/types.js'
import { useStoreValue } from './use-store-value.js'

export interface UseAppKitAccountOptions {
  /** Only this namespace's account: another namespace's reads as disconnected. */
  readonly namespace?: ChainNamespace
}

export interface UseAppKitAccountReturn {
  readonly address: string | undefined
  /** The CAIP-10 address, such as `eip155:1:0xab...`. */
  readonly caipAddress: string | undefined
  readonly isConnected: boolean
  readonly status: ConnectionStatus
  /** The embedded (e-mail and social) wallet's details; the kit has no embedded wallet yet. */
  readonly embeddedWalletInfo: undefined
}

/** The connected account: `const { address, isConnected } = useAppKitAccount()`. */
export function useAppKitAccount(options: UseAppKitAccountOptions = {}): UseAppKitAccountReturn {
  const account = useStoreValue($account)
  const { namespace } = options
  return useMemo(() => {
    const { address, caipAddress, status } =
      namespace && account.namespace !== namespace ? disconnectedAccount : account
    return { address, caipAddress, isConnected: Boolean(address), status, embeddedWalletInfo: undefined }
  }, [account, namespace])
}
