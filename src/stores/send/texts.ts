/**
 * The English texts of the Send flow that stores hold for the visitor (src/stores/store-text-ids.ts
 * gives each its message id). The first three are the spec's (docs/behaviour.md section 5).
 */
export const SEND_FIELDS_REQUIRED = 'An amount and receiver address are required'
export const SEND_TOKEN_REQUIRED = 'A token is required'
export const SEND_UNSUPPORTED_CHAIN = 'Unsupported chain'
/** docs/behaviour.md section 8, when a name has no address (the names flow's text: one message id). */
export { NAME_RESOLVE_FAILED } from '../names/texts.js'
export const SEND_INVALID_ADDRESS = 'Enter a valid address for this network'
/** Bitcoin: a valid address of another Bitcoin network (a mainnet address on regtest or testnet). */
export const SEND_WRONG_NETWORK_ADDRESS = 'This address is for another Bitcoin network'
/** Bitcoin: an amount under the receiver output's dust limit, which nodes do not relay. */
export const SEND_AMOUNT_BELOW_DUST = 'The amount is too small to send on Bitcoin'
export const SEND_INVALID_AMOUNT = 'Enter a valid amount'
export const SEND_INSUFFICIENT_BALANCE = 'Insufficient balance'
export const SEND_INSUFFICIENT_FEE = 'Insufficient balance for the network fee'
export const SEND_FEE_UNAVAILABLE = 'The network fee could not be estimated'
export const TRANSACTION_SENT = 'Transaction sent'
export const TRANSACTION_DECLINED = 'Transaction declined'
export const TRANSACTION_FAILED = 'Transaction failed'
