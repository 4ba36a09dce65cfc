import type { Meta, StoryObj } from '@storybook/web-components-vite'
import type { OnrampQuoteResponse } from '../../../../src/api/schemas/onramp.js'
import { ONRAMP_PROVIDER_CATALOG } from '../../../../src/stores/onramp/defaults.js'
import { ONRAMP_AMOUNT_OUT_OF_LIMITS, ONRAMP_QUOTE_FAILED } from '../../../../src/stores/onramp/texts.js'
import { connectedEvmAccount } from '../../../../test/fixtures/accounts.js'
import { expectPart, part } from '../support/expect-part.js'
import { modalStory } from '../support/modal-story.js'

const evm = { account: connectedEvmAccount }
const coinbase = ONRAMP_PROVIDER_CATALOG[0]
const quote: OnrampQuoteResponse = {
  quoteId: 'story-quote',
  fees: [
    { type: 'provider', amount: '1.50', currency: 'USD' },
    { type: 'network', amount: '0.25', currency: 'USD' }
  ],
  paymentSubtotal: { amount: '98.25', currency: 'USD' },
  paymentTotal: { amount: '100.00', currency: 'USD' },
  purchaseAmount: { amount: '98.25', currency: 'USDC' }
}

/** Buy: the onramp providers, then what to buy, how to pay, the amount and its quote, and checkout. */
const meta = {
  title: 'Views/OnRamp',
  component: 'w3m-onramp-buy-view'
} satisfies Meta

export default meta
type Story = StoryObj

/** The providers (Coinbase and Meld by default). */
export const Providers: Story = modalStory('OnRampProviders', evm, view => {
  const names = [...(view.shadowRoot?.querySelectorAll('[data-testid^=onramp-provider-] .name') ?? [])].map(
    name => name.textContent
  )
  if (names.join(',') !== 'Coinbase,Meld.io') throw new Error(`the providers are ${names.join(', ')}`)
})

/** No provider left (the app's list named none the kit knows). */
export const NoProviders: Story = modalStory(
  'OnRampProviders',
  { ...evm, onramp: { providers: [] } },
  expectPart('onramp-no-providers', 'No provider is available')
)

/** The purchase as it opens: USD Coin, USD by card, the card's limits. */
export const Purchase: Story = modalStory(
  'OnRampBuy',
  { ...evm, onramp: { selectedProvider: coinbase } },
  expectPart('onramp-limits', 'Between 10.00 and 7500.00 USD')
)

/** An amount typed while its quote is asked. */
export const Quoting: Story = modalStory(
  'OnRampBuy',
  { ...evm, onramp: { selectedProvider: coinbase, paymentAmount: '100', quotesLoading: true } },
  expectPart('onramp-quote-loading', 'Getting a quote…')
)

/** The quote: what the visitor gets, the fees, the subtotal and the total. */
export const Quoted: Story = modalStory(
  'OnRampBuy',
  { ...evm, onramp: { selectedProvider: coinbase, paymentAmount: '100', quote, purchaseAmount: '98.25' } },
  view => {
    const amount = part(view, 'onramp-quote-amount')?.textContent?.trim()
    if (amount !== '98.25 USDC') throw new Error(`the quote shows "${amount}"`)
  }
)

/** An amount outside the card's limits. */
export const OutOfLimits: Story = modalStory(
  'OnRampBuy',
  { ...evm, onramp: { selectedProvider: coinbase, paymentAmount: '5', error: ONRAMP_AMOUNT_OUT_OF_LIMITS } },
  expectPart('onramp-error', ONRAMP_AMOUNT_OUT_OF_LIMITS)
)

/** No quote for the purchase. */
export const QuoteFailed: Story = modalStory(
  'OnRampBuy',
  { ...evm, onramp: { selectedProvider: coinbase, paymentAmount: '100', error: ONRAMP_QUOTE_FAILED } },
  expectPart('onramp-error', ONRAMP_QUOTE_FAILED)
)

/** Continue pressed: the checkout page is being prepared. */
export const OpeningCheckout: Story = modalStory(
  'OnRampBuy',
  { ...evm, onramp: { selectedProvider: coinbase, paymentAmount: '100', quote, checkingOut: true } },
  expectPart('onramp-checkout-button', 'Opening…')
)
