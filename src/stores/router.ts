import type { ViewName } from '../config/views.js'
import { $router, initialRouter, type RouterData, type TransactionAction } from './router-state.js'

export {
  $router,
  popView,
  resetView,
  type RouterData,
  type RouterState,
  type TransactionAction
} from './router-state.js'

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
