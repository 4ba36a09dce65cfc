import { atom } from 'nanostores'

/**
 * Whether the visitor ticked the Connect view's legal line ("I agree to the Terms of Service and
 * Privacy Policy", shown with `features.legalCheckbox`). Kept for the page's life, so that going to
 * All Wallets and back does not ask again.
 */
export const $legalConsent = atom(false)

export function setLegalConsent(agreed: boolean): void {
  $legalConsent.set(agreed)
}

export function resetLegalConsent(): void {
  $legalConsent.set(false)
}
