import { svg } from 'lit'

/** Discord's mark: its blurple game-pad face with two eyes, drawn for this project. */
export const discordIcon = svg`<svg class="icon brand" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
  <path fill="#5865F2" d="M6.2 5.2C7.7 4.5 9 4.2 10 4l.5 1.1a13 13 0 0 1 3 0L14 4c1 .2 2.3.5 3.8 1.2 2.4 3.5 3.2 7.1 2.9 11.1a14 14 0 0 1-4.3 2.2l-1-1.5 1.6-.8-.4-.3a10 10 0 0 1-9.2 0l-.4.3 1.6.8-1 1.5a14 14 0 0 1-4.3-2.2c-.3-4 .5-7.6 2.9-11.1z"></path>
  <ellipse fill="#fff" cx="9" cy="12.2" rx="1.6" ry="1.8"></ellipse>
  <ellipse fill="#fff" cx="15" cy="12.2" rx="1.6" ry="1.8"></ellipse>
</svg>`
