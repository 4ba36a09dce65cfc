import type { Meta, StoryObj } from '@storybook/web-components-vite'
import '../../../../src/elements/w3m-modal.js'
import { connectedEvmAccount } from '../../../../test/fixtures/accounts.js'
import { appKitOptions } from '../../../../test/fixtures/options.js'
import { createLocalSiwx } from '../../../../src/siwx/factories.js'
import { readyPairing } from '../../../../test/fixtures/walletconnect.js'
import { modalStory } from '../support/modal-story.js'
import { isReady, pairingStory, withoutPreviousStory } from '../support/pairing-story.js'

/**
 * The modal opened on every view of src/config/views.ts (VIEW_NAMES). Views whose flows are still
 * to come show their name.
 */
const meta = {
  title: 'Modal/w3m-modal',
  component: 'w3m-modal'
} satisfies Meta

export default meta
type Story = StoryObj

const connected = { account: connectedEvmAccount }
const signInRequired = {
  options: { ...appKitOptions, siwx: createLocalSiwx({ required: true, storageName: 'story_siwx_sessions' }) },
  account: connectedEvmAccount
}

export const Connect: Story = modalStory('Connect')
export const Account: Story = modalStory('Account', connected)
export const AllWallets: Story = modalStory('AllWallets')
// The WalletConnect views over a seeded pairing: shown idle, they would propose one to the relay.
export const ConnectingWalletConnectBasic: Story = {
  ...pairingStory('ConnectingWalletConnectBasic', () => readyPairing(), isReady),
  decorators: [withoutPreviousStory]
}
export const ConnectingWalletConnect: Story = {
  ...pairingStory('ConnectingWalletConnect', () => readyPairing(), isReady),
  decorators: [withoutPreviousStory]
}
export const ConnectingExternal: Story = modalStory('ConnectingExternal')
// Seeded waiting: shown idle, it would ask a frame for a sign-in.
export const ConnectingFarcaster: Story = modalStory('ConnectingFarcaster', {
  farcaster: { status: 'waiting', url: 'https://farcaster.xyz/~/siwf?channelToken=story-channel' }
})
export const SwitchNetwork: Story = modalStory('SwitchNetwork', connected)
export const SwitchActiveChain: Story = modalStory('SwitchActiveChain', connected)
export const UnsupportedChain: Story = modalStory('UnsupportedChain', connected)
export const Swap: Story = modalStory('Swap', connected)
export const ApproveTransaction: Story = modalStory('ApproveTransaction', connected)
export const SIWXSignMessage: Story = modalStory('SIWXSignMessage', signInRequired)
export const RegisterAccountName: Story = modalStory('RegisterAccountName', connected)
export const RegisterAccountNameSuccess: Story = modalStory('RegisterAccountNameSuccess', connected)
export const Networks: Story = modalStory('Networks')
export const WalletSend: Story = modalStory('WalletSend', connected)
export const WalletSendPreview: Story = modalStory('WalletSendPreview', connected)
export const OnRampProviders: Story = modalStory('OnRampProviders', connected)
export const OnRampBuy: Story = modalStory('OnRampBuy', connected)
export const SwapPreview: Story = modalStory('SwapPreview', connected)
