import { svg } from 'lit'
import { strokeIcon } from './stroke-icon.js'

/** A door with an arrow going out: disconnect. Drawn for this kit. */
export const disconnectIcon = () =>
  strokeIcon(svg`<path d="M10 4H6a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h4" /> <path d="M15 8l4 4-4 4M19 12H9" />`)
