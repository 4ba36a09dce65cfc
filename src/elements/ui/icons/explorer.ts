import { svg } from 'lit'
import { strokeIcon } from './stroke-icon.js'

/** A box with an arrow leaving it: open in a new tab (the block explorer). Drawn for this kit. */
export const explorerIcon = () =>
  strokeIcon(
    svg`<path d="M14 4h6v6M20 4l-9 9" /> <path d="M18 14v4a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h4" />`
  )
