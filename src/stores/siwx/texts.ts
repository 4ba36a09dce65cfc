/**
 * The sign-in flow's texts (docs/behaviour.md sections 4 and 8), exactly as the spec gives them. The first
 * four are errors a program sees (console, rejected promises); the rest are toasts the visitor sees
 * (src/stores/store-text-ids.ts gives them message ids).
 */
export const SIWX_NOT_ENABLED = 'SIWX is not enabled'
export const NO_ACTIVE_CAIP_ADDRESS = 'No ActiveCaipAddress found'
export const NO_ACTIVE_NETWORK_OR_CLIENT = 'No ActiveCaipNetwork or client found'
export const NO_CONNECTION_CLIENT = 'No ConnectionController client found'

export const SIWX_INITIALIZE_FAILED = 'A problem occurred while trying initialize authentication'
export const SIWX_SIGNATURE_DECLINED = 'Signature declined'
export const SIWX_SMART_ACCOUNT_UNSUPPORTED = 'This application might not support Smart Accounts'
export const SIWX_AUTHENTICATING = 'Authenticating...'

/** The kit's events of the flow (docs/behaviour.md section 8, tracked events). */
export const SIWX_AUTH_SUCCESS = 'SIWX_AUTH_SUCCESS'
export const SIWX_AUTH_ERROR = 'SIWX_AUTH_ERROR'
export const CLICK_CANCEL_SIWX = 'CLICK_CANCEL_SIWX'
