import { atom } from 'nanostores'

/** The Account view's tabs (docs/behaviour.md section 2: Tokens, NFTs, Activity). */
export const ACCOUNT_TABS = ['tokens', 'nfts', 'activity'] as const
export type AccountTab = (typeof ACCOUNT_TABS)[number]

/** The tab the visitor chose last: kept while the page lives, not across reloads. */
export const $accountTab = atom<AccountTab>('tokens')

export function selectAccountTab(tab: AccountTab): void {
  $accountTab.set(tab)
}

export function resetAccountTab(): void {
  $accountTab.set('tokens')
}
