import type { ChainNamespace } from '../../networks/types.js'

/** A catalog wallet chosen for WalletConnect: what the QR views show of it and the links to its apps. */
export interface WalletConnectWallet {
  readonly id: string
  readonly name: string
  readonly rdns?: string
  /** A safe image URL (https, or the backend's), shown with `<img>`. */
  readonly imageUrl?: string
  readonly mobileLink?: string
  readonly desktopLink?: string
  readonly webappLink?: string
}

/** The accounts a WalletConnect session gives one namespace. */
export interface WalletConnectNamespaceAccounts {
  /** The chain reference the first account is on ('1', or a Solana genesis hash). */
  readonly chainId: string
  /** The addresses on that chain, the wallet's first one first. */
  readonly addresses: readonly string[]
}

export type WalletConnectAccounts = Partial<Record<ChainNamespace, WalletConnectNamespaceAccounts>>
