import type { ViewName } from '../../src/config/views.js'
import { closeModal, openModal } from '../../src/stores/modal.js'

export interface UseAppKitReturn {
  /** Opens the modal; without a view, on the one the open-view rule picks (Connect, Account, ...). */
  open(options?: { view?: ViewName }): Promise<void>
  /** Closes the modal, unless a required sign-in forbids closing (then it shakes). */
  close(): void
}

const controls: UseAppKitReturn = {
  open: async (options = {}) => openModal(options),
  close: () => void closeModal()
}

/** Opens and closes the modal: `const { open, close } = useAppKit()`. The functions never change. */
export function useAppKit(): UseAppKitReturn {
  return controls
}
