import { svg } from 'lit'

/** X's mark (a heavy and a light diagonal crossing), in the text colour as X's guidelines allow. */
export const xIcon = svg`<svg class="icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
  <path fill="currentColor" d="M3 3h5.6l12.4 18h-5.6z"></path>
  <path fill="none" stroke="currentColor" stroke-width="1.8" d="M20.3 3.2 13.4 11.2M10.6 12.8 3.7 20.8"></path>
</svg>`
