import { WALLET_CONNECT_CONNECTOR_ID } from '../../connectors/walletconnect/entries.js'
import type { ChainNamespace } from '../../networks/types.js'
import type * as Connection from './connection.js'
import { loadOnce } from '../../utils/load-once.js'
import { pushView } from '../router.js'

type ConnectionModule = typeof Connection

/**
 * The connection code (connecting, WalletConnect, sessions, the account's details) is its own
 * chunk: the wallet list shows without it, and it loads when the visitor is about to choose a
 * wallet (pointer or focus on the list, or the browser idle with the list open). A failed load is
 * tried again on the next call.
 */
export const loadConnection: () => Promise<ConnectionModule> = loadOnce(() => import('./connection.js'))

/**
 * A wallet chosen from the list: WalletConnect opens its QR view; any other wallet opens
 * ConnectingExternal at once and is asked to connect when the connection code is here. Resolves
 * whether it connected.
 */
export async function selectConnector(connectorId: string, namespace?: ChainNamespace): Promise<boolean> {
  if (connectorId === WALLET_CONNECT_CONNECTOR_ID) {
    pushView('ConnectingWalletConnect')
    return false
  }
  pushView('ConnectingExternal', { connectorId, ...(namespace ? { namespace } : {}) })
  return (await loadConnection()).connect(connectorId, namespace)
}
