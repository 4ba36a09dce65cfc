/**
 * Registers a custom element once, and only in a browser: importing the kit on a server, or
 * loading it twice (a bundle and the script tag), never throws.
 */
export function defineElement(tag: string, element: CustomElementConstructor): void {
  if (typeof customElements === 'undefined') return
  if (!customElements.get(tag)) customElements.define(tag, element)
}
