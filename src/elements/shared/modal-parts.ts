import type { ViewName } from '../../config/views.js'
import { loadOnce } from '../../utils/load-once.js'
import type * as ViewTitles from './view-title.js'

/** The view titles, once loaded with the modal's parts (the dialog's name comes from them). */
let titles: typeof ViewTitles | undefined

/**
 * The modal's alert bar, header, router and view titles: they load with the first view (prefetched at idle
 * and on intent, like it), not with the page, whose first load holds only the buttons, the modal
 * shell and the stores. A failed load is tried again on the next call.
 */
export const loadModalParts = loadOnce(() =>
  Promise.all([
    import('../w3m-header.js'),
    import('../w3m-router.js'),
    import('../w3m-alertbar.js'),
    import('./view-title.js').then(module => (titles = module))
  ])
)

/** Whether the header, the router and the titles are here (loaded, or registered by the page itself). */
export function modalPartsDefined(): boolean {
  return (
    titles !== undefined &&
    customElements.get('w3m-header') !== undefined &&
    customElements.get('w3m-router') !== undefined
  )
}

/** The dialog's accessible name for `view` (see view-title.ts), once the parts are here; else ''. */
export function dialogNameOf(view: ViewName): string {
  return titles?.dialogName(view) ?? ''
}
