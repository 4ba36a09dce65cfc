/** The focused element, looking through open shadow roots (a host-page button's inner button). */
export function deepActiveElement(): HTMLElement | null {
  let active: Element | null = document.activeElement
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement
  return active instanceof HTMLElement ? active : null
}

/** Whether an element takes part in Tab order: focusable, enabled, rendered, tabindex not negative. */
function isTabbable(element: Element): element is HTMLElement {
  if (!(element instanceof HTMLElement) && !(element instanceof SVGElement)) return false
  const el = element as HTMLElement
  if (el.tabIndex < 0 || (el as HTMLButtonElement).disabled || el.hasAttribute('inert')) return false
  if (!/^(BUTTON|INPUT|SELECT|TEXTAREA|A)$/.test(el.tagName) && !el.hasAttribute('tabindex')) return false
  if (el.tagName === 'A' && !el.hasAttribute('href')) return false
  return el.checkVisibility()
}

/**
 * The elements Tab visits inside `root`, in order, looking into open shadow roots and slotted
 * content (a wallet row's button inside wui-list-item inside a view inside the router).
 */
export function tabbableElements(root: Element): HTMLElement[] {
  const found: HTMLElement[] = []
  const visit = (node: Element): void => {
    // An inert subtree (the router's leaving view, while it fades out) takes no part.
    if (node instanceof HTMLElement && node.inert) return
    if (isTabbable(node)) found.push(node)
    const children = node.shadowRoot
      ? node.shadowRoot.children
      : node instanceof HTMLSlotElement
        ? node.assignedElements()
        : node.children
    for (const child of children) visit(child)
  }
  visit(root)
  return found
}
