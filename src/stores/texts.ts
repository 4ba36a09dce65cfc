/**
 * English texts that stores put in front of the visitor (toasts). Stores hold the source text;
 * the elements show it in the active locale through its message id (src/stores/store-text-ids.ts).
 * A leaf module: the id map imports it without pulling any store in.
 */

/** The spec's toast when balances cannot be fetched (docs/behaviour.md section 8). */
export const BALANCE_UNAVAILABLE = 'Token Balance Unavailable'
export const ADDRESS_COPIED = 'Address copied'
export const ADDRESS_COPY_FAILED = 'Could not copy the address'
export const LINK_COPIED = 'Link copied'
export const LINK_COPY_FAILED = 'Could not copy the link'
/** The spec's toast when the account's transactions cannot be fetched (docs/behaviour.md section 8). */
export const TRANSACTIONS_FETCH_FAILED = 'Failed to fetch transactions'
/** A switch to the smart account that the embedded wallet refused: it stays on (or falls back to) the EOA. */
export const SMART_ACCOUNT_FALLBACK =
  'The smart account is not available here: you are using your regular account (EOA)'
