import type { Meta, StoryObj } from '@storybook/web-components-vite'
import { readyPairing } from '../../../../test/fixtures/walletconnect.js'
import { isReady, pairingStory, shown, withoutPreviousStory } from '../support/pairing-story.js'

/** The WalletConnect-only modal (an app without adapters, on desktop): the QR code, Copy link and All wallets. */
const meta = {
  title: 'Views/ConnectingWalletConnectBasic',
  component: 'w3m-connecting-wallet-connect-basic-view',
  decorators: [withoutPreviousStory]
} satisfies Meta

export default meta
type Story = StoryObj

/** A pairing to scan with any wallet, and All wallets to choose one. */
export const Ready: Story = pairingStory(
  'ConnectingWalletConnectBasic',
  () => readyPairing(),
  view => {
    isReady(view)
    shown(view, 'wc-basic-all-wallets')
  }
)
