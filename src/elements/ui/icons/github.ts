import { svg } from 'lit'

/** GitHub's mark as a plain silhouette: a cat's head with ears in a circle, in the text colour. */
export const githubIcon = svg`<svg class="icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
  <path fill="currentColor" fill-rule="evenodd" d="M12 2a10 10 0 0 0-3.2 19.5v-2.6c-2.3.4-3-1-3.2-1.7-.2-.5-.7-1.1-1.2-1.3v-.3c.8 0 1.4.7 1.6 1 .9 1.3 2 1.2 2.8.8.1-.6.4-1 .7-1.3-2.2-.3-4.2-1.2-4.2-4.6 0-1 .3-1.8.9-2.5-.1-.3-.4-1.2.1-2.5 0 0 .8-.3 2.6 1a9 9 0 0 1 4.6 0c1.8-1.3 2.6-1 2.6-1 .5 1.3.2 2.2.1 2.5.6.7.9 1.5.9 2.5 0 3.4-2 4.3-4.2 4.6.4.3.7.9.7 1.8v3.6A10 10 0 0 0 12 2z"></path>
</svg>`
