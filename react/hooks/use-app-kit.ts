import type { ViewName } from '../../src/config/views.js'
import type { ChainNamespace } from '../../src/networks/types.js'
import { closeModal, openModal } from '../../src/stores/modal.js'

export interface UseAppKitReturn {
  /** Opens the modal; without a view, on the one the open-view rule picks (Connect, Account, ...). */
  open(options?: { view?: ViewName }): Promise<void>
  /** Closes the modal, unless a required sign-in forbids closing (then it shakes). */
  close(): void
  /** Disconnects `namespace`'s wallet, or every one; resolves whether it did. */
  disconnect(namespace?: ChainNamespace): Promise<boolean>
}

const controls: UseAppKitReturn = {
  open: async (options = {}) => openModal(options),
  close: () => void closeModal(),
  disconnect: async namespace => (await import('../../src/stores/connect/connection.js')).disconnect(namespace)
}

/** Opens and closes the modal, and disconnects: `const { open, close, disconnect } = useAppKit()`. The functions never change. */
export function useAppKit(): UseAppKitReturn {
  return controls
}
