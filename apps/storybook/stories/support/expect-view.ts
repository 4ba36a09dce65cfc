/** Play-function checks: a story is done only once the modal shows the view it was opened on. */
import { waitFor } from 'storybook/test'
import type { ViewName } from '../../../../src/config/views.js'
import { VIEW_REGISTRY } from '../../../../src/elements/views/registry.js'

/** How many catalog wallets All Wallets previews on Connect (the 2 x 2 grid). */
const ALL_WALLETS_PREVIEW = 4

/**
 * Fails until Connect's All Wallets row shows its whole preview, each image loaded (an <img>,
 * decoded), and the catalog's count, when the row is shown. The catalog loads when the browser is
 * idle (up to 2 s after the view shows), so a story would otherwise be done, and screenshotted by
 * the visual check, with or without them depending on the machine's load.
 */
function expectAllWalletsSettled(view: HTMLElement): void {
  const root = view.shadowRoot
  if (!root?.querySelector('[data-testid="all-wallets-button"]')) return
  const images = [
    ...(root.querySelector('[data-testid="all-wallets-grid"]')?.querySelectorAll('wui-wallet-image') ?? [])
  ]
  if (images.length !== ALL_WALLETS_PREVIEW)
    throw new Error(`All Wallets previews ${images.length} wallets, expected ${ALL_WALLETS_PREVIEW}`)
  const loaded = images.filter(image => {
    const img = image.shadowRoot?.querySelector('img')
    return img?.complete === true && img.naturalWidth > 0
  })
  if (loaded.length !== images.length)
    throw new Error(`All Wallets' preview: ${loaded.length} of ${images.length} images loaded`)
  if (!root.querySelector('[data-testid="all-wallets-count"]')) throw new Error('All Wallets shows no count')
}

/**
 * Waits until the open modal shows `view`, rendered (on Connect, with All Wallets' preview and
 * count loaded); fails the story otherwise.
 */
export async function expectModalView(canvasElement: HTMLElement, view: ViewName): Promise<HTMLElement> {
  const element = await waitFor(
    () => {
      const modal = canvasElement.querySelector('w3m-modal')
      const dialog = modal?.shadowRoot?.querySelector('dialog')
      if (!dialog?.open) throw new Error('The modal is not open')
      const router = dialog.querySelector('w3m-router')
      const wrapper = router?.shadowRoot?.querySelector<HTMLElement>('[data-view]')
      if (wrapper?.dataset['view'] !== view)
        throw new Error(`The modal shows ${wrapper?.dataset['view'] ?? 'no view'}, not ${view}`)
      const element = wrapper.querySelector<HTMLElement>(VIEW_REGISTRY[view].tag)
      if (!element?.shadowRoot?.childElementCount) throw new Error(`The ${view} view has not rendered`)
      return element
    },
    { timeout: 5000 }
  )
  if (view === 'Connect') await waitFor(() => expectAllWalletsSettled(element), { timeout: 5000 })
  return element
}
