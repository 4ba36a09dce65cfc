import type { Meta, StoryObj } from '@storybook/web-components-vite'
import { html } from 'lit'
import { waitFor } from 'storybook/test'
import { AUTH_CONNECTOR_ID } from '../../../../src/config/auth-connector-ids.js'
import { connect } from '../../../../src/stores/connect/connection.js'
import { updateConnection } from '../../../../src/stores/connect/connection-state.js'
import { openModal } from '../../../../src/stores/modal.js'
import { $networkSwitch, chooseNetwork } from '../../../../src/stores/networks/network-switch.js'
import { ProviderError, type FakeEip1193Provider } from '../../../../test/fixtures/eip1193-provider.js'
import { localNetworks } from '../../../../test/fixtures/networks.js'
import { expectModalView } from '../support/expect-view.js'
import { expectedText, isShownAs } from '../support/localized.js'
import { STORY_WALLET, installStoryWallet } from '../support/fake-wallet.js'
import { seedKit } from '../support/seed.js'
import '../../../../src/elements/w3m-modal.js'

/** Connected to the fake wallet on Local Chain A; Local Chain B is chosen in the Networks view. */
function switchStory(prepare: (provider: FakeEip1193Provider) => void, testid: string, text: string): StoryObj {
  return {
    parameters: { layout: 'fullscreen' },
    render: () => {
      seedKit({ networks: localNetworks })
      void installStoryWallet({ chainId: 31337 }).then(async provider => {
        await connect(STORY_WALLET.rdns)
        openModal({ view: 'Networks' })
        prepare(provider)
        await chooseNetwork('eip155:31338')
      })
      return html`<w3m-modal></w3m-modal>`
    },
    play: async ({ canvasElement }) => {
      const view = await expectModalView(canvasElement, 'SwitchNetwork')
      await waitFor(
        () => {
          const shown = view.shadowRoot?.querySelector(`[data-testid=${testid}]`)?.textContent?.trim()
          if (!isShownAs(shown, text)) throw new Error(`SwitchNetwork shows "${shown}", expected ${expectedText(text)}`)
        },
        { timeout: 5000 }
      )
    }
  }
}

/** SwitchNetwork: the wallet is asked to move to another network of its namespace. */
const meta = {
  title: 'Views/SwitchNetwork',
  component: 'w3m-switch-network-view'
} satisfies Meta

export default meta
type Story = StoryObj

/** Waiting for the wallet to approve the switch. */
export const Waiting: Story = switchStory(
  provider => provider.held.add('wallet_switchEthereumChain'),
  'switch-network-status',
  `Approve in ${STORY_WALLET.name}`
)

/** The visitor declined the switch: the reason and Try again (a toast says it too). */
export const Declined: Story = switchStory(
  provider => provider.failures.set('wallet_switchEthereumChain', new ProviderError(4001, 'User rejected')),
  'switch-network-error',
  'Network switch declined'
)

/** The wallet refused the chain id (32603). */
export const InvalidChainId: Story = switchStory(
  provider => provider.failures.set('wallet_switchEthereumChain', new ProviderError(32603, 'Invalid chain id')),
  'switch-network-error',
  'Invalid network id'
)

/**
 * The embedded wallet moving to a network (docs/behaviour.md section 2): it switches inside its frame with
 * nothing to approve, so the view only says it is switching.
 */
export const EmbeddedWallet: Story = {
  parameters: { layout: 'fullscreen' },
  render: () => {
    seedKit({ networks: localNetworks })
    updateConnection({ status: 'connected', activeConnectorId: AUTH_CONNECTOR_ID })
    $networkSwitch.set({ status: 'switching', target: 'eip155:31338', error: undefined })
    openModal({ view: 'SwitchNetwork', data: { caipNetworkId: 'eip155:31338' } })
    return html`<w3m-modal></w3m-modal>`
  },
  play: async ({ canvasElement }) => {
    const view = await expectModalView(canvasElement, 'SwitchNetwork')
    await waitFor(
      () => {
        const shown = view.shadowRoot?.querySelector('[data-testid=switch-network-status]')?.textContent?.trim()
        if (!isShownAs(shown, 'Switching…'))
          throw new Error(`SwitchNetwork shows "${shown}", expected ${expectedText('Switching…')}`)
      },
      { timeout: 5000 }
    )
  }
}
