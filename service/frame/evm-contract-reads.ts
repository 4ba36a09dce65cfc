// What the chain says about a contract an approval calls, through the frame's forwarded RPC
// (eth_call by POST /frame-api/rpc): an ERC-20's symbol and decimals, or an ERC-721's collection
// name. A contract is ERC-721 when its ERC-165 supportsInterface says so, ERC-20 when its symbol
// and decimals read; otherwise nothing is known of it and the approval shows raw numbers. Every read
// is bounded by a time limit, so that a chain that does not answer never holds the approval back.
import { decodeAbiParameters, hexToString, trim, type Address, type Hex } from 'viem'
import * as z from 'zod/mini'
import { printableText } from './approval-request.js'
import { READ_SELECTORS } from './evm-abis.js'
import type { Forward } from './transactions.js'

export type ContractInfo =
  | { readonly standard: 'erc20'; readonly symbol: string; readonly decimals: number }
  | { readonly standard: 'erc721'; readonly name?: string }
  | { readonly standard: 'unknown' }

/** How long the reads about one contract may take before the approval shows without them. */
export const CONTRACT_READ_TIMEOUT_MS = 4000
/** The longest symbol or collection name shown; a longer one counts as unreadable. */
export const NAME_MAX_LENGTH = 40
/** ERC-165 interface id of ERC-721. */
const ERC721_INTERFACE: Hex = '0x80ac58cd'

const hexResult = z.string().check(z.regex(/^0x([0-9a-fA-F]{2})*$/, 'hex bytes'))

type Read = (to: Address, data: Hex) => Promise<Hex>

/** eth_call of `data` on `to` at the latest block, through `forward`. */
export function chainReader(forward: Forward): Read {
  return async (to, data) => hexResult.parse(await forward('eth_call', [{ to, data }, 'latest'])) as Hex
}

/** A short printable text (no control or bidirectional characters), else undefined. */
function shownName(text: string): string | undefined {
  const trimmed = text.trim()
  if (!trimmed || trimmed.length > NAME_MAX_LENGTH) return undefined
  return printableText(new TextEncoder().encode(trimmed)) === undefined ? undefined : trimmed
}

async function readText(read: Read, to: Address, name: 'symbol' | 'name'): Promise<string | undefined> {
  const answer = await read(to, READ_SELECTORS[name])
  try {
    const [text] = decodeAbiParameters([{ type: 'string' }], answer)
    return shownName(text)
  } catch {
    // Older tokens (MKR, SAI) answer a bytes32, padded with zeros on the right.
    return answer.length === 66 ? shownName(hexToString(trim(answer, { dir: 'right' }))) : undefined
  }
}

async function readDecimals(read: Read, to: Address): Promise<number> {
  const [decimals] = decodeAbiParameters([{ type: 'uint8' }], await read(to, READ_SELECTORS.decimals))
  return decimals
}

/** ERC-165's answer for ERC-721's interface id (0x80ac58cd, left-aligned in its 32 bytes). */
async function readIsErc721(read: Read, to: Address): Promise<boolean> {
  const argument = ERC721_INTERFACE.slice(2).padEnd(64, '0')
  const [answer] = decodeAbiParameters(
    [{ type: 'bool' }],
    await read(to, `${READ_SELECTORS.supportsInterface}${argument}`)
  )
  return answer
}

const settled = <T>(promise: Promise<T>): Promise<T | undefined> => promise.catch(() => undefined)

async function readInfo(read: Read, to: Address): Promise<ContractInfo> {
  const [isErc721, symbol, decimals, name] = await Promise.all([
    settled(readIsErc721(read, to)),
    settled(readText(read, to, 'symbol')),
    settled(readDecimals(read, to)),
    settled(readText(read, to, 'name'))
  ])
  if (isErc721) return name === undefined ? { standard: 'erc721' } : { standard: 'erc721', name }
  if (symbol !== undefined && decimals !== undefined) return { standard: 'erc20', symbol, decimals }
  return { standard: 'unknown' }
}

/**
 * Reads contracts for one approval: each contract once, however many calls name it, and each within
 * `timeoutMs` (then: unknown).
 */
export class ContractReads {
  readonly #read: Read
  readonly #timeoutMs: number
  readonly #known = new Map<string, Promise<ContractInfo>>()

  constructor(read: Read, timeoutMs = CONTRACT_READ_TIMEOUT_MS) {
    this.#read = read
    this.#timeoutMs = timeoutMs
  }

  info(address: Address): Promise<ContractInfo> {
    const key = address.toLowerCase()
    let info = this.#known.get(key)
    if (!info) {
      let timer: ReturnType<typeof setTimeout> | undefined
      const late = new Promise<ContractInfo>(resolve => {
        timer = setTimeout(() => resolve({ standard: 'unknown' }), this.#timeoutMs)
      })
      info = Promise.race([readInfo(this.#read, address), late]).finally(() => clearTimeout(timer))
      this.#known.set(key, info)
    }
    return info
  }
}
