import type { ViewName } from '../../config/views.js'
import { viewToOpen } from '../../stores/modal.js'
import { VIEW_REGISTRY } from '../views/registry.js'
import { loadModalParts } from './modal-parts.js'

/**
 * Loads the module of the view the modal would open on (or of `view`), and the modal's header and
 * router, so that a click finds them in memory. Each module loads once; a failure here is left to the real open to report.
 */
export function prefetchView(view?: ViewName): void {
  loadModalParts().catch(() => undefined)
  VIEW_REGISTRY[view ?? viewToOpen()].load().catch(() => undefined)
}

/** The events that announce a click on an opener: a pointer over it, keyboard focus, a touch. */
export const PREFETCH_EVENTS = ['pointerenter', 'focusin', 'touchstart'] as const

/** Runs `task` whenever one of PREFETCH_EVENTS reaches `target` (the task loads each module once). */
export function onIntent(target: HTMLElement, task: () => void): void {
  for (const type of PREFETCH_EVENTS) target.addEventListener(type, task, { passive: true })
}

/** Prefetches the view `opener` opens whenever one of PREFETCH_EVENTS reaches it. */
export function prefetchOnIntent(opener: HTMLElement, view?: () => ViewName | undefined): void {
  onIntent(opener, () => prefetchView(view?.()))
}
