import type { Meta, StoryObj } from '@storybook/web-components-vite'
import type { TokenBalance } from '../../../../src/api/schemas/balance.js'
import {
  SEND_FIELDS_REQUIRED,
  TRANSACTION_DECLINED,
  NAME_RESOLVE_FAILED,
  SEND_INSUFFICIENT_BALANCE,
  SEND_WRONG_NETWORK_ADDRESS
} from '../../../../src/stores/send/texts.js'
import { NAMES_FOR_ADDRESS_FAILED } from '../../../../src/stores/names/texts.js'
import {
  connectedBitcoinAccount,
  connectedEvmAccount,
  connectedSolanaAccount
} from '../../../../test/fixtures/accounts.js'
import { bitcoinAndEvmNetworks } from '../../../../test/fixtures/networks.js'
import { FAKE_ADDRESS_2 } from '../../../../test/fixtures/eip1193-provider.js'
import { solana } from '../../../../src/networks/definitions.js'
import { SOLANA_ADDRESS_2 } from '../../../../test/fixtures/standard-wallet.js'
import { bitcoinTokenBalances, evmTokenBalances, solanaTokenBalances } from '../../../../test/fixtures/tokens.js'
import { expectPart, part } from '../support/expect-part.js'
import { modalStory } from '../support/modal-story.js'

const ETH = evmTokenBalances[0] as TokenBalance
const USDC = evmTokenBalances[1] as TokenBalance
const SOL = solanaTokenBalances[0] as TokenBalance
const BTC = bitcoinTokenBalances[0] as TokenBalance
const evm = { account: connectedEvmAccount }
const bitcoin = { account: connectedBitcoinAccount, networks: bitcoinAndEvmNetworks, tokens: bitcoinTokenBalances }
/** A mainnet P2WPKH receiver (BIP-173's example), and a testnet one, which Bitcoin mainnet refuses. */
const BITCOIN_RECEIVER = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'
const TESTNET_RECEIVER = 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx'

/** Checks what the form holds: the chosen token's option, the amount and the receiver typed. */
function expectForm(token: string, amount: string, receiver: string) {
  return (view: HTMLElement): void => {
    const select = part(view, 'send-token-select') as HTMLSelectElement | undefined
    const chosen = select?.selectedOptions[0]?.textContent?.trim() ?? ''
    if (!chosen.startsWith(`${token} ·`)) throw new Error(`the token shown is "${chosen}", expected ${token}`)
    const typedAmount = (part(view, 'send-amount-input') as HTMLInputElement | undefined)?.value
    if (typedAmount !== amount) throw new Error(`the amount is "${typedAmount}", expected "${amount}"`)
    const typedReceiver = (part(view, 'send-receiver-input') as HTMLInputElement | undefined)?.value
    if (typedReceiver !== receiver) throw new Error(`the receiver is "${typedReceiver}", expected "${receiver}"`)
  }
}

/**
 * Send: the token (the Tokens tab's balances, the native token first), the amount with Max, the
 * receiver (an address, or a registry name on EVM), and Preview; then the preview with the network
 * fee and Send.
 */
const meta = {
  title: 'Views/WalletSend',
  component: 'w3m-wallet-send-view'
} satisfies Meta

export default meta
type Story = StoryObj

/** The form as it opens: the native token chosen, nothing typed. */
export const Empty: Story = modalStory('WalletSend', evm, expectForm('ETH', '', ''))

/** A token, an amount and an address typed. */
export const Filled: Story = modalStory(
  'WalletSend',
  { ...evm, send: { token: USDC, amount: '12.5', receiver: FAKE_ADDRESS_2 } },
  expectForm('USDC', '12.5', FAKE_ADDRESS_2)
)

/** A registry name typed while it is looked up. */
export const NameResolving: Story = modalStory(
  'WalletSend',
  {
    ...evm,
    send: {
      token: ETH,
      amount: '0.5',
      receiver: 'alice.appkit.id',
      name: { status: 'resolving', name: 'alice.appkit.id' }
    }
  },
  expectPart('send-name-status', 'Resolving name…')
)

/** A registry name typed: the address it points to shows beside it. */
export const NameResolved: Story = modalStory(
  'WalletSend',
  {
    ...evm,
    send: {
      token: ETH,
      amount: '0.5',
      receiver: 'alice.appkit.id',
      name: { status: 'resolved', name: 'alice.appkit.id', address: FAKE_ADDRESS_2 }
    }
  },
  expectPart('send-name-address', FAKE_ADDRESS_2)
)

/** A name that points nowhere. */
export const NameFailed: Story = modalStory(
  'WalletSend',
  {
    ...evm,
    send: {
      token: ETH,
      amount: '0.5',
      receiver: 'nobody.appkit.id',
      name: { status: 'failed', name: 'nobody.appkit.id' }
    }
  },
  expectPart('send-name-status', NAME_RESOLVE_FAILED)
)

/** An address typed that has a registry name (reverse lookup): the name shows beside it. */
export const AddressWithName: Story = modalStory(
  'WalletSend',
  {
    ...evm,
    send: {
      token: ETH,
      amount: '0.5',
      receiver: FAKE_ADDRESS_2,
      addressName: { status: 'resolved', address: FAKE_ADDRESS_2, name: 'alice.appkit.id' }
    }
  },
  expectPart('send-receiver-name', 'alice.appkit.id')
)

/** The typed address's names could not be fetched: said, and the address still sends. */
export const AddressNameFailed: Story = modalStory(
  'WalletSend',
  {
    ...evm,
    send: {
      token: ETH,
      amount: '0.5',
      receiver: FAKE_ADDRESS_2,
      addressName: { status: 'failed', address: FAKE_ADDRESS_2 }
    }
  },
  expectPart('send-name-status', NAMES_FOR_ADDRESS_FAILED)
)

/** Preview pressed with nothing typed: the spec's text. */
export const Required: Story = modalStory(
  'WalletSend',
  { ...evm, send: { token: ETH, error: SEND_FIELDS_REQUIRED } },
  expectPart('send-error', SEND_FIELDS_REQUIRED)
)

/** More than the balance: caught before the wallet is asked. */
export const InsufficientBalance: Story = modalStory(
  'WalletSend',
  { ...evm, send: { token: USDC, amount: '300', receiver: FAKE_ADDRESS_2, error: SEND_INSUFFICIENT_BALANCE } },
  expectPart('send-error', SEND_INSUFFICIENT_BALANCE)
)

/** Preview pressed: the form is checked and the fee estimated. */
export const Checking: Story = modalStory(
  'WalletSend',
  { ...evm, send: { token: ETH, amount: '0.5', receiver: FAKE_ADDRESS_2, loading: true } },
  expectPart('send-preview-button', 'Checking…')
)

/** A Solana account: SOL first, an address only (names are EVM's). */
export const Solana: Story = modalStory(
  'WalletSend',
  {
    account: connectedSolanaAccount,
    networks: [solana],
    tokens: solanaTokenBalances,
    send: { token: SOL, amount: '1.25', receiver: SOLANA_ADDRESS_2 }
  },
  expectForm('SOL', '1.25', SOLANA_ADDRESS_2)
)

/** A Bitcoin account (issue 34): BTC, an amount and a mainnet address. */
export const Bitcoin: Story = modalStory(
  'WalletSend',
  { ...bitcoin, send: { token: BTC, amount: '0.125', receiver: BITCOIN_RECEIVER } },
  expectForm('BTC', '0.125', BITCOIN_RECEIVER)
)

/** A Bitcoin address of another network (testnet on mainnet): refused with its own text. */
export const BitcoinOtherNetwork: Story = modalStory(
  'WalletSend',
  {
    ...bitcoin,
    send: { token: BTC, amount: '0.125', receiver: TESTNET_RECEIVER, error: SEND_WRONG_NETWORK_ADDRESS }
  },
  expectPart('send-error', SEND_WRONG_NETWORK_ADDRESS)
)

/** Nobody is connected (the view opened by hand). */
export const Disconnected: Story = modalStory('WalletSend', {})

/** No balances to choose from yet. */
export const NoTokens: Story = modalStory('WalletSend', { ...evm, tokens: 'loading' })

const previewed = { token: ETH, amount: '0.5', receiver: FAKE_ADDRESS_2, fee: 21_000_000_000_000n }

/** The preview: amount, receiver, network and the estimated fee. */
export const Preview: Story = modalStory(
  'WalletSendPreview',
  { ...evm, send: previewed },
  expectPart('send-preview-fee', '0.000021 ETH', view => {
    const amount = part(view, 'send-preview-amount')?.textContent?.trim()
    if (amount !== '0.5 ETH') throw new Error(`the amount shows "${amount}"`)
  })
)

/** The preview of a send to a name: the name and its address. */
export const PreviewName: Story = modalStory(
  'WalletSendPreview',
  {
    ...evm,
    send: {
      ...previewed,
      token: USDC,
      amount: '12.5',
      receiver: 'alice.appkit.id',
      name: { status: 'resolved', name: 'alice.appkit.id', address: FAKE_ADDRESS_2 }
    }
  },
  expectPart('send-preview-name', 'alice.appkit.id')
)

/** Send pressed: the wallet is asked. */
export const Sending: Story = modalStory(
  'WalletSendPreview',
  { ...evm, send: { ...previewed, loading: true } },
  expectPart('send-confirm-button', 'Sending…')
)

/** The visitor declined in the wallet: the error, everything kept. */
export const Declined: Story = modalStory(
  'WalletSendPreview',
  { ...evm, send: { ...previewed, error: TRANSACTION_DECLINED } },
  expectPart('send-preview-error', TRANSACTION_DECLINED)
)

/** The preview of a Bitcoin payment: the fee (141 vB at 2 sat/vB) in BTC with 8 decimals. */
export const PreviewBitcoin: Story = modalStory(
  'WalletSendPreview',
  { ...bitcoin, send: { token: BTC, amount: '0.125', receiver: BITCOIN_RECEIVER, fee: 282n } },
  expectPart('send-preview-fee', '0.00000282 BTC', view => {
    const network = part(view, 'send-preview-network')?.textContent?.trim()
    if (network !== 'Bitcoin') throw new Error(`the network shows "${network}"`)
  })
)
