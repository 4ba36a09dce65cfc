import type { TokenBalance } from '../api/schemas/balance.js'
import { map } from 'nanostores'
import type { ChainNamespace } from '../networks/types.js'
import type { PreferredAccountType, PreferredAccountTypes } from '../storage/keys.js'

export type ConnectionStatus = 'disconnected' | 'connecting' | 'reconnecting' | 'connected'

export type AccountType = PreferredAccountType

/** The account types the kit prefers by namespace (docs/behaviour.md section 11) until the visitor chooses. */
export const DEFAULT_PREFERRED_ACCOUNT_TYPES: Readonly<Record<ChainNamespace, AccountType>> = {
  eip155: 'smartAccount',
  solana: 'eoa',
  bip122: 'payment',
  polkadot: 'eoa'
}

/** One account the connected wallet exposes. */
export interface ConnectedAccount {
  readonly namespace: ChainNamespace
  readonly address: string
  readonly type: AccountType
}

export interface ConnectedWalletInfo {
  readonly name: string
  /** A safe image URL (https or data:image), shown with <img>. */
  readonly icon?: string
  /** The connector it came through. */
  readonly connectorId?: string
}

/** The account state of docs/behaviour.md section 3, for the active namespace. */
export interface AccountState {
  readonly namespace: ChainNamespace | undefined
  /** CAIP-10: `eip155:1:0xab…`. */
  readonly caipAddress: string | undefined
  readonly address: string | undefined
  /** The native balance as a decimal string in whole units ('1.5'), undefined until known. */
  readonly balance: string | undefined
  readonly balanceSymbol: string | undefined
  /** True while the native balance is being fetched. */
  readonly balanceLoading?: boolean
  readonly profileName: string | undefined
  /** A safe image URL of the identity's avatar. */
  readonly profileImage: string | undefined
  /** The embedded wallet's user (e-mail and social login); none for an external wallet. */
  readonly user?: { readonly email?: string; readonly username?: string }
  /** The account's token balances on its network, as the Tokens list shows them (stores/account/token-balances.ts). */
  readonly tokenBalance?: readonly TokenBalance[]
  readonly smartAccountDeployed?: boolean
  /** The chain ids where the connected wallet offers a smart account (the embedded wallet; stored too). */
  readonly smartAccountNetworks?: readonly number[]
  /** The names of the connected addresses (their resolved or registered name), by address. */
  readonly addressLabels?: Readonly<Record<string, string>>
  /** Every account the wallet exposes, the shown one first. */
  readonly allAccounts?: readonly ConnectedAccount[]
  /** The account type wanted on each namespace (docs/behaviour.md section 11 defaults, or the stored choice). */
  readonly preferredAccountTypes?: PreferredAccountTypes
  /** The type of the connected account. */
  readonly preferredAccountType: AccountType | undefined
  readonly socialProvider?: string
  readonly connectedWalletInfo: ConnectedWalletInfo | undefined
  readonly status: ConnectionStatus
}

export const disconnectedAccount: AccountState = {
  namespace: undefined,
  caipAddress: undefined,
  address: undefined,
  balance: undefined,
  balanceSymbol: undefined,
  balanceLoading: false,
  profileName: undefined,
  profileImage: undefined,
  user: undefined,
  tokenBalance: [],
  smartAccountDeployed: false,
  smartAccountNetworks: [],
  addressLabels: {},
  allAccounts: [],
  preferredAccountTypes: DEFAULT_PREFERRED_ACCOUNT_TYPES,
  preferredAccountType: undefined,
  socialProvider: undefined,
  connectedWalletInfo: undefined,
  status: 'disconnected'
}

export const $account = map<AccountState>(disconnectedAccount)

export function setAccount(account: Partial<AccountState>): void {
  $account.set({ ...$account.get(), ...account })
}

export function resetAccount(): void {
  $account.set(disconnectedAccount)
}
