import type { ChainNamespace } from '../networks/types.js'

/**
 * Address and RPC-result shape checks (docs/behaviour.md section 5). They check the form only (no
 * checksum), which is what the kit needs to decide how to treat an input.
 */

const EVM_ADDRESS = /^(0x)?[0-9a-fA-F]{40}$/
const BASE58 = '1-9A-HJ-NP-Za-km-z'
const SOLANA_ADDRESS = new RegExp(`^[${BASE58}]{32,44}$`)
/** Legacy and script addresses (1..., 3..., m/n/2... on testnets) in base58, 25-35 characters. */
const BITCOIN_BASE58_ADDRESS = new RegExp(`^[13mn2][${BASE58}]{24,34}$`)
/** Segwit addresses in bech32: bc1 (mainnet), tb1 (testnet), bcrt1 (regtest). */
const BITCOIN_BECH32_ADDRESS = /^(bc|tb|bcrt)1[02-9ac-hj-np-z]{8,87}$/
/** Polkadot and Substrate SS58 addresses: base58, 46-48 characters. */
const POLKADOT_ADDRESS = new RegExp(`^[${BASE58}]{46,48}$`)
const TRANSACTION_HASH = /^0x[0-9a-fA-F]{64}$/
const SIGNED_MESSAGE = /^0x[0-9a-fA-F]{62,}$/

/** 40 hex digits with an optional 0x prefix. */
export function isEvmAddress(value: unknown): value is string {
  return typeof value === 'string' && EVM_ADDRESS.test(value)
}

/** 32 to 44 base58 characters (no 0, O, I or l). */
export function isSolanaAddress(value: unknown): value is string {
  return typeof value === 'string' && SOLANA_ADDRESS.test(value)
}

/** A Bitcoin address: base58 legacy or script, or bech32 segwit (any case, not mixed). */
export function isBitcoinAddress(value: unknown): value is string {
  if (typeof value !== 'string') return false
  const lower = value.toLowerCase()
  const bech32 = (value === lower || value === value.toUpperCase()) && BITCOIN_BECH32_ADDRESS.test(lower)
  return bech32 || BITCOIN_BASE58_ADDRESS.test(value)
}

export function isPolkadotAddress(value: unknown): value is string {
  return typeof value === 'string' && POLKADOT_ADDRESS.test(value)
}

/** Whether `address` has the form of an address on `namespace`. */
export function isAddressFor(namespace: ChainNamespace, address: unknown): address is string {
  switch (namespace) {
    case 'eip155':
      return isEvmAddress(address)
    case 'solana':
      return isSolanaAddress(address)
    case 'bip122':
      return isBitcoinAddress(address)
    case 'polkadot':
      return isPolkadotAddress(address)
  }
}

/** An RPC result that is a transaction hash: 0x and exactly 64 hex digits. */
export function isTransactionHash(value: unknown): value is `0x${string}` {
  return typeof value === 'string' && TRANSACTION_HASH.test(value)
}

/** An RPC result that is a signed message (a signature): 0x and 62 or more hex digits. */
export function isSignedMessage(value: unknown): value is `0x${string}` {
  return typeof value === 'string' && SIGNED_MESSAGE.test(value)
}

/** An RPC result the kit treats as a transaction (docs/behaviour.md section 5): a hash or a signed message. */
export function isTransactionResult(value: unknown): value is `0x${string}` {
  return isTransactionHash(value) || isSignedMessage(value)
}
