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

/**
 * A sign-in request carried by the session proposal (WalletConnect one-click authentication, eip155
 * only): the wallet answers with a signed CACAO per account, so connecting and signing in take one
 * approval. The fields are the message's (CAIP-122).
 */
export interface WalletConnectAuthRequest {
  readonly domain: string
  /** The CAIP-2 chains the wallet may sign in on. */
  readonly chains: readonly string[]
  readonly nonce: string
  readonly uri: string
  readonly statement?: string
  readonly exp?: string
  readonly nbf?: string
  readonly requestId?: string
  readonly resources?: readonly string[]
}
