import { svg } from 'lit'

/** A QR code: three finder squares and a few modules. */
export const qrIcon = svg`<svg class="icon" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
  <g fill="none" stroke="currentColor" stroke-width="1.8">
    <rect x="3.5" y="3.5" width="6" height="6" rx="1"></rect>
    <rect x="14.5" y="3.5" width="6" height="6" rx="1"></rect>
    <rect x="3.5" y="14.5" width="6" height="6" rx="1"></rect>
  </g>
  <path fill="currentColor" d="M14 14h3v3h-3zM17 17h3.5v3.5H17zM14 19h2v1.5h-2zM19 14h1.5v2H19z"></path>
</svg>`
