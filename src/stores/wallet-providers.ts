/**
 * The connection as the app uses it (issue 31): for each connected namespace its wallet provider,
 * account, network and wallet. In the first load (chunks/core) so that the instance's getters
 * answer synchronously; only the bridge store (stores/connect/wallet-bridge.ts), which loads with
 * the connection code, writes it. A namespace's objects are replaced only when they change, so a
 * listener can compare them by identity.
 */
import { atom } from 'nanostores'
import type { AppKitEip1193Provider } from '../adapters/evm/wallet-provider.js'
import type { ConnectorType } from '../connectors/types.js'
import type { CaipNetwork, ChainNamespace } from '../networks/types.js'

/** A connected namespace's account. */
export interface NamespaceAccount {
  readonly address: string
  /** CAIP-10: `eip155:1:0xab…`. */
  readonly caipAddress: string
  /** Every account the wallet exposes there, the one in use first. */
  readonly allAccounts: readonly string[]
  readonly isConnected: true
  readonly status: 'connected'
}

/** The connected wallet: what the modal shows of it, and how it is reached. */
export interface WalletInfo {
  readonly name: string
  /** A safe image URL (https or data:image). */
  readonly icon?: string
  /** How it is reached: 'injected', 'announced' (EIP-6963 / Wallet Standard), 'walletConnect', 'auth' (the embedded wallet), 'external'. */
  readonly type: ConnectorType
  /** The connector's id (an EIP-6963 rdns, 'walletConnect', 'AUTH', ...). */
  readonly id: string
}

/** One connected namespace as the app sees it. */
export interface NamespaceWallet {
  /** eip155: an EIP-1193 provider; solana: the Solana provider (once its code has loaded). */
  readonly provider: AppKitEip1193Provider | object | undefined
  readonly providerType: ConnectorType
  readonly account: NamespaceAccount
  /** The network the wallet is on; undefined when the app does not list it. */
  readonly caipNetwork: CaipNetwork | undefined
  readonly walletInfo: WalletInfo
}

export interface WalletsState {
  /** The namespace the modal shows (what a getter without a namespace reads). */
  readonly active: ChainNamespace | undefined
  readonly wallets: Partial<Record<ChainNamespace, NamespaceWallet>>
}

export const $wallets = atom<WalletsState>({ active: undefined, wallets: {} })

/** `namespace`'s wallet, or the shown namespace's. */
export function walletOf(namespace?: ChainNamespace): NamespaceWallet | undefined {
  const { active, wallets } = $wallets.get()
  const key = namespace ?? active
  return key && wallets[key]
}
