import type { Meta, StoryObj } from '@storybook/web-components-vite'
import { connectedEvmAccount, connectedEvmAccountWithName } from '../../../../test/fixtures/accounts.js'
import { localNetworks } from '../../../../test/fixtures/networks.js'
import { HISTORY_ADDRESSES, historyFirstPage } from '../../../../test/fixtures/transactions.js'
import { expectedText, isShownAs } from '../support/localized.js'
import { modalStory } from '../support/modal-story.js'

function expectText(testid: string, text: string) {
  return (view: HTMLElement): void => {
    const shown = view.shadowRoot?.querySelector(`[data-testid=${testid}]`)?.textContent?.trim()
    if (!isShownAs(shown, text))
      throw new Error(`Account shows "${shown}" in ${testid}, expected ${expectedText(text)}`)
  }
}

/** The Account view in the modal: avatar, name or address, balance truncated to 3 decimals, Disconnect. */
const meta = {
  title: 'Views/Account',
  component: 'w3m-account-view'
} satisfies Meta

export default meta
type Story = StoryObj

/** A connected EVM account: 1.23456 ETH shows as 1.234 ETH. */
export const Connected: Story = modalStory(
  'Account',
  { account: connectedEvmAccount },
  expectText('account-balance', '1.234 ETH')
)

/** An account with a name: the name, the address beneath it. */
export const WithName: Story = modalStory(
  'Account',
  { account: connectedEvmAccountWithName },
  expectText('account-name', 'satoshi.reown.id')
)

/** An EVM account without a name: "Choose a name" opens RegisterAccountName. */
export const ChooseName: Story = modalStory(
  'Account',
  { account: connectedEvmAccount },
  expectText('account-choose-name', 'Choose a name')
)

/** The balance is on its way. */
export const LoadingBalance: Story = modalStory(
  'Account',
  { account: { ...connectedEvmAccount, balance: undefined, balanceLoading: true }, networks: localNetworks },
  expectText('account-balance', 'Loading balance…')
)

/** The text of `testid` in the account type (w3m-account-type's shadow root). */
function expectTypeText(testid: string, text: string) {
  return (view: HTMLElement): void => {
    const type = view.shadowRoot?.querySelector('w3m-account-type')?.shadowRoot
    const shown = type?.querySelector(`[data-testid=${testid}]`)?.textContent?.trim()
    if (!isShownAs(shown, text))
      throw new Error(`Account shows "${shown}" in ${testid}, expected ${expectedText(text)}`)
  }
}

/** The embedded wallet's smart account in use: "Smart account" with Switch to EOA. */
export const SmartAccount: Story = modalStory(
  'Account',
  {
    account: {
      ...connectedEvmAccount,
      preferredAccountType: 'smartAccount',
      allAccounts: [
        { namespace: 'eip155', address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', type: 'smartAccount' },
        { namespace: 'eip155', address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', type: 'eoa' }
      ],
      smartAccountNetworks: [1]
    }
  },
  expectTypeText('account-switch-type', 'Switch to EOA')
)

/** The embedded wallet's EOA where it also has a smart account: Switch to smart account. */
export const SmartAccountAvailable: Story = modalStory(
  'Account',
  {
    account: {
      ...connectedEvmAccount,
      preferredAccountTypes: { eip155: 'eoa' },
      preferredAccountType: 'eoa',
      smartAccountNetworks: [1]
    }
  },
  expectTypeText('account-switch-type', 'Switch to smart account')
)

/** An injected wallet where a smart account is preferred: the note that it fell back to EOA. */
export const EoaFallback: Story = modalStory(
  'Account',
  { account: { ...connectedEvmAccount, preferredAccountTypes: { eip155: 'smartAccount' } } },
  expectTypeText('account-type-note', 'This wallet has no smart account here: connected with a regular account (EOA).')
)

/** Nobody is connected (the view opened by hand). */
export const Disconnected: Story = modalStory('Account', {}, expectText('account-disconnected', 'No wallet connected'))

/** The Tokens list: each token's amount cut to 3 decimals with its symbol and USD value. */
export const Tokens: Story = modalStory('Account', { account: connectedEvmAccount }, view => {
  const tokens = view.shadowRoot?.querySelector('w3m-account-tabs')?.shadowRoot?.querySelector('w3m-account-tokens')
  const amount = tokens?.shadowRoot?.querySelector('[data-testid=token-USDC] [data-testid=token-amount]')?.textContent
  if (amount !== '250.5 USDC') throw new Error(`The Tokens list shows "${amount}" for USDC, expected "250.5 USDC"`)
})

/** The Tokens list while the balance API answers. */
export const TokensLoading: Story = modalStory('Account', { account: connectedEvmAccount, tokens: 'loading' })

/** The balance API failed: the list says so (the toast comes from the store). */
export const TokensUnavailable: Story = modalStory('Account', { account: connectedEvmAccount, tokens: 'unavailable' })

/** No token on this network. */
export const NoTokens: Story = modalStory('Account', { account: connectedEvmAccount, tokens: [] })

/** The text of the first Activity row's element `testid`, through the tabs' and the list's shadow roots. */
function activityText(view: HTMLElement, testid: string): string | undefined {
  const activity = view.shadowRoot?.querySelector('w3m-account-tabs')?.shadowRoot?.querySelector('w3m-account-activity')
  return activity?.shadowRoot?.querySelector(`[data-testid=${testid}]`)?.textContent?.replace(/\s+/g, ' ').trim()
}

/** The Activity tab: grouped by year and month, each row with what, with whom, amounts, status and time; the spam NFT left out. */
export const Activity: Story = modalStory(
  'Account',
  { account: connectedEvmAccount, tab: 'activity', activity: { data: historyFirstPage.data.slice(0, 4), next: null } },
  view => {
    const amount = activityText(view, 'activity-amount')
    if (amount !== '+12.345 USDC') throw new Error(`The first Activity row shows "${amount}", expected "+12.345 USDC"`)
    const all = view.shadowRoot?.querySelector('w3m-account-tabs')?.shadowRoot?.querySelector('w3m-account-activity')
    if (all?.shadowRoot?.textContent?.includes('RCV #9')) throw new Error('The spam NFT transfer shows in Activity')
  }
)

/** Counterparties with a registry name (reverse lookup) show it instead of their address. */
export const ActivityWithNames: Story = modalStory(
  'Account',
  {
    account: connectedEvmAccount,
    tab: 'activity',
    activity: { data: historyFirstPage.data.slice(0, 4), next: null },
    activityNames: { [HISTORY_ADDRESSES.ALICE.toLowerCase()]: 'alice.appkit.id' }
  },
  view => {
    const counterparty = activityText(view, 'activity-counterparty')
    if (!isShownAs(counterparty, 'From alice.appkit.id'))
      throw new Error(
        `The first Activity row shows "${counterparty}", expected ${expectedText('From alice.appkit.id')}`
      )
  }
)

/** The first Activity fixture, as a pending onramp purchase. */
const [firstTransaction, secondTransaction] = historyFirstPage.data
const pendingPurchase = firstTransaction && {
  ...firstTransaction,
  metadata: { ...firstTransaction.metadata, status: 'pending' as const }
}

/** An onramp purchase in the Activity tab: Bought, pending. */
export const ActivityPurchase: Story = modalStory(
  'Account',
  {
    account: connectedEvmAccount,
    tab: 'activity',
    activity: { data: [firstTransaction, secondTransaction].flatMap(entry => (entry ? [entry] : [])), next: null },
    purchases: pendingPurchase ? [pendingPurchase] : []
  },
  view => {
    const operation = activityText(view, 'activity-operation')
    if (!isShownAs(operation, 'Bought'))
      throw new Error(`The purchase shows as "${operation}", expected ${expectedText('Bought')}`)
  }
)

/** The Activity tab while the history API answers. */
export const ActivityLoading: Story = modalStory('Account', {
  account: connectedEvmAccount,
  tab: 'activity',
  activity: 'loading'
})

/** The Activity tab of an account with no transactions on this network. */
export const NoActivity: Story = modalStory('Account', { account: connectedEvmAccount, tab: 'activity' })

/** The history API failed: the spec's toast, an empty list. */
export const ActivityFailed: Story = modalStory('Account', {
  account: connectedEvmAccount,
  tab: 'activity',
  activity: 'failed'
})

/** The names on the NFT cards, through the tabs' and the grid's shadow roots. */
function nftNames(view: HTMLElement): string[] {
  const nfts = view.shadowRoot?.querySelector('w3m-account-tabs')?.shadowRoot?.querySelector('w3m-account-nfts')
  return [...(nfts?.shadowRoot?.querySelectorAll('[data-testid=nft-name]') ?? [])].map(name => name.textContent ?? '')
}

/** The NFTs tab: a grid of the account's NFTs; the spam collection's stays hidden. */
export const Nfts: Story = modalStory('Account', { account: connectedEvmAccount, tab: 'nfts' }, view => {
  const names = nftNames(view)
  if (names.length !== 2 || names.some(name => name.includes('Reward Claim Voucher')))
    throw new Error(`The NFTs tab shows ${JSON.stringify(names)}, expected the two AKTC only`)
})

/** "Show hidden" pressed: the spam collection's NFT shows too, with its placeholder. */
export const NftsHiddenShown: Story = modalStory(
  'Account',
  { account: connectedEvmAccount, tab: 'nfts', showHiddenNfts: true },
  view => {
    if (nftNames(view).length !== 3) throw new Error(`The NFTs tab shows ${nftNames(view).length} NFTs, expected 3`)
  }
)

/** The NFTs tab while the API answers. */
export const NftsLoading: Story = modalStory('Account', { account: connectedEvmAccount, tab: 'nfts', nfts: 'loading' })

/** An account with no NFTs on this network. */
export const NoNfts: Story = modalStory('Account', { account: connectedEvmAccount, tab: 'nfts', nfts: [] })

/** The NFT API failed. */
export const NftsUnavailable: Story = modalStory('Account', {
  account: connectedEvmAccount,
  tab: 'nfts',
  nfts: 'unavailable'
})
