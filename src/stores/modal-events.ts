import { $account } from './account.js'
import { emitKitEvent } from './kit-events.js'
import { $modal } from './modal.js'
import { $router } from './router.js'

let stop: (() => void) | undefined

/**
 * MODAL_OPEN (with the view shown) and MODAL_CLOSE on the kit's event stream, followed from the
 * modal's state: started once the page is idle (the modal's code in the first load stays without
 * it); a modal already open by then counts as opened.
 */
export function followModalEvents(): void {
  if (stop) return
  let wasOpen = false
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
