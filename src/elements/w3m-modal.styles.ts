import { css } from 'lit'

export const modalStyles = css`
  :host {
    display: contents;
  }
  dialog {
    width: var(--w3m-modal-width, 360px);
    max-width: calc(100vw - 32px);
    max-height: calc(100dvh - 32px);
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
    animation: w3m-fade-in 150ms ease-out;
  }
  .card {
    position: relative;
    overflow: hidden;
    border: 1px solid var(--w3m-color-border);
    border-radius: var(--w3m-radius-l);
    background: var(--w3m-color-bg);
    box-shadow: 0 8px 32px rgb(0 0 0 / 0.2);
    transition: height 150ms ease;
    animation: w3m-modal-in 150ms ease-out;
  }
  .card.shake {
    animation: w3m-shake 500ms ease-in-out;
  }
  .content {
    padding-bottom: var(--w3m-spacing-s);
  }
  @media (max-width: 430px) {
    dialog {
      width: 100vw;
      max-width: 100vw;
      margin: auto 0 0;
    }
    .card {
      border-radius: var(--w3m-radius-l) var(--w3m-radius-l) 0 0;
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
