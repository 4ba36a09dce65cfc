/** Play-function checks on a host-page element's rendering. */
import { waitFor } from 'storybook/test'
import { expectedText, isShownAs } from './localized.js'

/** Waits until `selector` inside the shadow root of the canvas's `tag` shows `text` (in the active locale); fails otherwise. */
export async function expectShadowText(canvasElement: HTMLElement, tag: string, selector: string, text: string) {
  await waitFor(() => {
    const shown = canvasElement.querySelector(tag)?.shadowRoot?.querySelector(selector)?.textContent?.trim()
    if (!isShownAs(shown, text))
      throw new Error(`<${tag}> ${selector} shows "${shown ?? ''}", expected ${expectedText(text)}`)
  })
}
