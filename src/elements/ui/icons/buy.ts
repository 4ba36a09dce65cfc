import { svg } from 'lit'
import { strokeIcon } from './stroke-icon.js'

/** A card with a plus: buy with a card. Drawn for this kit. */
export const buyIcon = () =>
  strokeIcon(svg`<rect x="3" y="6" width="14" height="12" rx="2" /> <path d="M3 10h14M20 8v6M17 11h6" />`)
