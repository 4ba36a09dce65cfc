// The embedded wallet's connectors, one per namespace it serves (eip155 and solana), over one
// frame and one login. Each namespace's connection uses the login; disconnecting the last one signs
// the frame out. A login that ended on the frame's backend ('Session Expired') disconnects every
// namespace (their 'disconnect' event). Knows no store: `onSignedOut` tells the caller when the
// login ended (a sign-out, or a frame that says it is no longer logged in).
import type { ChainNamespace } from '../../networks/types.js'
import type { Connector, TypedAccount } from '../types.js'
import type { AuthClient } from './auth-client.js'
import { createAuthConnector } from './auth-connector.js'
import { createSolanaAuthConnector } from './solana-auth-connector.js'

export interface AuthConnectorsOptions {
  readonly client: AuthClient
  readonly onSignedOut?: () => void
  /** The account type the app prefers on eip155 now (see createAuthConnector). */
  readonly preferredAccountType?: () => TypedAccount['type']
}

export function createAuthConnectors({
  client,
  onSignedOut,
  preferredAccountType
}: AuthConnectorsOptions): readonly Connector[] {
  const live = new Set<ChainNamespace>()

  async function isLoggedIn(): Promise<boolean> {
    let connected = false
    try {
      connected = (await client.request('isConnected', {})).isConnected
    } catch (error) {
      console.warn('[appkit] The embedded wallet could not say whether it is logged in:', error)
    }
    if (!connected) onSignedOut?.()
    return connected
  }

  function releaser(namespace: ChainNamespace) {
    return async (): Promise<void> => {
      live.delete(namespace)
      if (live.size > 0) return
      await client.request('signOut', {})
      onSignedOut?.()
    }
  }

  /** `connector` whose connections count as uses of the login. */
  function counted(connector: Connector): Connector {
    return {
      ...connector,
      async connect(options) {
        const result = await connector.connect(options)
        live.add(connector.namespace)
        return result
      },
      async reconnect(options) {
        const result = await connector.reconnect(options)
        if (result) live.add(connector.namespace)
        return result
      },
      on(event, listener) {
        const stop = connector.on(event, listener)
        if (event !== 'disconnect') return stop
        const stopEnded = client.onSessionEnded(() => {
          live.delete(connector.namespace)
          ;(listener as (payload: undefined) => void)(undefined)
        })
        return () => {
          stop()
          stopEnded()
        }
      }
    }
  }

  return [
    counted(
      createAuthConnector({
        client,
        isLoggedIn,
        release: releaser('eip155'),
        ...(preferredAccountType ? { preferredAccountType } : {})
      })
    ),
    counted(createSolanaAuthConnector({ client, isLoggedIn, release: releaser('solana') }))
  ]
}
