import { svg } from 'lit'
import { strokeIcon } from './stroke-icon.js'

/** An arrow leaving upwards to the right: send. Drawn for this kit. */
export const sendIcon = () => strokeIcon(svg`<path d="M7 17L17 7M9 7h8v8" />`)
