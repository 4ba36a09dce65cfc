import type { Meta, StoryObj } from '@storybook/web-components-vite'
import { html } from 'lit'
import '../../../../src/elements/buttons/appkit-button.js'
import { setAccount } from '../../../../src/stores/account.js'
import { connectedEvmAccount } from '../../../../test/fixtures/accounts.js'

interface Args {
  label: string
  loadingLabel: string
  balance: 'show' | 'hide'
  size: 'md' | 'sm'
}

/** The one button a page needs: Connect while disconnected, the account once connected. */
const meta = {
  title: 'Buttons/appkit-button',
  component: 'appkit-button',
  args: { label: 'Connect Wallet', loadingLabel: 'Connecting...', balance: 'show', size: 'md' },
  argTypes: {
    balance: { control: 'inline-radio', options: ['show', 'hide'] },
    size: { control: 'inline-radio', options: ['md', 'sm'] }
  },
  render: args =>
    html`<appkit-button
      .label=${args.label}
      .loadingLabel=${args.loadingLabel}
      .balance=${args.balance}
      .size=${args.size}
    ></appkit-button>`
} satisfies Meta<Args>

export default meta
type Story = StoryObj<Args>

export const Disconnected: Story = {}

export const Connected: Story = {
  decorators: [
    story => {
      setAccount(connectedEvmAccount)
      return story()
    }
  ]
}

export const Small: Story = { args: { size: 'sm' } }
