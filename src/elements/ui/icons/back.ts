import { svg } from 'lit'
import { strokeIcon } from './stroke-icon.js'

/** A left-pointing chevron: go back (mirrored in right-to-left by its host's styles). Drawn for this kit. */
export const backIcon = () => strokeIcon(svg`<path d="M15 5l-7 7 7 7" />`)
