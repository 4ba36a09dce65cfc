import { svg } from 'lit'
import { strokeIcon } from './stroke-icon.js'

/** A globe: a network that has no image of its own. Drawn for this kit. */
export const networkIcon = () =>
  strokeIcon(
    svg`<circle cx="12" cy="12" r="8" /> <path d="M4 12h16M12 4c2.5 2.2 3.5 5 3.5 8s-1 5.8-3.5 8c-2.5-2.2-3.5-5-3.5-8s1-5.8 3.5-8z" />`
  )
