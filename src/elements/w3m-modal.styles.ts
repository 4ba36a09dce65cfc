import { css } from 'lit'
import { MODAL_SHAKE_MS, MODAL_TRANSITION_MS } from '../config/shell-constants.js'
import { ms } from './shared/motion.js'

export const modalStyles = css`
  :host {
    display: contents;
  }
  dialog {
    width: var(--w3m-modal-width, 360px);
    max-width: calc(100vw - 2 * var(--w3m-spacing-l));
    max-height: calc(100dvh - 2 * var(--w3m-spacing-l));
    padding: 0;
    border: none;
    background: transparent;
    color: var(--w3m-color-fg);
    overflow: visible;
  }
  dialog:focus-visible {
    outline: none;
  }
  dialog::backdrop {
    background: var(--w3m-color-overlay);
    animation: w3m-fade-in ${ms(MODAL_TRANSITION_MS)} ease-out;
  }
  .card {
    position: relative;
    /* clip, not hidden: focus moving to a row must not scroll the card while its height animates */
    overflow: clip;
    border: 1px solid var(--w3m-color-border);
    border-radius: var(--w3m-radius-l);
    background: var(--w3m-color-bg);
    box-shadow: var(--w3m-shadow-card);
    transition: height ${ms(MODAL_TRANSITION_MS)} ease;
    animation: w3m-modal-in ${ms(MODAL_TRANSITION_MS)} ease-out;
  }
  .card.shake {
    animation: w3m-shake ${ms(MODAL_SHAKE_MS)} ease-in-out;
  }
  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    margin: 0;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }
  /* Reduced motion: no height or slide animation, and the shake is a flash of the focus ring. */
  @media (prefers-reduced-motion: reduce) {
    .card,
    dialog::backdrop {
      transition: none;
      animation: none;
    }
    .card.shake {
      animation: w3m-flash ${ms(MODAL_SHAKE_MS)} linear;
    }
  }
  @keyframes w3m-flash {
    0%,
    40%,
    100% {
      box-shadow: var(--w3m-focus-ring);
    }
    20%,
    60% {
      box-shadow: none;
    }
  }
  .content {
    padding-block-end: var(--w3m-spacing-s);
  }
  @media (max-width: 430px) {
    dialog {
      width: 100vw;
      max-width: 100vw;
      margin-block: auto 0;
      margin-inline: 0;
    }
    .card {
      border-end-start-radius: 0;
      border-end-end-radius: 0;
    }
  }
  @keyframes w3m-fade-in {
    from {
      opacity: 0;
    }
  }
  @keyframes w3m-modal-in {
    from {
      opacity: 0;
      transform: translateY(8px);
    }
  }
  @keyframes w3m-shake {
    0%,
    100% {
      transform: none;
    }
    20%,
    60% {
      transform: translateX(-6px);
    }
    40%,
    80% {
      transform: translateX(6px);
    }
  }
`
