import { $account } from './account.js'
import { emitKitEvent } from './kit-events.js'
import { $modal } from './modal.js'
import { $router } from './router.js'

let stop: (() => void) | undefined

/** How the modal stood when it first opened: what its MODAL_OPEN says. */
export interface ModalOpening {
  readonly view: string
  readonly connected: boolean
}

/**
 * MODAL_OPEN (with the view shown) and MODAL_CLOSE on the kit's event stream, followed from the
 * modal's state: started once the page is idle (the modal's code in the first load stays without
 * it); a modal already open by then counts as opened. `firstOpening`, the opening that started it
 * (recorded at the moment it happened), is counted even when the modal closed again before the
 * page was idle: its MODAL_OPEN, then its MODAL_CLOSE.
 */
export function followModalEvents(firstOpening?: ModalOpening): void {
  if (stop) return
  let wasOpen = false
  if (firstOpening) {
    emitKitEvent('MODAL_OPEN', { view: firstOpening.view, connected: firstOpening.connected })
    wasOpen = true
  }
  stop = $modal.subscribe(({ open }) => {
    if (open === wasOpen) return
    wasOpen = open
    const connected = Boolean($account.get().address)
    if (open) emitKitEvent('MODAL_OPEN', { view: $router.get().view, connected })
    else emitKitEvent('MODAL_CLOSE', { connected })
  })
}

/** Stops following (tests). */
export function stopModalEvents(): void {
  stop?.()
  stop = undefined
}
