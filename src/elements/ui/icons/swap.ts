import { svg } from 'lit'
import { strokeIcon } from './stroke-icon.js'

/** Two opposed horizontal arrows: swap. Drawn for this kit. */
export const swapIcon = () => strokeIcon(svg`<path d="M4 8h14l-4-4M20 16H6l4 4" />`)
