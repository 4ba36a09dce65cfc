import type { ReadableAtom } from 'nanostores'
import { useCallback, useSyncExternalStore } from 'react'

/**
 * The current value of a nanostore, re-rendering on change. The server snapshot is the store's own
 * value, so server rendering and hydration read the same state.
 */
export function useStoreValue<T>(store: ReadableAtom<T>): T {
  const subscribe = useCallback((onChange: () => void) => store.listen(() => onChange()), [store])
  const getSnapshot = useCallback(() => store.get(), [store])
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot)
}
