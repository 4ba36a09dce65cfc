import type { Meta, StoryObj } from '@storybook/web-components-vite'
import { createLocalSiwx } from '../../../../src/siwx/factories.js'
import { connectedEvmAccount, connectedSolanaAccount } from '../../../../test/fixtures/accounts.js'
import { appKitOptions } from '../../../../test/fixtures/options.js'
import { expectPart, part } from '../support/expect-part.js'
import { modalStory } from '../support/modal-story.js'

/** The app's icon (inline, so the story needs no network). */
const APP_ICON =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 64 64'%3E%3Crect width='64' height='64' rx='14' fill='%233b82f6'/%3E%3Ccircle cx='32' cy='32' r='14' fill='white'/%3E%3C/svg%3E"

function options(required: boolean, statement?: string) {
  return {
    ...appKitOptions,
    metadata: { ...appKitOptions.metadata, icons: [APP_ICON] },
    siwx: createLocalSiwx({ required, storageName: 'story_siwx_sessions', ...(statement ? { statement } : {}) })
  }
}

/** Checks the app's statement (the app's own text, not translated) and icon. */
function expectStatement(statement: string) {
  return (view: HTMLElement): void => {
    const shown = part(view, 'siwx-statement')?.textContent?.trim()
    if (shown !== statement) throw new Error(`siwx-statement shows "${shown}", expected "${statement}"`)
    if (!part(view, 'siwx-app-icon')) throw new Error('no app icon')
  }
}

/**
 * SIWXSignMessage: the app asks the connected account to sign in (docs/behaviour.md sections 2 and 4): its
 * name and icon, the account, its statement; Sign and Cancel. Every state the element tests check
 * (test/browser/siwx/).
 */
const meta = {
  title: 'Views/SIWXSignMessage',
  component: 'w3m-siwx-sign-message-view'
} satisfies Meta

export default meta
type Story = StoryObj

/** Required: the modal cannot be closed unsigned, and Cancel disconnects (the text says so). */
export const Required: Story = modalStory(
  'SIWXSignMessage',
  { options: options(true, 'Sign in to AppKit Elements to keep your cart'), account: connectedEvmAccount },
  expectPart('siwx-sign-button', 'Sign', expectStatement('Sign in to AppKit Elements to keep your cart'))
)

/** Optional: Cancel closes and keeps the wallet connected. */
export const Optional: Story = modalStory(
  'SIWXSignMessage',
  { options: options(false), account: connectedEvmAccount },
  expectPart('siwx-cancel-button', 'Cancel')
)

/** The wallet is asked: Sign is busy (the toast says 'Authenticating...'). */
export const Signing: Story = modalStory(
  'SIWXSignMessage',
  { options: options(true, 'Sign in to AppKit Elements'), account: connectedEvmAccount, siwx: { status: 'signing' } },
  expectPart('siwx-sign-button', 'Signing…')
)

/** A Solana account signs a Sign In With Solana message. */
export const Solana: Story = modalStory(
  'SIWXSignMessage',
  { options: options(false, 'Sign in with your Solana account'), account: connectedSolanaAccount },
  expectPart('siwx-sign-button', 'Sign', expectStatement('Sign in with your Solana account'))
)
