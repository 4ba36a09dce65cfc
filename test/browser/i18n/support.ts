import { waitUntil } from '../wait.js'
import type { W3mModal } from '../../../src/elements/w3m-modal.js'

/** The text of a testid inside the modal, looking through every shadow root on the way. */
export function deepQuery(root: Element | ShadowRoot, selector: string): HTMLElement | null {
  const direct = root.querySelector<HTMLElement>(selector)
  if (direct) return direct
  for (const el of root.querySelectorAll('*')) {
    const found = el.shadowRoot && deepQuery(el.shadowRoot, selector)
    if (found) return found
  }
  return null
}

export async function waitForText(modal: W3mModal, selector: string, text: string): Promise<void> {
  await waitUntil(
    () => deepQuery(modal.shadowRoot!, selector)?.textContent?.trim() === text,
    `${selector} never read "${text}" (it reads "${deepQuery(modal.shadowRoot!, selector)?.textContent?.trim()}")`
  )
}
