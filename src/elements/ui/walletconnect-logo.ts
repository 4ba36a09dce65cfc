import { svg } from 'lit'

/**
 * WalletConnect's mark (a bridge on a blue tile), drawn inline with a Lit `svg` template: no image
 * URL, so it shows under a strict Content-Security-Policy (`default-src 'self'` blocks data: images).
 */
export const walletConnectLogo = svg`<svg class="wc-logo" viewBox="0 0 40 40" width="32" height="32" aria-hidden="true">
  <rect width="40" height="40" rx="10" fill="#3396FF"></rect>
  <path fill="#fff" d="M12.4 15.6c4.2-4.1 11-4.1 15.2 0l.5.5a.5.5 0 0 1 0 .7l-1.7 1.7a.3.3 0 0 1-.4 0l-.7-.7a7.6 7.6 0 0 0-10.6 0l-.7.7a.3.3 0 0 1-.4 0l-1.7-1.7a.5.5 0 0 1 0-.7zm18.7 3.5 1.5 1.5a.5.5 0 0 1 0 .7l-6.8 6.6a.5.5 0 0 1-.8 0L20.2 23a.1.1 0 0 0-.2 0l-4.8 4.7a.5.5 0 0 1-.8 0l-6.8-6.6a.5.5 0 0 1 0-.7l1.5-1.5a.5.5 0 0 1 .8 0l4.8 4.7a.1.1 0 0 0 .2 0l4.8-4.7a.5.5 0 0 1 .8 0l4.8 4.7a.1.1 0 0 0 .2 0l4.8-4.7a.5.5 0 0 1 .8 0z"></path>
</svg>`
