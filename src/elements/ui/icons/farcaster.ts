import { svg } from 'lit'

/** Farcaster's mark: the white arch (a gateway) on its purple tile, drawn for this project. */
export const farcasterIcon = svg`<svg class="icon brand" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
  <rect width="24" height="24" rx="5" fill="#855DCD"></rect>
  <path fill="#fff" d="M6.5 5.5h11v13h-2v-5.2a3.5 3.5 0 0 0-7 0v5.2h-2z"></path>
  <path fill="#fff" d="M5 7.5h2v1H5zM17 7.5h2v1h-2zM5 18h3.5v1H5zM15.5 18H19v1h-3.5z"></path>
</svg>`
