import { svg } from 'lit'

/** Apple's mark as its sign-in guidelines show it: the apple with its leaf and bite, in the text colour. */
export const appleIcon = svg`<svg class="icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
  <path fill="currentColor" d="M15.6 2.5c.1 1.2-.3 2.3-1 3.1-.7.8-1.8 1.4-2.8 1.3-.1-1.1.4-2.3 1-3 .8-.8 1.9-1.3 2.8-1.4z"></path>
  <path fill="currentColor" d="M19.6 16.9c-.5 1.1-.7 1.6-1.3 2.6-.9 1.3-2.1 3-3.6 3-1.4 0-1.7-.9-3.6-.9s-2.3.9-3.6.9c-1.5 0-2.6-1.5-3.5-2.8C1.6 16.1 1.3 11.9 2.8 9.6 3.8 8 5.4 7 7 7c1.6 0 2.6.9 3.9.9s2.1-.9 3.9-.9c1.4 0 2.9.8 3.9 2.1-3.4 1.9-2.9 6.7.9 7.8z"></path>
</svg>`
