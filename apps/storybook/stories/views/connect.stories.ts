import type { Meta, StoryObj } from '@storybook/web-components-vite'
import { appKitOptions, walletsFirstOptions, walletsOnlyOptions } from '../../../../test/fixtures/options.js'
import { html } from 'lit'
import { waitFor } from 'storybook/test'
import { setCatalogClient } from '../../../../src/api/catalog-client.js'
import type { AppKitOptionsInput } from '../../../../src/config/options.js'
import { storedRecentWallets } from '../../../../src/storage/keys.js'
import { resetLegalConsent } from '../../../../src/stores/connect/legal-consent.js'
import { resetWallets } from '../../../../src/stores/connect/wallets.js'
import { catalog, createFakeCatalogClient } from '../../../../test/fixtures/catalog.js'
import { part } from '../support/expect-part.js'
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

/**
 * The modal on Connect with a 600-wallet fake catalog (test/fixtures/catalog.ts) behind All Wallets;
 * `act` runs on the view once it shows (a click), then `check` is retried until it passes.
 */
function connectStory(
  options: AppKitOptionsInput,
  check: (view: HTMLElement) => void,
  act?: (view: HTMLElement) => void
): Story {
  return {
    parameters: { layout: 'fullscreen' },
    render: () => {
      storedRecentWallets.remove()
      resetWallets()
      resetLegalConsent()
      setCatalogClient(createFakeCatalogClient({ wallets: catalog }))
      openModalOn('Connect', { options })
      return html`<w3m-modal></w3m-modal>`
    },
    play: async ({ canvasElement }) => {
      const view = await expectModalView(canvasElement, 'Connect')
      if (act) {
        await waitFor(() => act(view), { timeout: 5000 })
      }
      await waitFor(() => check(view), { timeout: 5000 })
    }
  }
}

/** Fails unless All Wallets previews four catalog wallets and shows the count. */
function expectAllWalletsPreview(view: HTMLElement): void {
  const images = part(view, 'all-wallets-grid')?.querySelectorAll('wui-wallet-image').length ?? 0
  if (images !== 4) throw new Error(`All Wallets previews ${images} wallets, expected 4`)
  if (!part(view, 'all-wallets-count')) throw new Error('All Wallets shows no count')
}

/**
 * E-mail (an envelope, a submit arrow), social login (Google wide, four square marks, "more"),
 * wallets and All Wallets with its preview and count (the default `features.connectMethodsOrder`).
 */
export const DefaultOrder: Story = connectStory(appKitOptions, view => {
  expectMethods('email', 'social', 'wallet')(view)
  if (!part(view, 'social-more')) throw new Error('Connect shows no "more" button')
  expectAllWalletsPreview(view)
})

/** "More sign-in options" opened: the providers after the first five, as a list. */
export const SocialMoreOpen: Story = connectStory(
  appKitOptions,
  view => {
    const rows = part(view, 'social-more-list')?.querySelectorAll('wui-list-item').length ?? 0
    if (rows !== 2) throw new Error(`The list behind "more" shows ${rows} providers, expected 2`)
  },
  view => {
    const more = part(view, 'social-more')
    if (!more) throw new Error('Connect shows no "more" button')
    if (more.getAttribute('aria-expanded') !== 'true') more.click()
  }
)

/** `features.legalCheckbox` with the terms and privacy pages: nothing connects until the box is ticked. */
export const LegalLine: Story = connectStory(
  {
    ...appKitOptions,
    features: { legalCheckbox: true },
    termsConditionsUrl: 'https://example.com/terms',
    privacyPolicyUrl: 'https://example.com/privacy'
  },
  view => {
    if (!part(view, 'legal-checkbox')) throw new Error('Connect shows no legal line')
    if (!part(view, 'legal-terms') || !part(view, 'legal-privacy')) throw new Error('The legal line has no links')
    if (!part(view, 'all-wallets-button')?.hasAttribute('disabled')) throw new Error('All Wallets is not blocked')
  }
)

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
