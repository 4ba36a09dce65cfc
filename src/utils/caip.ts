import { CHAIN_NAMESPACES, type ChainNamespace } from '../networks/types.js'

/**
 * CAIP-2 network ids (`namespace:reference`, such as "eip155:1") and CAIP-10 account ids
 * (`namespace:reference:address`, such as "eip155:1:0xab..."), by the rules of docs/behaviour.md section 5:
 * CAIP-2 has exactly 2 non-empty parts; CAIP-10 exactly 3, with a namespace the kit knows.
 */

export type CaipStandard = 'CAIP-2' | 'CAIP-10'

/** A CAIP-2 or CAIP-10 value that breaks the rules. The message says what was wrong and shows the input. */
export class CaipFormatError extends Error {
  override readonly name = 'CaipFormatError'
  constructor(
    readonly standard: CaipStandard,
    readonly input: unknown,
    readonly reason: string
  ) {
    super(`Invalid ${standard === 'CAIP-2' ? 'CAIP-2 network id' : 'CAIP-10 address'} ${show(input)}: ${reason}`)
  }
}

export interface Caip2Parts {
  readonly namespace: string
  readonly reference: string
}

export interface Caip10Parts {
  readonly namespace: ChainNamespace
  readonly reference: string
  readonly address: string
  /** The CAIP-2 id of the chain: `namespace:reference`. */
  readonly caipNetworkId: string
}

const SHAPES: Record<CaipStandard, { parts: number; form: string }> = {
  'CAIP-2': { parts: 2, form: 'namespace:reference, such as "eip155:1"' },
  'CAIP-10': { parts: 3, form: 'namespace:reference:address, such as "eip155:1:0xab…"' }
}
const PART_NAMES = ['namespace', 'reference', 'address'] as const

export function isChainNamespace(value: unknown): value is ChainNamespace {
  return (CHAIN_NAMESPACES as readonly unknown[]).includes(value)
}

/** "eip155:1" -> { namespace: 'eip155', reference: '1' }. Throws CaipFormatError. */
export function parseCaip2(input: unknown): Caip2Parts {
  const [namespace, reference] = splitParts('CAIP-2', input)
  return { namespace, reference }
}

/** "eip155:1:0xab…" -> { namespace, reference, address, caipNetworkId }. Throws CaipFormatError. */
export function parseCaip10(input: unknown): Caip10Parts {
  const [namespace, reference, address] = splitParts('CAIP-10', input)
  if (!isChainNamespace(namespace)) {
    throw new CaipFormatError(
      'CAIP-10',
      input,
      `unknown namespace "${namespace}" (known: ${CHAIN_NAMESPACES.join(', ')})`
    )
  }
  return { namespace, reference, address, caipNetworkId: `${namespace}:${reference}` }
}

/** Like parseCaip2, but undefined instead of an error. */
export function safeParseCaip2(input: unknown): Caip2Parts | undefined {
  return attempt(() => parseCaip2(input))
}

/** Like parseCaip10, but undefined instead of an error. */
export function safeParseCaip10(input: unknown): Caip10Parts | undefined {
  return attempt(() => parseCaip10(input))
}

export function isCaip2(input: unknown): input is string {
  return safeParseCaip2(input) !== undefined
}

export function isCaip10(input: unknown): input is string {
  return safeParseCaip10(input) !== undefined
}

/** ('eip155', 1) -> "eip155:1". Throws CaipFormatError when a part is empty or holds a colon. */
export function formatCaip2(namespace: string, reference: string | number): string {
  const id = `${namespace}:${String(reference)}`
  parseCaip2(id)
  return id
}

/**
 * ("eip155:1", "0xab…") -> "eip155:1:0xab…". Throws CaipFormatError when the network id is not
 * CAIP-2 with a known namespace, or the address is empty or holds a colon.
 */
export function formatCaip10(caipNetworkId: string, address: string): string {
  const id = `${caipNetworkId}:${address}`
  parseCaip10(id)
  return id
}

function splitParts(standard: 'CAIP-2', input: unknown): [string, string]
function splitParts(standard: 'CAIP-10', input: unknown): [string, string, string]
function splitParts(standard: CaipStandard, input: unknown): string[] {
  const { parts: expected, form } = SHAPES[standard]
  if (typeof input !== 'string') throw new CaipFormatError(standard, input, `expected a string (${form})`)
  const parts = input.split(':')
  if (parts.length !== expected) {
    throw new CaipFormatError(
      standard,
      input,
      `expected ${expected} colon-separated parts (${form}), got ${parts.length}`
    )
  }
  const empty = parts.findIndex(part => part.length === 0)
  if (empty !== -1) throw new CaipFormatError(standard, input, `the ${PART_NAMES[empty] ?? 'part'} is empty`)
  const spaced = parts.findIndex(part => /\s/.test(part))
  if (spaced !== -1) {
    throw new CaipFormatError(standard, input, `the ${PART_NAMES[spaced] ?? 'part'} contains whitespace`)
  }
  return parts
}

function attempt<T>(parse: () => T): T | undefined {
  try {
    return parse()
  } catch (error) {
    if (error instanceof CaipFormatError) return undefined
    throw error
  }
}

function show(input: unknown): string {
  if (typeof input === 'string') return JSON.stringify(input.length > 120 ? `${input.slice(0, 120)}…` : input)
  return input === null ? 'null' : typeof input
}
