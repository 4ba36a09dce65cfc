// Connecting the kit through the embedded wallet once its frame has logged in (an e-mail code or a
// social login): the AUTH connector on each namespace of the app's networks it serves (eip155 and
// solana), the active network's last so that its account is the one shown.
import { AUTH_CONNECTOR_ID } from '../../connectors/auth/auth-connector.js'
import { AUTH_CONNECTOR_NAMESPACES } from '../../config/auth-connector-ids.js'
import type { ChainNamespace } from '../../networks/types.js'
import { storedEmailLoginUsed, storedLastEmailLoginTime } from '../../storage/keys.js'
import { loadConnection } from '../connect/connection-loader.js'
import { $network } from '../network.js'
import { clearLoginCache } from './auth-session.js'

function authNamespaces(): ChainNamespace[] {
  const { networks, activeNetwork } = $network.get()
  const served = AUTH_CONNECTOR_NAMESPACES.filter(namespace =>
    networks.some(network => network.chainNamespace === namespace)
  )
  const active = activeNetwork?.chainNamespace
  return [...served.filter(namespace => namespace !== active), ...served.filter(namespace => namespace === active)]
}

/** Connects every namespace the embedded wallet serves; throws when none connected (the login cache is then cleared). */
export async function connectEmbeddedWallet(): Promise<void> {
  const connection = await loadConnection()
  let connected = false
  for (const namespace of authNamespaces()) {
    if (await connection.connect(AUTH_CONNECTOR_ID, namespace)) connected = true
  }
  if (!connected) {
    clearLoginCache()
    throw new Error('The embedded wallet did not connect')
  }
  storedEmailLoginUsed.set(true)
  storedLastEmailLoginTime.remove()
}
