import { MOBILE_BREAKPOINT_PX } from '../config/shell-constants.js'

let mobileOverride: boolean | undefined

/** "Mobile" is a coarse pointer on a narrow viewport (docs/behaviour.md section 11). */
export function isMobile(): boolean {
  if (mobileOverride !== undefined) return mobileOverride
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return false
  return window.matchMedia('(pointer: coarse)').matches && window.innerWidth < MOBILE_BREAKPOINT_PX
}

/** Forces the mobile answer (stories and tests); undefined returns to detection. */
export function overrideMobile(mobile: boolean | undefined): void {
  mobileOverride = mobile
}
