import { svg } from 'lit'

/** An arrow pointing forward (the e-mail field's submit); mirror it in right-to-left text with CSS. */
export const arrowRightIcon = svg`<svg class="icon arrow" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
  <path fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" d="M5 12h14M13 6l6 6-6 6"></path>
</svg>`
