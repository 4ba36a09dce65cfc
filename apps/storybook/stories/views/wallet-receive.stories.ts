import type { Meta, StoryObj } from '@storybook/web-components-vite'
import {
  connectedBitcoinAccount,
  connectedEvmAccount,
  connectedSolanaAccount
} from '../../../../test/fixtures/accounts.js'
import { bitcoinAndEvmNetworks, localNetworks, multichainNetworks } from '../../../../test/fixtures/networks.js'
import { expectedText, isShownAs } from '../support/localized.js'
import { modalStory } from '../support/modal-story.js'

/** Checks the full address and the networks the view lists (network names are data, not texts). */
function expectReceive(address: string, networks: readonly string[]) {
  return (view: HTMLElement): void => {
    const shown = view.shadowRoot?.querySelector('[data-testid=receive-address]')?.textContent?.trim()
    if (!isShownAs(shown, address)) throw new Error(`Receive shows "${shown}", expected ${expectedText(address)}`)
    const listed = [...(view.shadowRoot?.querySelectorAll('[data-testid=receive-networks] li') ?? [])].map(li =>
      li.textContent?.trim()
    )
    if (listed.join(',') !== networks.join(','))
      throw new Error(`Receive lists ${listed.join(', ')}, expected ${networks.join(', ')}`)
  }
}

/** Receive: the connected address as a QR code, in full with Copy, and the networks it receives on. */
const meta = {
  title: 'Views/WalletReceive',
  component: 'w3m-wallet-receive-view'
} satisfies Meta

export default meta
type Story = StoryObj

/** An EVM account on the local chains: both chains listed. */
export const Evm: Story = modalStory(
  'WalletReceive',
  { account: connectedEvmAccount, networks: localNetworks },
  expectReceive(connectedEvmAccount.address ?? '', ['Local Chain A', 'Local Chain B'])
)

/** A Solana account in a multichain app: only the Solana network, not the EVM ones. */
export const Solana: Story = modalStory(
  'WalletReceive',
  { account: connectedSolanaAccount, networks: multichainNetworks },
  expectReceive(connectedSolanaAccount.address ?? '', ['Solana'])
)

/** A Bitcoin account: the QR code holds its BIP-21 URI (bitcoin:<address>); only the Bitcoin network. */
export const Bitcoin: Story = modalStory(
  'WalletReceive',
  { account: connectedBitcoinAccount, networks: bitcoinAndEvmNetworks },
  expectReceive(connectedBitcoinAccount.address ?? '', ['Bitcoin'])
)

/** Nobody is connected (the view opened by hand). */
export const Disconnected: Story = modalStory('WalletReceive', {})
