import type { Meta, StoryObj } from '@storybook/web-components-vite'
import { SOCIAL_CANCELLED, SOCIAL_WINDOW_CLOSED } from '../../../../src/stores/social/texts.js'
import { FARCASTER_EXPIRED, FARCASTER_NOT_VERIFIED } from '../../../../src/frame/farcaster.js'
import { connectedEvmAccount } from '../../../../test/fixtures/accounts.js'
import { expectPart } from '../support/expect-part.js'
import { modalStory } from '../support/modal-story.js'

/**
 * Social login through the embedded wallet: the Connect view's buttons, the wait for the
 * provider's window, the connecting step, the failures, and the Account view's provider and user
 * name. Every state the element tests check (test/browser/social/social-login.test.ts).
 */
const meta = {
  title: 'Views/Social login',
  component: 'w3m-connect-view'
} satisfies Meta

export default meta
type Story = StoryObj

/** A button per provider of features.socials, Farcaster among them. */
export const ConnectProviders: Story = modalStory('Connect', {}, expectPart('social-google', 'Continue with Google'))

/** The provider's window is open: the visitor signs in there. */
export const ConnectWaiting: Story = modalStory(
  'Connect',
  { social: { provider: 'github', status: 'waiting' } },
  expectPart('social-status', 'Finish signing in with GitHub in its window')
)

/** Back from the provider: the kit connects through the embedded wallet. */
export const ConnectConnecting: Story = modalStory(
  'Connect',
  { social: { provider: 'google', status: 'connecting' } },
  expectPart('social-status', 'Connecting…')
)

/** The visitor refused at the provider. */
export const ConnectCancelled: Story = modalStory(
  'Connect',
  { social: { provider: 'x', error: SOCIAL_CANCELLED } },
  expectPart('social-error', SOCIAL_CANCELLED)
)

/** The visitor closed the provider's window. */
export const ConnectWindowClosed: Story = modalStory(
  'Connect',
  { social: { provider: 'discord', error: SOCIAL_WINDOW_CLOSED } },
  expectPart('social-error', SOCIAL_WINDOW_CLOSED)
)

/** The Account view of a social login: the provider and the user name, no e-mail. */
export const AccountSocial: Story = modalStory(
  'Account',
  { account: { ...connectedEvmAccount, user: { username: 'alice' }, socialProvider: 'google' } },
  expectPart('account-social', 'Signed in with Google as alice')
)

const FARCASTER_URL = 'https://farcaster.xyz/~/siwf?channelToken=story-channel'

/** ConnectingFarcaster while the frame opens the sign-in: the QR code's placeholder, Copy link waiting. */
export const FarcasterLoading: Story = modalStory(
  'ConnectingFarcaster',
  { farcaster: { status: 'loading' } },
  expectPart('farcaster-title', 'Scan this QR code with the Farcaster app on your phone')
)

/** The sign-in URL as a QR code, Open Farcaster and Copy link, while the visitor approves in the app. */
export const FarcasterWaiting: Story = modalStory(
  'ConnectingFarcaster',
  { farcaster: { status: 'waiting', url: FARCASTER_URL } },
  expectPart('farcaster-status', 'Waiting for you to approve in Farcaster')
)

/** Approved: the kit connects through the embedded wallet. */
export const FarcasterConnecting: Story = modalStory(
  'ConnectingFarcaster',
  { farcaster: { status: 'connecting', url: FARCASTER_URL } },
  expectPart('farcaster-status', 'Connecting…')
)

/** The sign-in expired (5 minutes) or was already used: the reason and Try again. */
export const FarcasterExpired: Story = modalStory(
  'ConnectingFarcaster',
  { farcaster: { status: 'failed', error: FARCASTER_EXPIRED } },
  expectPart('farcaster-error', FARCASTER_EXPIRED)
)

/** The backend could not verify the signed message on chain. */
export const FarcasterNotVerified: Story = modalStory(
  'ConnectingFarcaster',
  { farcaster: { status: 'failed', error: FARCASTER_NOT_VERIFIED } },
  expectPart('farcaster-error', FARCASTER_NOT_VERIFIED)
)

/** The Account view of a Farcaster login: the Farcaster name. */
export const AccountFarcaster: Story = modalStory(
  'Account',
  { account: { ...connectedEvmAccount, user: { username: 'alice' }, socialProvider: 'farcaster' } },
  expectPart('account-social', 'Signed in with Farcaster as alice')
)
