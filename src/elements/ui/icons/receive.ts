import { svg } from 'lit'
import { strokeIcon } from './stroke-icon.js'

/** An arrow arriving downwards to the left: receive. Drawn for this kit. */
export const receiveIcon = () => strokeIcon(svg`<path d="M17 7L7 17M15 17H7V9" />`)
