import { svg } from 'lit'

/** An envelope: the e-mail field's icon. */
export const emailIcon = svg`<svg class="icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
  <g fill="none" stroke="currentColor" stroke-width="1.8" stroke-linejoin="round">
    <rect x="3" y="5" width="18" height="14" rx="2.5"></rect>
    <path d="m4 7 8 6 8-6"></path>
  </g>
</svg>`
