import type { ViewName } from '../../config/views.js'
import { viewToOpen } from '../../stores/modal.js'
import { OPENER_VIEW_LOADERS } from '../views/opener-views.js'
import { loadModalParts } from './modal-parts.js'

/**
 * Loads the module of the view the modal would open on (or of `view`), and the modal's header and
 * router, so that a click finds them in memory. A view no opener shows first is found through the
 * router's registry once it is here. Each module loads once; a failure here is left to the real
 * open to report.
 */
export function prefetchView(view?: ViewName): void {
  const target = view ?? viewToOpen()
  const parts = loadModalParts()
  const early = OPENER_VIEW_LOADERS[target]
  const loaded = early
    ? early()
    : parts.then(() => import('../views/registry.js')).then(module => module.VIEW_REGISTRY[target].load())
  Promise.all([parts, loaded]).catch(() => undefined)
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
