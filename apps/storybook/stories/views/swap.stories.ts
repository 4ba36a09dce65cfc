import type { Meta, StoryObj } from '@storybook/web-components-vite'
import { SWAP_DECLINED, SWAP_INVALID_SLIPPAGE, SWAPS_NOT_SUPPORTED } from '../../../../src/stores/swap/texts.js'
import { connectedEvmAccount } from '../../../../test/fixtures/accounts.js'
import { sepoliaNetwork } from '../../../../test/fixtures/networks.js'
import { ethToUsdcQuote, swapEth, swapUsdc } from '../../../../test/fixtures/swap.js'
import { expectPart, part } from '../support/expect-part.js'
import { modalStory } from '../support/modal-story.js'

const ETH = swapEth
const USDC = swapUsdc
const quote = ethToUsdcQuote
const ready = {
  status: 'ready' as const,
  tokens: [ETH, USDC],
  sourceToken: ETH,
  toToken: USDC,
  gasPrice: 1_000_000_000n
}
const evm = { account: connectedEvmAccount }

/** Swap: the token sold and its amount, the token bought with the quote, the slippage and the minimum received. */
const meta = {
  title: 'Views/Swap',
  component: 'w3m-swap-view'
} satisfies Meta

export default meta
type Story = StoryObj

/** The form as it opens: the native token sold, nothing typed. */
export const Empty: Story = modalStory('Swap', { ...evm, swap: ready }, view => {
  const slippage = (part(view, 'swap-slippage') as HTMLInputElement | undefined)?.value
  if (slippage !== '1') throw new Error(`the slippage is "${slippage}"`)
})

/** An amount typed while its quote is asked. */
export const Quoting: Story = modalStory(
  'Swap',
  { ...evm, swap: { ...ready, sourceAmount: '0.5', quoteLoading: true } },
  expectPart('swap-to-amount', 'Getting a quote…')
)

/** The quote: what the visitor buys and the minimum received at 1 %. */
export const Quoted: Story = modalStory('Swap', { ...evm, swap: { ...ready, sourceAmount: '0.5', quote } }, view => {
  const amount = part(view, 'swap-to-amount')?.textContent?.trim()
  if (amount !== '1500') throw new Error(`the quote shows "${amount}"`)
})

/** A slippage out of range. */
export const BadSlippage: Story = modalStory(
  'Swap',
  { ...evm, swap: { ...ready, sourceAmount: '0.5', quote, slippage: '60', error: SWAP_INVALID_SLIPPAGE } },
  expectPart('swap-error', SWAP_INVALID_SLIPPAGE)
)

/** The tokens are being read. */
export const Loading: Story = modalStory('Swap', { ...evm, swap: { status: 'loading' } })

/** Opened on a network that is not a swap network (Sepolia). */
export const Unsupported: Story = modalStory(
  'Swap',
  {
    ...evm,
    networks: [sepoliaNetwork]
  },
  expectPart('swap-unsupported', SWAPS_NOT_SUPPORTED)
)

/** The preview: sold, bought, the minimum received and the slippage. */
export const Preview: Story = modalStory(
  'SwapPreview',
  { ...evm, swap: { ...ready, sourceAmount: '0.5', quote } },
  expectPart('swap-preview-minimum', '1485 USDC')
)

/** The swap asked of the wallet. */
export const Swapping: Story = modalStory(
  'SwapPreview',
  { ...evm, swap: { ...ready, sourceAmount: '0.5', quote, executing: true } },
  expectPart('swap-confirm-button', 'Swapping…')
)

/** Declined in the wallet: the error, everything kept. */
export const Declined: Story = modalStory(
  'SwapPreview',
  { ...evm, swap: { ...ready, sourceAmount: '0.5', quote, error: SWAP_DECLINED } },
  expectPart('swap-preview-error', SWAP_DECLINED)
)

/** The approval the swap needs first (the token sold is not native). */
export const Approve: Story = modalStory(
  'ApproveTransaction',
  { ...evm, swap: { ...ready, sourceToken: USDC, toToken: ETH, sourceAmount: '10', quote } },
  view => {
    const amount = part(view, 'approve-amount')?.textContent?.trim()
    if (amount !== '10 USDC') throw new Error(`the approval shows "${amount}"`)
  }
)

/** The approval asked of the wallet. */
export const Approving: Story = modalStory(
  'ApproveTransaction',
  { ...evm, swap: { ...ready, sourceToken: USDC, toToken: ETH, sourceAmount: '10', quote, executing: true } },
  expectPart('approve-button', 'Approving…')
)
