import type { TemplateLike, TemplateMap } from '@lit/localize/internal/types.js'

/** One locale's texts by message id; `{0}`, `{1}` ... stand for the source text's values in order. */
export type Translations = Readonly<Record<string, string>>

const PLACEHOLDER = /\{(\d+)\}/g

/** The `{n}` placeholders of a text, in the order they appear. */
export function placeholdersOf(text: string): number[] {
  return [...text.matchAll(PLACEHOLDER)].map(match => Number(match[1]))
}

/**
 * A text in the form lit-localize's runtime reads: a plain string, or for a text with placeholders
 * a `str` template whose values are the indexes of the source's values ('{1} en {0}' may reorder).
 */
function toTemplate(text: string): TemplateLike {
  const order = placeholdersOf(text)
  if (order.length === 0) return text
  const strings = Object.assign(text.split(/\{\d+\}/), { raw: [] as string[] })
  return { strTag: true, strings, values: order } as unknown as TemplateLike
}

export function toTemplateMap(translations: Translations): TemplateMap {
  const map: TemplateMap = {}
  for (const [id, text] of Object.entries(translations)) map[id] = toTemplate(text)
  return map
}
