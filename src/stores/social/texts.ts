// The social login's texts the stores set (translated through STORE_TEXT_IDS).
export { SOCIAL_CANCELLED, SOCIAL_FAILED } from '../../frame/social.js'

/** The provider's window was closed before the sign-in came back. */
export const SOCIAL_WINDOW_CLOSED = 'The sign-in window was closed'
