import { msg } from './msg.js'

let ids: ReadonlyMap<string, string> | undefined

/** Source text -> message id of the texts stores hold (src/stores/store-text-ids.ts), once loaded. */
export function useStoreTextIds(table: Readonly<Record<string, string>>): void {
  ids = new Map(Object.entries(table))
}

export function hasStoreTextIds(): boolean {
  return ids !== undefined
}

/**
 * A text a store holds in English (the spec's exact toast and error texts), in the active locale:
 * its translation or override when it has an id, else the text itself. In English with no
 * overrides the table is not even loaded: the text is already right.
 */
export function localizeText(text: string): string {
  const id = ids?.get(text)
  return id ? msg(text, { id }) : text
}
