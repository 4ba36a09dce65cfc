import { unsafeCSS, type CSSResult } from 'lit'

/** A duration constant (src/config/constants.ts) as a CSS time, so that the styles repeat no number. */
export function ms(duration: number): CSSResult {
  return unsafeCSS(`${duration}ms`)
}
