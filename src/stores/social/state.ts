import { atom } from 'nanostores'
import type { SocialProvider } from '../../config/constants.js'

/**
 * A social login as the Connect view shows it: which provider, whether the visitor is signing in
 * at the provider (its window open) or the kit is connecting, and the last failure (an English
 * store text, social/texts.ts).
 */
export interface SocialLoginState {
  readonly provider: SocialProvider | undefined
  readonly status: 'idle' | 'waiting' | 'connecting'
  readonly error: string | undefined
}

export const initialSocialLogin: SocialLoginState = { provider: undefined, status: 'idle', error: undefined }

export const $socialLogin = atom<SocialLoginState>(initialSocialLogin)

export function updateSocialLogin(patch: Partial<SocialLoginState>): void {
  $socialLogin.set({ ...$socialLogin.get(), ...patch })
}
