import type { Meta, StoryObj } from '@storybook/web-components-vite'
import { html } from 'lit'
import '../../../../src/elements/buttons/appkit-network-button.js'
import { configureNetworks } from '../../../../src/stores/network.js'
import { evmNetworks } from '../../../../test/fixtures/networks.js'
import { expectShadowText } from '../support/shadow-text.js'

interface Args {
  size: 'md' | 'sm'
}

/** The active network; it opens the Networks view. */
const meta = {
  title: 'Buttons/appkit-network-button',
  component: 'appkit-network-button',
  args: { size: 'md' },
  argTypes: { size: { control: 'inline-radio', options: ['md', 'sm'] } },
  render: args => html`<appkit-network-button .size=${args.size}></appkit-network-button>`
} satisfies Meta<Args>

export default meta
type Story = StoryObj<Args>

export const WithActiveNetwork: Story = {
  decorators: [
    story => {
      configureNetworks(evmNetworks)
      return story()
    }
  ],
  play: ({ canvasElement }) => expectShadowText(canvasElement, 'appkit-network-button', 'button', 'Ethereum')
}

export const WithoutNetwork: Story = {
  play: ({ canvasElement }) => expectShadowText(canvasElement, 'appkit-network-button', 'button', 'Select network')
}
