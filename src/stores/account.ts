import { map } from 'nanostores'
import type { ChainNamespace } from '../networks/types.js'

export type ConnectionStatus = 'disconnected' | 'connecting' | 'reconnecting' | 'connected'
import type { PreferredAccountType } from '../storage/keys.js'

export type AccountType = PreferredAccountType

/** The account state of spec.md section 3, for the active namespace. */
export interface AccountState {
  readonly namespace: ChainNamespace | undefined
  readonly caipAddress: string | undefined
  readonly address: string | undefined
  readonly balance: string | undefined
  readonly balanceSymbol: string | undefined
  readonly profileName: string | undefined
  readonly profileImage: string | undefined
  readonly preferredAccountType: AccountType | undefined
  readonly connectedWalletInfo: { readonly name: string; readonly icon?: string } | undefined
  readonly status: ConnectionStatus
}

export const disconnectedAccount: AccountState = {
  namespace: undefined,
  caipAddress: undefined,
  address: undefined,
  balance: undefined,
  balanceSymbol: undefined,
  profileName: undefined,
  profileImage: undefined,
  preferredAccountType: undefined,
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
