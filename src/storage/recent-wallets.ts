import type { WalletCatalogItem } from '../api/schemas/catalog.js'
import { RECENT_WALLETS_KEPT } from '../config/constants.js'
import { storedRecentWallets } from './keys.js'

/** The recent wallets, newest first, at most RECENT_WALLETS_KEPT (2). */
export function getRecentWallets(): WalletCatalogItem[] {
  return (storedRecentWallets.get() ?? []).slice(0, RECENT_WALLETS_KEPT)
}

/** Puts `wallet` first (dropping an older entry with its id), keeps the 2 newest; returns the list stored. */
export function addRecentWallet(wallet: WalletCatalogItem): WalletCatalogItem[] {
  const wallets = [wallet, ...getRecentWallets().filter(recent => recent.id !== wallet.id)].slice(
    0,
    RECENT_WALLETS_KEPT
  )
  storedRecentWallets.set(wallets)
  return wallets
}
