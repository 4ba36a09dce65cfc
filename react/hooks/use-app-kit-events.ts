import { useEffect, useState } from 'react'
import type { KitEvent } from '../../src/stores/kit-events.js'

/**
 * The kit's latest event (SIWX_AUTH_SUCCESS, CLICK_CANCEL_SIWX, ERROR_FETCH_TRANSACTIONS, ...),
 * re-rendering on each; undefined until the first. The stream's code loads with the hook's effect.
 */
export function useAppKitEvents(): KitEvent | undefined {
  const [latest, setLatest] = useState<KitEvent | undefined>(undefined)
  useEffect(() => {
    let stop: (() => void) | undefined
    let stopped = false
    void import('../../src/stores/kit-events.js').then(module => {
      if (!stopped) stop = module.onKitEvent(setLatest)
    })
    return () => {
      stopped = true
      stop?.()
    }
  }, [])
  return latest
}
