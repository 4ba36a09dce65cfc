/**
 * Every event of the kit's stream (appKit.subscribeEvents, useAppKitEvents) and of analytics
 * (POST /e), in one typed list. The spec's four (docs/behaviour.md section 8) and what an app's team
 * expects to count. `error` events are sent to analytics with type 'error', the rest as 'track'.
 */
export const KIT_EVENTS = {
  MODAL_OPEN: 'track',
  MODAL_CLOSE: 'track',
  SELECT_WALLET: 'track',
  CONNECT_SUCCESS: 'track',
  CONNECT_ERROR: 'error',
  DISCONNECT_SUCCESS: 'track',
  SWITCH_NETWORK: 'track',
  SEND_SUCCESS: 'track',
  SEND_ERROR: 'error',
  SWAP_SUCCESS: 'track',
  SWAP_ERROR: 'error',
  BUY_STARTED: 'track',
  SIWX_AUTH_SUCCESS: 'track',
  SIWX_AUTH_ERROR: 'error',
  CLICK_CANCEL_SIWX: 'track',
  ERROR_FETCH_TRANSACTIONS: 'error',
  /** The embedded wallet's frame did not load, or a request to it timed out: { error: 'iframe_load_failed' | 'iframe_request_timeout' }. */
  EMBEDDED_WALLET_ERROR: 'error',
  /** The visitor logged in with an e-mail code (no address in the properties). */
  EMAIL_LOGIN_SUCCESS: 'track',
  /** The visitor logged in through a social provider: { provider } (no user name). */
  SOCIAL_LOGIN_SUCCESS: 'track',
  /** A social login did not finish: { provider, message }. */
  SOCIAL_LOGIN_ERROR: 'error'
} as const satisfies Record<string, 'track' | 'error'>

export type KitEventName = keyof typeof KIT_EVENTS
