import { useEffect, useRef, useState } from 'react'
import type { KitEvent } from '../../src/stores/kit-events.js'

/**
 * The kit's latest event (SIWX_AUTH_SUCCESS, CLICK_CANCEL_SIWX, ERROR_FETCH_TRANSACTIONS, ...),
 * re-rendering on each; undefined until the first. With `filter`, the latest event it keeps (the
 * stream carries every flow's events). The stream's code loads with the hook's effect.
 */
export function useAppKitEvents(filter?: (event: KitEvent) => boolean): KitEvent | undefined {
  const [latest, setLatest] = useState<KitEvent | undefined>(undefined)
  // The newest filter, without subscribing again when the app passes a new function each render.
  const keep = useRef(filter)
  keep.current = filter
  useEffect(() => {
    let stop: (() => void) | undefined
    let stopped = false
    void import('../../src/stores/kit-events.js').then(module => {
      if (!stopped)
        stop = module.onKitEvent(event => {
          if (!keep.current || keep.current(event)) setLatest(event)
        })
    })
    return () => {
      stopped = true
      stop?.()
    }
  }, [])
  return latest
}
