import type { Meta, StoryObj } from '@storybook/web-components-vite'
import { html } from 'lit'
import { waitFor } from 'storybook/test'
import { selectConnector } from '../../../../src/stores/connect/connection.js'
import { ProviderError, type FakeEip1193Provider } from '../../../../test/fixtures/eip1193-provider.js'
import { expectModalView } from '../support/expect-view.js'
import { expectedText, isShownAs } from '../support/localized.js'
import { STORY_WALLET, installStoryWallet } from '../support/fake-wallet.js'
import { seedKit } from '../support/seed.js'
import { openModal } from '../../../../src/stores/modal.js'
import '../../../../src/elements/w3m-modal.js'

/** The modal on Connect; the fake wallet is chosen (the real connect action runs against it). */
function connectingStory(prepare: (provider: FakeEip1193Provider) => void, testid: string, text: string): StoryObj {
  return {
    parameters: { layout: 'fullscreen' },
    render: () => {
      seedKit()
      openModal()
      void installStoryWallet().then(provider => {
        prepare(provider)
        return selectConnector(STORY_WALLET.rdns)
      })
      return html`<w3m-modal></w3m-modal>`
    },
    play: async ({ canvasElement }) => {
      const view = await expectModalView(canvasElement, 'ConnectingExternal')
      await waitFor(
        () => {
          const shown = view.shadowRoot?.querySelector(`[data-testid=${testid}]`)?.textContent?.trim()
          if (!isShownAs(shown, text))
            throw new Error(`ConnectingExternal shows "${shown}", expected ${expectedText(text)}`)
        },
        { timeout: 5000 }
      )
    }
  }
}

/** ConnectingExternal: an injected or announced wallet asked to connect. */
const meta = {
  title: 'Views/ConnectingExternal',
  component: 'w3m-connecting-external-view'
} satisfies Meta

export default meta
type Story = StoryObj

/** The wallet shows its request: 'Continue in <wallet>' with a spinner. */
export const Waiting: Story = connectingStory(
  provider => provider.held.add('eth_requestAccounts'),
  'connecting-status',
  `Continue in ${STORY_WALLET.name}`
)

/** The visitor declined in the wallet (4001): the reason, and Try again. */
export const Rejected: Story = connectingStory(
  provider => provider.failures.set('eth_requestAccounts', new ProviderError(4001, 'User rejected the request.')),
  'connecting-error',
  'Connection declined'
)

/** The wallet exposes no account: the connector error 'account not found' as a message. */
export const AccountNotFound: Story = connectingStory(
  provider => (provider.accounts = []),
  'connecting-error',
  'Account not found in the wallet'
)
