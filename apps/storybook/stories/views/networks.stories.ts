import type { Meta, StoryObj } from '@storybook/web-components-vite'
import { evmNetworks, multichainNetworks, noNetworks } from '../../../../test/fixtures/networks.js'
import type { CaipNetwork } from '../../../../src/networks/types.js'
import { modalStory } from '../support/modal-story.js'

/** Fails the story unless the view lists these networks, the first one current. */
function expectNetworks(networks: readonly CaipNetwork[]) {
  return (view: HTMLElement): void => {
    const items = [...(view.shadowRoot?.querySelectorAll('wui-list-item') ?? [])]
    const names = items.map(item => item.textContent?.trim())
    const expected = networks.map(network => network.name)
    if (names.join() !== expected.join())
      throw new Error(`Networks lists [${names.join()}], expected [${expected.join()}]`)
    if (networks.length > 0 && !items[0]?.current) throw new Error('The active network is not marked current')
    if (networks.length === 0 && !view.shadowRoot?.querySelector('[data-testid=networks-empty]')) {
      throw new Error('The empty state is missing')
    }
  }
}

/** The Networks view in the modal: the app's networks, the active one marked. */
const meta = {
  title: 'Views/Networks',
  component: 'w3m-networks-view'
} satisfies Meta

export default meta
type Story = StoryObj

export const WithNetworks: Story = modalStory('Networks', { networks: evmNetworks }, expectNetworks(evmNetworks))

export const EvmAndSolana: Story = modalStory(
  'Networks',
  { networks: multichainNetworks },
  expectNetworks(multichainNetworks)
)

export const Empty: Story = modalStory('Networks', { networks: noNetworks }, expectNetworks(noNetworks))
