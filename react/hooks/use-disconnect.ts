import type { ChainNamespace } from '../../src/networks/types.js'

export interface UseDisconnectReturn {
  /**
   * Disconnects `namespace`'s wallet, or every connected wallet; resolves whether it did (a wallet
   * that fails shows 'Failed to disconnect' and stays connected).
   */
  disconnect(options?: { namespace?: ChainNamespace }): Promise<boolean>
}

const controls: UseDisconnectReturn = {
  disconnect: async ({ namespace } = {}) =>
    (await import('../../src/stores/connect/connection.js')).disconnect(namespace)
}

/** `const { disconnect } = useDisconnect()`; `disconnect({ namespace: 'solana' })` (issue 31). The function never changes. */
export function useDisconnect(): UseDisconnectReturn {
  return controls
}
