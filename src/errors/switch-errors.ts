/**
 * Chain-switch error codes (docs/behaviour.md section 8) and the visible message for each. A failed switch
 * is always shown to the visitor, never silent.
 */

/** The wallet does not know the chain: the kit adds it (wallet_addEthereumChain), then switches. */
export const UNRECOGNIZED_CHAIN_CODE = 4902
/** The kit's own code for a switch that failed for any other reason. */
export const DEFAULT_SWITCH_ERROR_CODE = 5000
/** The chain id sent was not valid for the wallet. Some wallets send it negative (-32603). */
export const INVALID_CHAIN_ID_CODE = 32603

export const SWITCH_ERROR_CODES = {
  unrecognizedChain: UNRECOGNIZED_CHAIN_CODE,
  default: DEFAULT_SWITCH_ERROR_CODE,
  invalidChainId: INVALID_CHAIN_ID_CODE
} as const

/** The spec's alert title when the wallet cannot find the network (docs/behaviour.md section 8). */
export const NETWORK_NOT_FOUND = 'Network Not Found'
export const SWITCH_FAILED_MESSAGE = 'Failed to switch network'
export const INVALID_CHAIN_ID_MESSAGE = 'Invalid network id'

/** Whether `code` is one of the chain-switch codes (32603 in either sign). */
export function isSwitchErrorCode(code: unknown): code is number {
  return (
    code === UNRECOGNIZED_CHAIN_CODE ||
    code === DEFAULT_SWITCH_ERROR_CODE ||
    code === INVALID_CHAIN_ID_CODE ||
    code === -INVALID_CHAIN_ID_CODE
  )
}

/**
 * What the modal shows when switching failed with `code`: 4902 'Network Not Found', 32603 (or
 * -32603) 'Invalid network id', 5000 and anything else 'Failed to switch network'.
 */
export function switchErrorMessage(code: number | undefined): string {
  if (code === UNRECOGNIZED_CHAIN_CODE) return NETWORK_NOT_FOUND
  if (code === INVALID_CHAIN_ID_CODE || code === -INVALID_CHAIN_ID_CODE) return INVALID_CHAIN_ID_MESSAGE
  return SWITCH_FAILED_MESSAGE
}
