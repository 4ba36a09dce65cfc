import type { Meta, StoryObj } from '@storybook/web-components-vite'
import { connectedEvmAccount, connectedEvmAccountWithName } from '../../test/fixtures/accounts.js'
import { localNetworks } from '../../test/fixtures/networks.js'
import { expectedText, isShownAs } from '../support/localized.js'
import { modalStory } from '../support/modal-story.js'

function expectText(testid: string, text: string) {
  return (view: HTMLElement): void => {
    const shown = view.shadowRoot?.querySelector(`[data-testid=${testid}]`)?.textContent?.trim()
    if (!isShownAs(shown, text))
      throw new Error(`Account shows "${shown}" in ${testid}, expected ${expectedText(text)}`)
  }
}

/** The Account view in the modal: avatar, name or address, balance truncated to 3 decimals, Disconnect. */
const meta = {
  title: 'Views/Account',
  component: 'w3m-account-view'
} satisfies Meta

export default meta
type Story = StoryObj

/** A connected EVM account: 1.23456 ETH shows as 1.234 ETH. */
export const Connected: Story = modalStory(
  'Account',
  { account: connectedEvmAccount },
  expectText('account-balance', '1.234 ETH')
)

/** An account with a name: the name, the address beneath it. */
export const WithName: Story = modalStory(
  'Account',
  { account: connectedEvmAccountWithName },
  expectText('account-name', 'satoshi.reown.id')
)

/** The balance is on its way. */
export const LoadingBalance: Story = modalStory(
  'Account',
  { account: { ...connectedEvmAccount, balance: undefined, balanceLoading: true }, networks: localNetworks },
  expectText('account-balance', 'Loading balance…')
)

/** Nobody is connected (the view opened by hand). */
export const Disconnected: Story = modalStory('Account', {}, expectText('account-disconnected', 'No wallet connected'))
