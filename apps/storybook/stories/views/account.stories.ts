import type { Meta, StoryObj } from '@storybook/web-components-vite'
import {
  connectedBitcoinAccount,
  connectedEvmAccount,
  connectedEvmAccountWithName
} from '../../../../test/fixtures/accounts.js'
import { bitcoinAndEvmNetworks, localNetworks } from '../../../../test/fixtures/networks.js'
import { bitcoinTokenBalances } from '../../../../test/fixtures/tokens.js'
import { mainnet } from '../../../../src/networks/definitions.js'
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

/**
 * The Account view in the modal: the header's network chip, the avatar (the address's gradient or the
 * name's image), name or address, balance truncated to 3 decimals, the feature tiles, Disconnect.
 */
const meta = {
  title: 'Views/Account',
  component: 'w3m-account-view'
} satisfies Meta

export default meta
type Story = StoryObj

/** A loading list's skeleton (issue 32): rows shaped like the content, aria-hidden, the list busy. */
function expectSkeleton(panel: string, testid: string) {
  return (view: HTMLElement): void => {
    const list = view.shadowRoot?.querySelector('w3m-account-tabs')?.shadowRoot?.querySelector(panel)?.shadowRoot
    const skeleton = list?.querySelector(`[data-testid=${testid}]`)
    if (skeleton?.getAttribute('aria-hidden') !== 'true') throw new Error(`${panel} shows no aria-hidden ${testid}`)
    if (list?.querySelector('section')?.getAttribute('aria-busy') !== 'true') throw new Error(`${panel} is not busy`)
  }
}

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

/** A drawn avatar (an SVG data URI: no request, the same pixels on every run). */
const NAME_IMAGE =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 72 72"><rect width="72" height="72" fill="#f2a93b"/><circle cx="36" cy="30" r="14" fill="#7a3e00"/><rect x="14" y="50" width="44" height="22" rx="11" fill="#7a3e00"/></svg>'
  )

/** A network's own image, as an app passes it in `assets.imageUrl`. */
const NETWORK_IMAGE =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><circle cx="12" cy="12" r="12" fill="#3b4b8c"/><path d="M12 4l5 8-5 3-5-3z" fill="#ffffff"/></svg>'
  )

/** The name's image instead of the address's gradient (issue 32). */
export const WithNameAndImage: Story = modalStory(
  'Account',
  { account: { ...connectedEvmAccountWithName, profileImage: NAME_IMAGE } },
  view => {
    const image = view.shadowRoot?.querySelector('wui-avatar')?.shadowRoot?.querySelector('img')
    if (image?.getAttribute('src') !== NAME_IMAGE) throw new Error('The avatar does not show the name’s image')
  }
)

/** The header's network chip with the network's image; it opens Networks (issue 32). */
export const NetworkChip: Story = modalStory(
  'Account',
  { account: connectedEvmAccount, networks: [{ ...mainnet, assets: { imageUrl: NETWORK_IMAGE } }] },
  view => {
    const modal = ((view.getRootNode() as ShadowRoot).host.getRootNode() as ShadowRoot).host
    const chip = modal.shadowRoot?.querySelector('w3m-header')?.shadowRoot?.querySelector('w3m-network-chip')
    const label = chip?.shadowRoot?.querySelector('[data-testid=header-network-label]')?.textContent?.trim()
    if (!isShownAs(label, 'Network: Ethereum'))
      throw new Error(`The header's chip reads "${label}", expected ${expectedText('Network: Ethereum')}`)
    const image = chip?.shadowRoot?.querySelector('wui-wallet-image')?.shadowRoot?.querySelector('img')
    if (image?.getAttribute('src') !== NETWORK_IMAGE)
      throw new Error("The header's chip does not show the network image")
  }
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

/** A Bitcoin account (issue 34): its payment address, the BTC balance cut to 3 decimals, BTC in Tokens. */
export const Bitcoin: Story = modalStory(
  'Account',
  {
    account: { ...connectedBitcoinAccount, balance: '0.51234567' },
    networks: bitcoinAndEvmNetworks,
    tokens: bitcoinTokenBalances
  },
  view => {
    expectText('account-balance', '0.512 BTC')(view)
    const tokens = view.shadowRoot?.querySelector('w3m-account-tabs')?.shadowRoot?.querySelector('w3m-account-tokens')
    const amount = tokens?.shadowRoot?.querySelector('[data-testid=token-BTC] [data-testid=token-amount]')?.textContent
    if (amount !== '0.512 BTC') throw new Error(`The Tokens list shows "${amount}" for BTC, expected "0.512 BTC"`)
  }
)

/** The Tokens list while the balance API answers: skeleton rows shaped like token rows. */
export const TokensLoading: Story = modalStory(
  'Account',
  { account: connectedEvmAccount, tokens: 'loading' },
  expectSkeleton('w3m-account-tokens', 'tokens-skeleton')
)

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

/** The Activity tab while the history API answers: a skeleton month of transaction rows. */
export const ActivityLoading: Story = modalStory(
  'Account',
  { account: connectedEvmAccount, tab: 'activity', activity: 'loading' },
  expectSkeleton('w3m-account-activity', 'activity-skeleton')
)

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
export const NftsLoading: Story = modalStory(
  'Account',
  { account: connectedEvmAccount, tab: 'nfts', nfts: 'loading' },
  expectSkeleton('w3m-account-nfts', 'nfts-skeleton')
)

/** An account with no NFTs on this network. */
export const NoNfts: Story = modalStory('Account', { account: connectedEvmAccount, tab: 'nfts', nfts: [] })

/** The NFT API failed. */
export const NftsUnavailable: Story = modalStory('Account', {
  account: connectedEvmAccount,
  tab: 'nfts',
  nfts: 'unavailable'
})
