import { map } from 'nanostores'
import type { SiwxSession } from '../../api/schemas/siwx.js'

export interface SiwxState {
  /** Sign-in is configured (createAppKit's `siwx` option). */
  readonly enabled: boolean
  /** Sign-in is required: the visitor may not leave its views without a session. */
  readonly required: boolean
  /** The connected account has a sign-in session. */
  readonly hasSession: boolean
  /** The connected account's sessions in force. */
  readonly sessions: readonly SiwxSession[]
  /** checking: the kit asks for the account's sessions; signing: the wallet is asked to sign. */
  readonly status: 'idle' | 'checking' | 'signing'
}

const initialSiwx: SiwxState = { enabled: false, required: false, hasSession: false, sessions: [], status: 'idle' }

export const $siwx = map<SiwxState>(initialSiwx)

/** Sign-in as the app configured it: on when `siwx` is given, required when its getRequired() says so. */
export function configureSiwx(siwx: { getRequired?(): boolean } | undefined): void {
  $siwx.set({ ...initialSiwx, enabled: Boolean(siwx), required: siwx?.getRequired?.() ?? false })
}

/** The connected account's sessions (none: signed out); the flow's actions (stores/siwx/) write them. */
export function setSiwxSessions(sessions: readonly SiwxSession[]): void {
  $siwx.set({ ...$siwx.get(), sessions, hasSession: sessions.length > 0 })
}

export function resetSiwx(): void {
  $siwx.set(initialSiwx)
}
