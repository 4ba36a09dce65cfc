/** Play-function checks: a story is done only once the modal shows the view it was opened on. */
import { waitFor } from 'storybook/test'
import type { ViewName } from '../../../../src/config/views.js'
import { VIEW_REGISTRY } from '../../../../src/elements/views/registry.js'

/** Waits until the open modal shows `view`, rendered; fails the story otherwise. */
export async function expectModalView(canvasElement: HTMLElement, view: ViewName): Promise<HTMLElement> {
  return waitFor(
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
}
