import { svg } from 'lit'
import { strokeIcon } from './stroke-icon.js'

/** A downward chevron: the control opens a choice. Drawn for this kit. */
export const chevronDownIcon = () => strokeIcon(svg`<path d="M7 10l5 5 5-5" />`)
