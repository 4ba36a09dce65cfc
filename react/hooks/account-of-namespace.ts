import type { AccountState } from '../../src/stores/account.js'
import type { ConnectionState } from '../../src/stores/connection-state.js'
import type { ChainNamespace } from '../../src/networks/types.js'
import type { UseAppKitAccountReturn } from './use-app-kit-account.js'

/** What useAppKitAccount returns: the shown account, or `namespace`'s connection when another one is shown. */
export function accountOfNamespace(
  account: AccountState,
  connection: ConnectionState,
  namespace: ChainNamespace | undefined
): UseAppKitAccountReturn {
  if (!namespace || account.namespace === namespace) {
    const { address, caipAddress, status } = account
    return { address, caipAddress, isConnected: Boolean(address), status, embeddedWalletInfo: undefined }
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
