import { atom } from 'nanostores'

/**
 * Sign In With Farcaster as the ConnectingFarcaster view shows it: asking the frame for the
 * sign-in URL (loading), waiting for the visitor to approve in their Farcaster app (the URL for the
 * QR code and the link), connecting the kit, or failed with an English store text
 * (src/frame/farcaster.ts).
 */
export interface FarcasterLoginState {
  readonly status: 'idle' | 'loading' | 'waiting' | 'connecting' | 'failed'
  readonly url: string | undefined
  readonly error: string | undefined
}

export const initialFarcasterLogin: FarcasterLoginState = { status: 'idle', url: undefined, error: undefined }

export const $farcasterLogin = atom<FarcasterLoginState>(initialFarcasterLogin)

export function updateFarcasterLogin(patch: Partial<FarcasterLoginState>): void {
  $farcasterLogin.set({ ...$farcasterLogin.get(), ...patch })
}
