import type { ViewName } from '../config/views.js'

/** The modal opened, on the view named. */
export class ModalOpenEvent extends Event {
  static readonly type = 'w3m-open'
  constructor(readonly view: ViewName) {
    super(ModalOpenEvent.type, { bubbles: true, composed: true })
  }
}

/** The modal closed. */
export class ModalCloseEvent extends Event {
  static readonly type = 'w3m-close'
  constructor() {
    super(ModalCloseEvent.type, { bubbles: true, composed: true })
  }
}

/** The modal showed another view. */
export class ViewChangeEvent extends Event {
  static readonly type = 'w3m-view-change'
  constructor(readonly view: ViewName) {
    super(ViewChangeEvent.type, { bubbles: true, composed: true })
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'w3m-open': ModalOpenEvent
    'w3m-close': ModalCloseEvent
    'w3m-view-change': ViewChangeEvent
  }
}
