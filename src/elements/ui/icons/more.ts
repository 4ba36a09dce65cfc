import { svg } from 'lit'

/** Three dots in a row (an ellipsis): more choices. */
export const moreIcon = svg`<svg class="icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
  <g fill="currentColor"><circle cx="5" cy="12" r="2"></circle><circle cx="12" cy="12" r="2"></circle><circle cx="19" cy="12" r="2"></circle></g>
</svg>`
