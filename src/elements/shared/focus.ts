/** The focused element, looking through open shadow roots (a host-page button's inner button). */
export function deepActiveElement(): HTMLElement | null {
  let active: Element | null = document.activeElement
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement
  return active instanceof HTMLElement ? active : null
}
