/** The English texts of the Buy flow that stores hold for the visitor (src/stores/store-text-ids.ts gives their ids). */
export const ONRAMP_AMOUNT_OUT_OF_LIMITS = 'The amount is outside the payment method’s limits'
export const ONRAMP_QUOTE_FAILED = 'No quote is available for this purchase'
export const ONRAMP_CHECKOUT_FAILED = 'The checkout could not be opened'
export const ONRAMP_UNAVAILABLE = 'Buying is not available here'
