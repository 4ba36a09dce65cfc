import { svg } from 'lit'

/** A wallet: a folded purse with its clasp. */
export const walletIcon = svg`<svg class="icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
  <g fill="none" stroke="currentColor" stroke-width="1.8" stroke-linejoin="round">
    <path d="M17 7V5.5A1.5 1.5 0 0 0 15.2 4L5 6.2A2.5 2.5 0 0 0 3 8.6V17a3 3 0 0 0 3 3h12a3 3 0 0 0 3-3v-7a3 3 0 0 0-3-3H5"></path>
    <path d="M16 12.5h5v3h-5a1.5 1.5 0 0 1 0-3z"></path>
  </g>
</svg>`
