import type { Meta, StoryObj } from '@storybook/web-components-vite'
import { html } from 'lit'
import '../../../../src/elements/buttons/appkit-account-button.js'
import { setAccount, type AccountState } from '../../../../src/stores/account.js'
import {
  connectedEvmAccount,
  connectedEvmAccountWithName,
  connectedSolanaAccount
} from '../../../../test/fixtures/accounts.js'
import { expectShadowText } from '../support/shadow-text.js'

interface Args {
  balance: 'show' | 'hide'
  size: 'md' | 'sm'
}

function withAccount(account: AccountState): NonNullable<Story['decorators']> {
  return [
    story => {
      setAccount(account)
      return story()
    }
  ]
}

/** The connected account: name or truncated address, and the balance truncated to 3 decimals. */
const meta = {
  title: 'Buttons/appkit-account-button',
  component: 'appkit-account-button',
  args: { balance: 'show', size: 'md' },
  argTypes: {
    balance: { control: 'inline-radio', options: ['show', 'hide'] },
    size: { control: 'inline-radio', options: ['md', 'sm'] }
  },
  render: args => html`<appkit-account-button .balance=${args.balance} .size=${args.size}></appkit-account-button>`
} satisfies Meta<Args>

export default meta
type Story = StoryObj<Args>

export const Disconnected: Story = {}

export const ConnectedWithBalance: Story = {
  decorators: withAccount(connectedEvmAccount),
  play: ({ canvasElement }) => expectShadowText(canvasElement, 'appkit-account-button', '[part=balance]', '1.234 ETH')
}

export const ConnectedBalanceHidden: Story = { args: { balance: 'hide' }, decorators: withAccount(connectedEvmAccount) }

export const ConnectedWithName: Story = { decorators: withAccount(connectedEvmAccountWithName) }

export const ConnectedSolana: Story = { decorators: withAccount(connectedSolanaAccount) }
