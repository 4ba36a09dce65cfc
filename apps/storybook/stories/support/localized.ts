/**
 * Play-function checks written against the English texts, made to hold in every toolbar locale:
 * an English text is looked up among the catalog's source texts (src/i18n/catalog.ts) and turned
 * into the active locale's text under the same message id, with its values kept.
 */
import { CATALOG } from '../../../../src/i18n/catalog.js'
import { msg, str } from '../../../../src/i18n/msg.js'

interface Source {
  readonly id: string
  /** The literal parts of the source text, around its `{n}` placeholders (source order: {0}, {1} ...). */
  readonly strings: readonly string[]
  /** The source text as a pattern: each placeholder captures its value. */
  readonly pattern: RegExp
}

const PLACEHOLDER = /\{\d+\}/g
const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

const SOURCES: readonly Source[] = Object.entries(CATALOG).map(([id, text]) => {
  const strings = text.split(PLACEHOLDER)
  return { id, strings, pattern: new RegExp(`^${strings.map(escape).join('(.+)')}$`, 's') }
})

/** The active locale's text of message `id`, with the values the English text gave its placeholders. */
function translate({ id, strings }: Source, english: string, values: string[]): string {
  if (values.length === 0) return msg(english, { id })
  return msg(str(Object.assign([...strings], { raw: [...strings] }), ...values), { id })
}

/**
 * What an English text shows as in the active locale: one text per message id with that source
 * (two ids may share an English text and differ in another language). A text that is no catalog
 * text (a wallet's or a network's name, a balance) is shown as it is.
 */
export function localizedTexts(english: string): string[] {
  const matches = SOURCES.flatMap(source => {
    const match = source.pattern.exec(english)
    return match ? [{ source, values: match.slice(1) }] : []
  })
  // A text that is a source text as it stands wins over one that only fits a source's placeholders.
  const exact = matches.filter(({ values }) => values.length === 0)
  const chosen = exact.length > 0 ? exact : matches
  if (chosen.length === 0) return [english]
  return [...new Set(chosen.map(({ source, values }) => translate(source, english, values)))]
}

/** True when `shown` is `english` as the active locale shows it. */
export function isShownAs(shown: string | undefined, english: string): boolean {
  return shown !== undefined && localizedTexts(english).includes(shown)
}

/** How a failure names what was expected: the English text, and the active locale's when it differs. */
export function expectedText(english: string): string {
  const texts = localizedTexts(english).filter(text => text !== english)
  return texts.length === 0 ? `"${english}"` : `"${english}" (${texts.map(text => `"${text}"`).join(' or ')})`
}
