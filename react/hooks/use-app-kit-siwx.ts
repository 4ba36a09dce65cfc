import { useMemo } from 'react'
import type { SiwxSession } from '../../src/siwx/types.js'
import { $siwx, type SiwxState } from '../../src/stores/siwx/state.js'
import { useStoreValue } from './use-store-value.js'

export interface UseAppKitSiwxReturn {
  /** Sign-in is configured (createAppKit's `siwx`). */
  readonly enabled: boolean
  readonly required: boolean
  /** The connected account's sessions in force. */
  readonly sessions: readonly SiwxSession[]
  readonly isSignedIn: boolean
  /** checking: sessions are read; signing: the wallet is asked. */
  readonly status: SiwxState['status']
  /** Opens the sign-in for the connected account; resolves whether a session was stored. */
  signIn(): Promise<boolean>
  /** Ends the connected account's session (sign-in opens again when it is required). */
  signOut(): Promise<void>
}

const flow = () => import('../../src/stores/siwx/flow.js')
const signIn = async () => (await flow()).signIn()
const signOut = async () => (await flow()).signOut()

/** Sign-in with X: the connected account's sessions and state, and signIn/signOut. */
export function useAppKitSIWX(): UseAppKitSiwxReturn {
  const state = useStoreValue($siwx)
  return useMemo(
    () => ({
      enabled: state.enabled,
      required: state.required,
      sessions: state.sessions,
      isSignedIn: state.hasSession,
      status: state.status,
      signIn,
      signOut
    }),
    [state]
  )
}
