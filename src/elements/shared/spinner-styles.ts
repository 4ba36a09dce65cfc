import { css } from 'lit'
import { SPINNER_PULSE_MS, SPINNER_TURN_MS } from '../../config/constants.js'
import { ms } from './motion.js'

/**
 * A `.spinner`: a turning ring of `--w3m-spinner-size` (16px), or with reduced motion a pulsing
 * dot that does not move.
 */
export const spinnerStyles = css`
  .spinner {
    width: var(--w3m-spinner-size, var(--w3m-icon-size-s, 16px));
    height: var(--w3m-spinner-size, var(--w3m-icon-size-s, 16px));
    border: 2px solid var(--w3m-color-border);
    border-top-color: var(--w3m-accent);
    border-radius: 50%;
    animation: w3m-spin ${ms(SPINNER_TURN_MS)} linear infinite;
  }
  @keyframes w3m-spin {
    to {
      transform: rotate(360deg);
    }
  }
  @media (prefers-reduced-motion: reduce) {
    .spinner {
      width: 10px;
      height: 10px;
      border: none;
      background: var(--w3m-accent);
      animation: w3m-pulse ${ms(SPINNER_PULSE_MS)} ease-in-out infinite !important;
    }
  }
  @keyframes w3m-pulse {
    50% {
      opacity: 0.3;
    }
  }
`
