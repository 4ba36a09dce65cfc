import { loadOnce } from '../../utils/load-once.js'

/**
 * The modal's header and router: they load with the first view (prefetched at idle and on intent,
 * like it), not with the page, whose first load holds only the buttons, the modal shell and the
 * stores. A failed load is tried again on the next call.
 */
export const loadModalParts = loadOnce(() => Promise.all([import('../w3m-header.js'), import('../w3m-router.js')]))
