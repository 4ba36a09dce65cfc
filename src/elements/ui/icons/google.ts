import { svg } from 'lit'

/**
 * Google's "G" in its four colours, as Google's sign-in branding shows it on a light or dark button:
 * a ring open to the right, whose blue bar runs to the centre. Drawn for this project as four arcs.
 */
export const googleIcon = svg`<svg class="icon brand" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
  <g fill="none" stroke-width="4">
    <path stroke="#EA4335" d="M18.4 6.4A9 9 0 0 0 4.1 7.3"></path>
    <path stroke="#FBBC05" d="M4.1 7.3a9 9 0 0 0 0 9.4"></path>
    <path stroke="#34A853" d="M4.1 16.7a9 9 0 0 0 14.5 1.3"></path>
    <path stroke="#4285F4" d="M18.6 18A9 9 0 0 0 21 12H12"></path>
  </g>
</svg>`
