import type { Meta, StoryObj } from '@storybook/web-components-vite'
import { overrideMobile } from '../../../../src/utils/device.js'
import { failedPairing, loadingPairing, readyPairing, wcWallet } from '../../../../test/fixtures/walletconnect.js'
import { isReady, pairingStory, qrShows, says, shown, withoutPreviousStory } from '../support/pairing-story.js'

/** Connecting a wallet through WalletConnect: the QR code, Copy link, and the wallet's apps. */
const meta = {
  title: 'Views/ConnectingWalletConnect',
  component: 'w3m-connecting-wallet-connect-view',
  decorators: [withoutPreviousStory]
} satisfies Meta

export default meta
type Story = StoryObj

/** The proposal is on its way: the QR placeholder; Copy link waits. */
export const Loading: Story = pairingStory(
  'ConnectingWalletConnect',
  () => loadingPairing(),
  view => {
    qrShows('[part=placeholder][aria-busy=true]')(view)
    if (!(shown(view, 'wc-copy-link') as HTMLButtonElement).disabled) throw new Error('Copy link is enabled')
  }
)

/** A pairing to scan with any wallet. */
export const Ready: Story = pairingStory('ConnectingWalletConnect', () => readyPairing(), isReady)

/** A wallet chosen in AllWallets: its logo in the QR code, and its desktop and web apps. */
export const ReadyWithWallet: Story = pairingStory(
  'ConnectingWalletConnect',
  () => readyPairing(wcWallet),
  view => {
    isReady(view)
    qrShows('image[part=logo]')(view)
    shown(view, 'wc-open-desktop')
  },
  true
)

/** On a phone: 'Open <wallet>' first, Copy link, and the QR code on demand. */
export const Mobile: Story = {
  ...pairingStory(
    'ConnectingWalletConnect',
    () => readyPairing(wcWallet),
    says('wc-open-wallet', `Open ${wcWallet.name}`),
    true
  ),
  beforeEach: () => {
    overrideMobile(true)
    return () => overrideMobile(undefined)
  }
}

/** The visitor declined in the wallet: the message, and Try again. */
export const Failed: Story = pairingStory(
  'ConnectingWalletConnect',
  () => failedPairing(wcWallet),
  says('wc-error', 'Connection declined'),
  true
)
