import { useMemo } from 'react'
import { $wallets, type WalletInfo } from '../../src/stores/wallet-providers.js'
import { useStoreValue } from './use-store-value.js'

export interface UseWalletInfoReturn {
  /** The connected wallet the modal shows: name, icon, connector type and id; undefined when none is. */
  readonly walletInfo: WalletInfo | undefined
}

/** The connected wallet: `const { walletInfo } = useWalletInfo()` (issue 31). */
export function useWalletInfo(): UseWalletInfoReturn {
  const { active, wallets } = useStoreValue($wallets)
  const walletInfo = active ? wallets[active]?.walletInfo : undefined
  return useMemo(() => ({ walletInfo }), [walletInfo])
}
