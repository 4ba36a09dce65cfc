import { atom } from 'nanostores'
import { pushView } from '../router.js'

/**
 * The e-mail login and e-mail change as the views show them. `cooldownSeconds` is set when a code
 * was asked for too soon: the view says 'Please try again after {n} seconds'.
 */
export interface EmailLoginState {
  /** The address typed (kept through every failure). */
  readonly email: string
  /** During an e-mail change: the new address. */
  readonly newEmail: string
  readonly busy: boolean
  /** The last failure, an English store text (texts.ts) or the frame's message. */
  readonly error: string | undefined
  readonly cooldownSeconds: number | undefined
}

export const initialEmailLogin: EmailLoginState = {
  email: '',
  newEmail: '',
  busy: false,
  error: undefined,
  cooldownSeconds: undefined
}

export const $emailLogin = atom<EmailLoginState>(initialEmailLogin)

export function updateEmailLogin(patch: Partial<EmailLoginState>): void {
  $emailLogin.set({ ...$emailLogin.get(), ...patch })
}

/** The Account view's "Update e-mail": the change starts from the account's address. */
export function openEmailUpdate(currentEmail: string): void {
  $emailLogin.set({ ...initialEmailLogin, email: currentEmail })
  pushView('UpdateEmail')
}
