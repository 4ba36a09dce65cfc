import type { ViewName } from '../../config/views.js'
import { viewToOpen } from '../../stores/modal.js'
import { VIEW_REGISTRY } from '../views/registry.js'

/**
 * Loads the module of the view the modal would open on (or of `view`), so that a click finds it
 * in memory. Each module loads once; a failure here is left to the real open to report.
 */
export function prefetchView(view?: ViewName): void {
  VIEW_REGISTRY[view ?? viewToOpen()].load().catch(() => undefined)
}

/** The events that announce a click on an opener: a pointer over it, keyboard focus, a touch. */
export const PREFETCH_EVENTS = ['pointerenter', 'focusin', 'touchstart'] as const

/** Prefetches the view `opener` opens whenever one of PREFETCH_EVENTS reaches it. */
export function prefetchOnIntent(opener: HTMLElement, view?: () => ViewName | undefined): void {
  const prefetch = (): void => prefetchView(view?.())
  for (const type of PREFETCH_EVENTS) opener.addEventListener(type, prefetch, { passive: true })
}
