import { useMemo } from 'react'
import { $account, type AccountType, type ConnectionStatus } from '../../src/stores/account.js'
import { $connection } from '../../src/stores/connect/connection-state.js'
import type { ChainNamespace } from '../../src/networks/types.js'
import { accountOfNamespace } from './account-of-namespace.js'
import { useStoreValue } from './use-store-value.js'

export interface UseAppKitAccountOptions {
  /**
   * This namespace's account: an EVM and a Solana wallet may be connected together, and only one
   * of them is the shown (active) one.
   */
  readonly namespace?: ChainNamespace
}

export interface UseAppKitAccountReturn {
  readonly address: string | undefined
  /** The CAIP-10 address, such as `eip155:1:0xab...`. */
  readonly caipAddress: string | undefined
  readonly isConnected: boolean
  readonly status: ConnectionStatus
  /** The embedded wallet's details (e-mail, social and Farcaster logins); undefined for any other wallet. */
  readonly embeddedWalletInfo: EmbeddedWalletInfo | undefined
}

export interface EmbeddedWalletInfo {
  /** The login's e-mail, or its social user name. */
  readonly user: { readonly email?: string; readonly username?: string } | undefined
  /** 'email', or the social provider ('google', 'farcaster', …). */
  readonly authProvider: string
  /** The account in use: the smart account or the EOA. */
  readonly accountType: AccountType | undefined
  readonly isSmartAccountDeployed: boolean
}

/** The connected account: `const { address, isConnected } = useAppKitAccount()`. */
export function useAppKitAccount(options: UseAppKitAccountOptions = {}): UseAppKitAccountReturn {
  const account = useStoreValue($account)
  const connection = useStoreValue($connection)
  const { namespace } = options
  return useMemo(() => accountOfNamespace(account, connection, namespace), [account, connection, namespace])
}
