import { useEffect, useMemo, useState } from 'react'
import type { Connection } from '@solana/web3.js'
import { $network } from '../../src/stores/network.js'
import { useStoreValue } from './use-store-value.js'

export interface UseAppKitConnectionReturn {
  /**
   * A web3.js Connection to the active Solana network's RPC ('confirmed' commitment); undefined
   * while the active network is not a Solana one, and until @solana/web3.js has loaded.
   */
  readonly connection: Connection | undefined
}

/** One Connection per network, shared by every component (and kept across renders). */
const connections = new Map<string, Connection>()

/**
 * `const { connection } = useAppKitConnection()` (issue 31): for reading the chain and building
 * transactions that `useAppKitProvider('solana')` signs. @solana/web3.js loads with the first use.
 */
export function useAppKitConnection(): UseAppKitConnectionReturn {
  const { activeNetwork } = useStoreValue($network)
  const solana = activeNetwork?.chainNamespace === 'solana' ? activeNetwork : undefined
  const [, setLoaded] = useState(0)
  const id = solana?.caipNetworkId
  const url = solana?.rpcUrls.default.http[0]
  useEffect(() => {
    if (!id || !url || connections.has(id)) return
    let live = true
    void import('@solana/web3.js').then(
      ({ Connection }) => {
        if (!connections.has(id)) connections.set(id, new Connection(url, 'confirmed'))
        if (live) setLoaded(count => count + 1)
      },
      (error: unknown) => console.warn('[appkit] @solana/web3.js could not load:', error)
    )
    return () => {
      live = false
    }
  }, [id, url])
  const connection = id ? connections.get(id) : undefined
  return useMemo(() => ({ connection }), [connection])
}
