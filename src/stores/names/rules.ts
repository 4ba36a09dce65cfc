import { NAME_LABEL_PATTERN } from '../../api/schemas/profile.js'
import { NAME_CHARACTERS_RULE, NAME_LENGTH_RULE } from './texts.js'

/**
 * The suffix of the names the kit registers, and the zone its suggestions are asked in: the
 * backend's current suffix (docs/behaviour.md section 11, Names). Lookups also take the legacy one (.wcn.id).
 */
export const NAME_ZONE = 'appkit.id'
export const NAME_SUFFIX = `.${NAME_ZONE}`
export const NAME_MIN_LENGTH = 4

/** The characters a name's label may have: what typing keeps. */
const REFUSED = /[^a-zA-Z0-9-]/g

/** What typing keeps of `typed` (letters, digits and hyphens), and whether it refused anything. */
export function keptLabel(typed: string): { readonly label: string; readonly refused: boolean } {
  const label = typed.replace(REFUSED, '')
  return { label, refused: label !== typed }
}

/** The rule `label` breaks (docs/behaviour.md section 5: letters, digits and hyphens, at least 4), as the visitor's text. */
export function labelRuleError(label: string): string | undefined {
  if (label.replace(REFUSED, '') !== label) return NAME_CHARACTERS_RULE
  if (label.length < NAME_MIN_LENGTH || !NAME_LABEL_PATTERN.test(label)) return NAME_LENGTH_RULE
  return undefined
}

/** The full name of a label: lower case, with the kit's suffix (alice -> alice.appkit.id). */
export function fullName(label: string): string {
  return `${label.toLowerCase()}${NAME_SUFFIX}`
}

/** The label of a name of the kit's zone (alice.appkit.id -> alice); the name itself otherwise. */
export function labelOf(name: string): string {
  return name.toLowerCase().endsWith(NAME_SUFFIX) ? name.slice(0, -NAME_SUFFIX.length) : name
}

/**
 * The coin type a registration names for an EVM chain (ENSIP-11): 60 for Ethereum (SLIP-44),
 * 0x80000000 | chainId for the others. The backend takes 60 and the coin types of the chains it reads.
 */
export function evmCoinType(chainId: number): number {
  return chainId === 1 ? 60 : (0x80000000 | chainId) >>> 0
}
