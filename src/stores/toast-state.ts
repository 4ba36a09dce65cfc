import { map } from 'nanostores'

/*
 * The toast's state, which the modal reads from the first load; showing and hiding it (toast.ts)
 * loads with the flows that do (issue 35: chunks/core carries only the state).
 */

export type ToastVariant = 'loading' | 'success' | 'error'

export interface ToastState {
  readonly open: boolean
  readonly variant: ToastVariant
  readonly message: string
}

export const initialToast: ToastState = { open: false, variant: 'success', message: '' }

export const $toast = map<ToastState>(initialToast)
