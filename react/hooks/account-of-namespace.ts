import type { AccountState } from '../../src/stores/account.js'
import type { ConnectionState } from '../../src/stores/connect/connection-state.js'
import type { ChainNamespace } from '../../src/networks/types.js'
import { AUTH_CONNECTOR_ID } from '../../src/config/auth-connector-ids.js'
import type { EmbeddedWalletInfo, UseAppKitAccountReturn } from './use-app-kit-account.js'

/** The shown account's embedded-wallet details, when the embedded wallet (the AUTH connector) is it. */
function embeddedWalletOf(account: AccountState): EmbeddedWalletInfo | undefined {
  if (account.connectedWalletInfo?.connectorId !== AUTH_CONNECTOR_ID) return undefined
  return {
    user: account.user,
    authProvider: account.socialProvider ?? 'email',
    accountType: account.preferredAccountType,
    isSmartAccountDeployed: account.smartAccountDeployed ?? false
  }
}

/** What useAppKitAccount returns: the shown account, or `namespace`'s connection when another one is shown. */
export function accountOfNamespace(
  account: AccountState,
  connection: ConnectionState,
  namespace: ChainNamespace | undefined
): UseAppKitAccountReturn {
  if (!namespace || account.namespace === namespace) {
    const { address, caipAddress, status } = account
    return {
      address,
      caipAddress,
      isConnected: Boolean(address),
      status,
      embeddedWalletInfo: embeddedWalletOf(account)
    }
  }
  const other = connection.connections[namespace]
  return {
    address: other?.address,
    caipAddress: other?.caipAddress,
    isConnected: other !== undefined,
    status: other ? 'connected' : connection.status === 'reconnecting' ? 'reconnecting' : 'disconnected',
    embeddedWalletInfo: undefined
  }
}
