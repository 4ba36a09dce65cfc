import { svg } from 'lit'
import { strokeIcon } from './stroke-icon.js'

/** Two overlapping sheets: copy. Drawn for this kit. */
export const copyIcon = () =>
  strokeIcon(
    svg`<rect x="9" y="9" width="11" height="11" rx="2" /> <path d="M15 9V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v7a2 2 0 0 0 2 2h3" />`
  )
