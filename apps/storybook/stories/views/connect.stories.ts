import type { Meta, StoryObj } from '@storybook/web-components-vite'
import { walletsFirstOptions, walletsOnlyOptions } from '../../../../test/fixtures/options.js'
import { html } from 'lit'
import { waitFor } from 'storybook/test'
import { expectModalView } from '../support/expect-view.js'
import { STORY_WALLET, installStoryWallet } from '../support/fake-wallet.js'
import { modalStory } from '../support/modal-story.js'
import { openModalOn } from '../support/seed.js'

/** Fails the story unless the view shows exactly these methods, in this order. */
function expectMethods(...methods: string[]) {
  return (view: HTMLElement): void => {
    const shown = [...(view.shadowRoot?.querySelectorAll<HTMLElement>('[part=method]') ?? [])].map(section =>
      section.dataset['testid']?.replace('connect-method-', '')
    )
    if (shown.join() !== methods.join())
      throw new Error(`Connect shows [${shown.join()}], expected [${methods.join()}]`)
  }
}

/** The Connect view in the modal: the connect methods in the configured order. */
const meta = {
  title: 'Views/Connect',
  component: 'w3m-connect-view'
} satisfies Meta

export default meta
type Story = StoryObj

/** E-mail, social login, wallets (the default `features.connectMethodsOrder`). */
export const DefaultOrder: Story = modalStory('Connect', {}, expectMethods('email', 'social', 'wallet'))

/** `features.connectMethodsOrder: ['wallet', 'social', 'email']`. */
export const WalletsFirst: Story = modalStory(
  'Connect',
  { options: walletsFirstOptions },
  expectMethods('wallet', 'social', 'email')
)

/** `features.email: false, features.socials: false`: wallets only. */
export const EmailAndSocialsOff: Story = modalStory('Connect', { options: walletsOnlyOptions }, expectMethods('wallet'))

/** The wallets the adapters discovered (here a fake EIP-6963 wallet) listed above All Wallets. */
export const WithDiscoveredWallet: Story = {
  parameters: { layout: 'fullscreen' },
  render: () => {
    openModalOn('Connect')
    void installStoryWallet()
    return html`<w3m-modal></w3m-modal>`
  },
  play: async ({ canvasElement }) => {
    const view = await expectModalView(canvasElement, 'Connect')
    await waitFor(() => {
      const row = view.shadowRoot?.querySelector(`[data-testid="connector-${STORY_WALLET.rdns}"]`)
      if (!row?.textContent?.includes(STORY_WALLET.name)) throw new Error('Connect does not list the discovered wallet')
    })
  }
}
