import { map } from 'nanostores'
import type { ViewName } from '../config/views.js'

/*
 * The router's state and the two moves the first load makes (the modal resets and pops views);
 * the flows' moves are router.ts, which re-exports these (issue 35: chunks/core carries only these).
 */

/** Data a view is opened with (for example the wallet a Connecting view connects). */
export type RouterData = Readonly<Record<string, unknown>>

/** A pending transaction's handlers, run when the view that shows it finishes (docs/behaviour.md section 4). */
export interface TransactionAction {
  readonly view?: ViewName
  readonly onSuccess?: () => void
  readonly onError?: () => void
  readonly onCancel?: () => void
}

export interface RouterState {
  readonly view: ViewName
  readonly history: readonly ViewName[]
  readonly data: RouterData | undefined
  readonly transactionStack: readonly TransactionAction[]
}

export const initialRouter: RouterState = {
  view: 'Connect',
  history: ['Connect'],
  data: undefined,
  transactionStack: []
}

export const $router = map<RouterState>(initialRouter)

/** Makes a view the only one in the history. */
export function resetView(view: ViewName, data?: RouterData): void {
  $router.set({ ...$router.get(), view, history: [view], data })
}

/** Pops the current view. Returns false, changing nothing, when the current view is the root. */
export function popView(): boolean {
  const state = $router.get()
  if (state.history.length <= 1) return false
  const history = state.history.slice(0, -1)
  $router.set({ ...state, view: history[history.length - 1] ?? 'Connect', history, data: undefined })
  return true
}
