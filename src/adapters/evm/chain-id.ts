/**
 * EVM chain ids as wallets and apps write them: a number (1), a decimal string ("1"), a hex
 * quantity ("0x1") or a CAIP-2 id ("eip155:1"). Spec.md section 5: the chain id in a
 * switch-network payload may be a string or a number.
 */

/** A chain id that is not a positive safe integer in any accepted form. */
export class InvalidChainIdError extends Error {
  override readonly name = 'InvalidChainIdError'
  constructor(readonly input: unknown) {
    super(`Invalid EVM chain id ${JSON.stringify(input) ?? String(input)}: expected a number, "1", "0x1" or "eip155:1"`)
  }
}

const HEX = /^0x[0-9a-fA-F]+$/
const DECIMAL = /^[0-9]+$/

/** The chain id as a number; undefined when `input` is none of the accepted forms. */
export function safeParseEvmChainId(input: unknown): number | undefined {
  let id: number | undefined
  if (typeof input === 'number') id = input
  else if (typeof input === 'bigint') id = Number(input)
  else if (typeof input === 'string') {
    const text = input.trim()
    const reference = text.startsWith('eip155:') ? text.slice('eip155:'.length) : text
    if (HEX.test(reference)) id = Number.parseInt(reference.slice(2), 16)
    else if (DECIMAL.test(reference)) id = Number(reference)
  }
  return id !== undefined && Number.isSafeInteger(id) && id > 0 ? id : undefined
}

/** The chain id as a number; throws InvalidChainIdError. */
export function parseEvmChainId(input: unknown): number {
  const id = safeParseEvmChainId(input)
  if (id === undefined) throw new InvalidChainIdError(input)
  return id
}

/** The chain id as EIP-1193 wants it in wallet_switchEthereumChain: "0x7a69". */
export function toHexChainId(input: unknown): `0x${string}` {
  return `0x${parseEvmChainId(input).toString(16)}`
}
