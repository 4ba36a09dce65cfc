import { $account } from './account.js'
import { emitKitEvent, type KitEvent } from './kit-events.js'
import { $modal } from './modal.js'
import { $router } from './router.js'

let stop: (() => void) | undefined

/** The modal opening (with the view it showed) or closing, as it stood at that moment. */
export interface ModalTransition {
  readonly open: boolean
  /** The view shown (what an opening's MODAL_OPEN names). */
  readonly view: string
  readonly connected: boolean
}

/** What createAppKit recorded of the modal before the following started, and how to stop recording. */
export interface EarlyModalTransitions {
  readonly transitions: readonly ModalTransition[]
  /** The kit's events since createAppKit (analytics sends them; see stores/analytics.ts). */
  readonly events?: readonly KitEvent[]
  stop(): void
}

/**
 * MODAL_OPEN (with the view shown) and MODAL_CLOSE on the kit's event stream, followed from the
 * modal's state: started once the page is idle after the first opening (the modal's code in the
 * first load stays without it). `early`: every opening and closing since that first opening,
 * recorded as it happened (createAppKit), each given in order before the following takes over
 * (the recording stops in the same step, so none is told twice or lost); without it, a modal
 * already open counts as opened.
 */
export function followModalEvents(early?: EarlyModalTransitions): void {
  // The recording stops whether or not the following had started already (nothing is told twice).
  early?.stop()
  if (stop) return
  let wasOpen = false
  for (const transition of early?.transitions ?? []) {
    wasOpen = transition.open
    if (transition.open) emitKitEvent('MODAL_OPEN', { view: transition.view, connected: transition.connected })
    else emitKitEvent('MODAL_CLOSE', { connected: transition.connected })
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
