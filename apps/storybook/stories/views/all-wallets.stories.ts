import type { Meta, StoryObj } from '@storybook/web-components-vite'
import { html } from 'lit'
import { waitFor } from 'storybook/test'
import { setCatalogClient, toCatalogWallet } from '../../../../src/api/catalog-client.js'
import { storedRecentWallets } from '../../../../src/storage/keys.js'
import { addRecentWallet, resetWallets, searchWallets } from '../../../../src/stores/connect/wallets.js'
import {
  catalog,
  createFakeCatalogClient,
  hostileWallets,
  makeCatalog,
  walletId,
  type FakeCatalogOptions
} from '../../../../test/fixtures/catalog.js'
import { appKitOptions } from '../../../../test/fixtures/options.js'
import { expectModalView } from '../support/expect-view.js'
import { expectedText, localizedTexts } from '../support/localized.js'
import { openModalOn } from '../support/seed.js'
import '../../../../src/elements/w3m-modal.js'

type Check = (view: HTMLElement) => void

/** The view's wallet buttons (inside the grid's shadow root). */
function walletButtons(view: HTMLElement): HTMLButtonElement[] {
  const grid = view.shadowRoot?.querySelector('[data-testid=wallet-grid]')
  return [...(grid?.shadowRoot?.querySelectorAll<HTMLButtonElement>('button') ?? [])]
}

function expectShown(testid: string, text?: string): Check {
  return view => {
    const shown = view.shadowRoot?.querySelector(`[data-testid=${testid}]`)
    if (!shown) throw new Error(`AllWallets shows no [data-testid=${testid}]`)
    if (text && !localizedTexts(text).some(localized => shown.textContent?.includes(localized)))
      throw new Error(`${testid} says "${shown.textContent}", not ${expectedText(text)}`)
  }
}

function expectWallets(atLeast: number, first?: string): Check {
  return view => {
    const buttons = walletButtons(view)
    if (buttons.length < atLeast) throw new Error(`AllWallets lists ${buttons.length} wallets, expected ${atLeast}+`)
    if (first && buttons[0]?.dataset['testid'] !== `wallet-${first}`)
      throw new Error(`The first wallet is ${buttons[0]?.dataset['testid']}, expected wallet-${first}`)
  }
}

/**
 * The modal on AllWallets over a fake catalog (test/fixtures/catalog.ts) injected through the
 * catalog-client seam; `setup` seeds the wallets store further. The play function waits until the
 * view shows what `check` expects.
 */
function allWalletsStory(fake: FakeCatalogOptions, check: Check, setup?: () => void): StoryObj {
  return {
    parameters: { layout: 'fullscreen' },
    render: () => {
      // A recent wallet stored by another story (the List story stores one) would fill the list.
      storedRecentWallets.remove()
      resetWallets()
      setCatalogClient(createFakeCatalogClient(fake))
      openModalOn('AllWallets', { options: { ...appKitOptions, featuredWalletIds: [walletId(12), walletId(30)] } })
      setup?.()
      return html`<w3m-modal></w3m-modal>`
    },
    play: async ({ canvasElement }) => {
      const view = await expectModalView(canvasElement, 'AllWallets')
      await waitFor(() => check(view), { timeout: 5000 })
    }
  }
}

/** The wallet catalog: search, then recent, featured, recommended and the rest, 40 more per scroll. */
const meta = {
  title: 'Views/AllWallets',
  component: 'w3m-all-wallets-view'
} satisfies Meta

export default meta
type Story = StoryObj

/** The first wallets are on their way: placeholder tiles shaped like wallets (issue 32), aria-hidden. */
export const Loading: Story = allWalletsStory({ paused: true }, view => {
  expectShown('wallets-loading')(view)
  const tiles = view.shadowRoot
    ?.querySelector('wui-wallet-grid')
    ?.shadowRoot?.querySelector('[data-testid=wallet-skeletons]')
  if (tiles?.getAttribute('aria-hidden') !== 'true' || !tiles.querySelector('.placeholder .skeleton.image'))
    throw new Error('AllWallets shows no aria-hidden wallet-shaped placeholders')
})

/** A 600-wallet catalog: a recent wallet, two featured, then the rest; scroll for more. */
export const List: Story = allWalletsStory({ wallets: catalog }, expectWallets(40, walletId(40)), () => {
  const recent = catalog[40]
  if (recent) addRecentWallet(toCatalogWallet(recent, createFakeCatalogClient()))
})

/** Hostile catalog entries: markup in a name shows as text, unsafe images as initials. */
export const UntrustedEntries: Story = allWalletsStory(
  { wallets: [...hostileWallets, ...makeCatalog(6)], imageUrl: () => 'http://evil.example/logo.svg' },
  expectWallets(8)
)

/** A search that finds nothing. */
export const EmptySearch: Story = allWalletsStory(
  { wallets: catalog },
  expectShown('wallets-empty', 'No wallet found'),
  () => void searchWallets('no such wallet')
)

/** The catalog cannot be reached: the message and a retry. */
export const ErrorState: Story = allWalletsStory(
  { fail: new Error('HTTP status code: 503') },
  expectShown('wallets-error', 'HTTP status code: 503')
)
