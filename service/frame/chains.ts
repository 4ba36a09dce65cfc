// Chain ids as the page sends them (docs/behaviour.md section 5: a string or a number): 31337, '31337',
// '0x7a69' or 'eip155:31337' for an EVM chain; 'solana:<genesis>' (or the bare genesis hash, base58)
// for a Solana one.

export type ParsedChain = { namespace: 'eip155'; id: number } | { namespace: 'solana'; id: string }

const BASE58 = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/

/** What `chainId` names; throws 'Invalid chain id: …' when it names nothing. */
export function parseChainId(chainId: string | number): ParsedChain {
  const invalid = () => new Error(`Invalid chain id: ${String(chainId)}`)
  if (typeof chainId === 'number') {
    if (!Number.isSafeInteger(chainId) || chainId <= 0) throw invalid()
    return { namespace: 'eip155', id: chainId }
  }
  const text = chainId.trim()
  if (text.startsWith('solana:')) {
    const reference = text.slice('solana:'.length)
    if (!BASE58.test(reference)) throw invalid()
    return { namespace: 'solana', id: text }
  }
  const evm = text.startsWith('eip155:') ? text.slice('eip155:'.length) : text
  if (/^0x[0-9a-fA-F]{1,13}$/.test(evm)) return parseChainId(Number.parseInt(evm, 16))
  if (/^[1-9]\d{0,15}$/.test(evm)) return parseChainId(Number(evm))
  if (BASE58.test(text)) return { namespace: 'solana', id: `solana:${text}` }
  throw invalid()
}

/** 31337 -> '0x7a69'. */
export const toHexChainId = (chainId: number): `0x${string}` => `0x${chainId.toString(16)}`
