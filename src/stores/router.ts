import { map } from 'nanostores'
import type { ViewName } from '../config/views.js'

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

const initialRouter: RouterState = { view: 'Connect', history: ['Connect'], data: undefined, transactionStack: [] }

export const $router = map<RouterState>(initialRouter)

/** Opens a view on top of the history; a no-op when it is already the current view. */
export function pushView(view: ViewName, data?: RouterData): void {
  const state = $router.get()
  if (state.view === view) return
  $router.set({ ...state, view, history: [...state.history, view], data })
}

/** Replaces the current view, keeping the history below it. */
export function replaceView(view: ViewName, data?: RouterData): void {
  const state = $router.get()
  $router.set({ ...state, view, history: [...state.history.slice(0, -1), view], data })
}

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

/** Pops views until `view` is the current one. Returns false, changing nothing, when it is not in the history. */
export function popToView(view: ViewName): boolean {
  const state = $router.get()
  const index = state.history.lastIndexOf(view)
  if (index === -1) return false
  $router.set({ ...state, view, history: state.history.slice(0, index + 1), data: undefined })
  return true
}

export function pushTransactionStack(action: TransactionAction): void {
  const state = $router.get()
  $router.setKey('transactionStack', [...state.transactionStack, action])
  if (action.view) pushView(action.view)
}

/** Takes the newest transaction action off the stack and returns it. */
export function takeTransactionAction(): TransactionAction | undefined {
  const stack = $router.get().transactionStack
  const action = stack[stack.length - 1]
  if (action) $router.setKey('transactionStack', stack.slice(0, -1))
  return action
}

export function resetRouter(): void {
  $router.set(initialRouter)
}
