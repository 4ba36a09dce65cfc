import { goBack } from './modal.js'
import { takeTransactionAction } from './router.js'

export type TransactionResult = 'success' | 'error' | 'cancel'

/**
 * Finishes the newest pending transaction (docs/behaviour.md section 4): success runs its success handler;
 * error or cancel runs its handler and goes back.
 */
export function finishTransaction(result: TransactionResult): void {
  const action = takeTransactionAction()
  if (!action) return
  if (result === 'success') {
    action.onSuccess?.()
    return
  }
  if (result === 'error') action.onError?.()
  else action.onCancel?.()
  goBack()
}
