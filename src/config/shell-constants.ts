/**
 * The constants the first load needs (the modal's and buttons' motion, the toast, the mobile
 * breakpoint, the providers the options name, the storage prefix): apart from constants.ts, whose
 * other constants only lazy flows use, so that the first load does not carry them (issue 35).
 * constants.ts re-exports these. Durations are in milliseconds.
 */

// Motion (spec section 2): the styles read these through unsafeCSS (src/elements/shared/motion.ts),
// never a repeated number; prefers-reduced-motion turns all of them off. The modal's 360 px width is
// in w3m-modal.styles.ts.
/** The card's height following its content, and the modal's fade-in (spec section 2: 150 ms). */
export const MODAL_TRANSITION_MS = 150
/** A control's colour change on hover (ours). */
export const HOVER_TRANSITION_MS = 150
/** Below this viewport width the modal becomes a full-width bottom sheet (docs/behaviour.md section 11). */
export const MOBILE_BREAKPOINT_PX = 430
export const MODAL_SHAKE_MS = 500
export const TOAST_REPLACE_DELAY_MS = 150
export const TOAST_AUTO_CLOSE_MS = 5000
/** The onramp providers the kit knows (docs/behaviour.md section 9: the default remote providers coinbase and meld). */
export const ONRAMP_PROVIDERS = ['coinbase', 'meld'] as const
export type OnrampProviderName = (typeof ONRAMP_PROVIDERS)[number]
export const SOCIAL_PROVIDERS = ['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'] as const
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number]
export const STORAGE_PREFIX = '@appkit-wallet/'
