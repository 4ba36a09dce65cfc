import { map } from 'nanostores'

export interface SiwxState {
  /** Sign-in is configured (createAppKit's `siwx` option). */
  readonly enabled: boolean
  /** Sign-in is required: the visitor may not leave its views without a session. */
  readonly required: boolean
  /** The connected account has a sign-in session. */
  readonly hasSession: boolean
}

const initialSiwx: SiwxState = { enabled: false, required: false, hasSession: false }

export const $siwx = map<SiwxState>(initialSiwx)

export function configureSiwx(options: { required: boolean } | undefined): void {
  $siwx.set({ enabled: Boolean(options), required: options?.required ?? false, hasSession: false })
}

export function setSiwxSession(hasSession: boolean): void {
  $siwx.setKey('hasSession', hasSession)
}

export function resetSiwx(): void {
  $siwx.set(initialSiwx)
}
