import { css } from 'lit'
import { HOVER_TRANSITION_MS } from '../../config/shell-constants.js'
import { ms } from '../shared/motion.js'

/** The shared look of the host-page buttons. */
export const hostButtonStyles = css`
  :host {
    display: inline-block;
  }
  button {
    display: inline-flex;
    align-items: center;
    gap: var(--w3m-spacing-s);
    height: 40px;
    padding: 0 var(--w3m-spacing-l);
    border: 1px solid var(--w3m-color-border);
    border-radius: var(--w3m-radius-full);
    background: var(--w3m-color-surface);
    font-weight: var(--w3m-weight-bold);
    white-space: nowrap;
    transition: background-color ${ms(HOVER_TRANSITION_MS)} ease;
  }
  button:hover {
    background: var(--w3m-color-surface-hover);
  }
  button.primary {
    border-color: transparent;
    background: var(--w3m-accent);
    color: var(--w3m-color-on-accent);
  }
  button.primary:hover {
    background: var(--w3m-color-accent-hover);
  }
  :host([size='sm']) button {
    height: 32px;
    padding: 0 var(--w3m-spacing-m);
    font-size: var(--w3m-text-small);
  }
  .muted {
    color: var(--w3m-color-fg-muted);
    font-weight: var(--w3m-weight-regular);
  }
`
