import { svg } from 'lit'
import { strokeIcon } from './stroke-icon.js'

/** A cross: close. Drawn for this kit. */
export const closeIcon = () => strokeIcon(svg`<path d="M6 6l12 12M18 6L6 18" />`)
