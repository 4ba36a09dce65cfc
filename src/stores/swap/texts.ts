/** The English texts of the Swap flow that stores hold for the visitor (src/stores/store-text-ids.ts gives their ids). */
export { GAS_PRICE_NOT_SUPPORTED, SWAPS_NOT_SUPPORTED } from './rules.js'
/** The same text as Send's (one message id). */
export { SEND_INSUFFICIENT_BALANCE as SWAP_INSUFFICIENT_BALANCE } from '../send/texts.js'
export const SWAP_INVALID_SLIPPAGE = 'Slippage must be between 0.1 and 50 percent'
export const SWAP_NO_QUOTE = 'No quote is available for this swap'
export const SWAP_FAILED = 'Swap failed'
export const SWAP_DECLINED = 'Swap declined'
export const SWAP_DONE = 'Swap completed'
export const APPROVAL_FAILED = 'Approval failed'
