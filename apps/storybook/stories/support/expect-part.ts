/** Play-function checks of a view's parts by data-testid, in the active locale. */
import { expectedText, isShownAs } from './localized.js'

/** The view's part with `data-testid` `id`, in its shadow root. */
export const part = (view: HTMLElement, id: string) =>
  view.shadowRoot?.querySelector<HTMLElement>(`[data-testid="${id}"]`)

/** Checks that the part shows `english` in the active locale; `also` checks more of the view. */
export function expectPart(id: string, english: string, also?: (view: HTMLElement) => void) {
  return (view: HTMLElement): void => {
    const shown = part(view, id)?.textContent?.trim()
    if (!isShownAs(shown, english)) throw new Error(`${id} shows "${shown}", expected ${expectedText(english)}`)
    also?.(view)
  }
}
