import { svg } from 'lit'

/** Facebook's mark: the white "f" in its blue circle, drawn for this project. */
export const facebookIcon = svg`<svg class="icon brand" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
  <circle cx="12" cy="12" r="10" fill="#0866FF"></circle>
  <path fill="#fff" d="M13.4 22v-7.3h2.4l.4-2.9h-2.8V10c0-.8.3-1.4 1.4-1.4h1.5V6.1a19 19 0 0 0-2.2-.1c-2.2 0-3.6 1.3-3.6 3.7v2.1H8.1v2.9h2.4V22z"></path>
</svg>`
