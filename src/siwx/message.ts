import type { SiwxMessageData } from '../api/schemas/siwx.js'

/**
 * The text of a CAIP-122 sign-in message: EIP-4361 (Sign-In with Ethereum) for eip155, Sign In
 * With Solana for solana, and CAIP-122's own form for bip122 (signed with BIP-322). All share one
 * layout; only the account kind and the Chain ID line differ. The text is a pure function of the data: a verifier formats the data again and compares.
 */

/** Solana clusters by the CAIP-2 reference of their genesis hash, as SIWS names them. */
const SOLANA_CLUSTERS: Readonly<Record<string, string>> = {
  '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': 'mainnet',
  EtWTRABZaYq6iMfeYKouRu166VU2xqa1: 'devnet',
  '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z': 'testnet'
}

/** The namespace and reference of a CAIP-2 id ("eip155:1" -> ["eip155", "1"]). */
export function splitChainId(chainId: string): readonly [string, string] {
  const separator = chainId.indexOf(':')
  return [chainId.slice(0, separator), chainId.slice(separator + 1)]
}

/**
 * The Chain ID line's value: the EVM chain number; the Solana cluster name, or the reference; for
 * Bitcoin the whole CAIP-2 id (CAIP-122's chain_id: 'bip122:000000000019d6689c085ae165831e93'), since
 * a bare genesis-hash prefix names nothing a person would recognise.
 */
function chainLine(chainId: string): string {
  const [namespace, reference] = splitChainId(chainId)
  if (namespace === 'bip122') return chainId
  return namespace === 'solana' ? (SOLANA_CLUSTERS[reference] ?? reference) : reference
}

/** The account kind the first line names (CAIP-122's human-readable name of the ecosystem). */
const ACCOUNT_KINDS: Readonly<Record<string, string>> = { solana: 'Solana', bip122: 'Bitcoin' }
const accountKind = (chainId: string): string => ACCOUNT_KINDS[splitChainId(chainId)[0]] ?? 'Ethereum'

/** The message text for `data` (lines joined by LF, no trailing LF). */
export function formatSiwxMessage(data: SiwxMessageData): string {
  const lines = [
    `${data.domain} wants you to sign in with your ${accountKind(data.chainId)} account:`,
    data.accountAddress,
    ''
  ]
  // EIP-4361: an empty line, the optional statement and its LF, then another empty line.
  if (data.statement) lines.push(data.statement)
  lines.push('')
  lines.push(`URI: ${data.uri}`)
  lines.push(`Version: ${data.version}`)
  lines.push(`Chain ID: ${chainLine(data.chainId)}`)
  lines.push(`Nonce: ${data.nonce}`)
  lines.push(`Issued At: ${data.issuedAt}`)
  if (data.expirationTime) lines.push(`Expiration Time: ${data.expirationTime}`)
  if (data.notBefore) lines.push(`Not Before: ${data.notBefore}`)
  if (data.requestId) lines.push(`Request ID: ${data.requestId}`)
  if (data.resources && data.resources.length > 0) {
    lines.push('Resources:')
    for (const resource of data.resources) lines.push(`- ${resource}`)
  }
  return lines.join('\n')
}

/**
 * Whether a session's data is in force at `now`: issued, past its notBefore and before its
 * expirationTime. Expired or not-yet-valid sessions are not sessions (issue 12).
 */
export function isSessionCurrent(data: SiwxMessageData, now: number = Date.now()): boolean {
  if (data.expirationTime && Date.parse(data.expirationTime) <= now) return false
  if (data.notBefore && Date.parse(data.notBefore) > now) return false
  return true
}

/** A random nonce of 16 letters and digits (EIP-4361: at least 8 alphanumerics). */
export function randomNonce(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, byte => alphabet[byte % alphabet.length]).join('')
}
