import { css } from 'lit'
import { spinnerStyles } from '../shared/spinner-styles.js'

/** What the connecting, account and network-switch views share: a centred column, a spinner, messages, buttons. */
export const connectionViewStyles = [
  spinnerStyles,
  css`
    :host {
      display: flex;
      flex-direction: column;
      align-items: center;
      gap: var(--w3m-spacing-m);
      padding: var(--w3m-spacing-l);
      text-align: center;
    }
    p {
      margin: 0;
    }
    .title {
      font-size: var(--w3m-text-title);
      font-weight: var(--w3m-weight-bold);
      overflow-wrap: anywhere;
    }
    .muted {
      color: var(--w3m-color-fg-muted);
      font-size: var(--w3m-text-small);
    }
    .status {
      display: inline-flex;
      align-items: center;
      gap: var(--w3m-spacing-s);
    }
    .error {
      color: var(--w3m-color-error);
      font-weight: var(--w3m-weight-bold);
    }
    .actions {
      display: flex;
      flex-direction: column;
      gap: var(--w3m-spacing-s);
      width: 100%;
    }
    .action {
      min-height: 40px;
      padding: 0 var(--w3m-spacing-l);
      border: 1px solid var(--w3m-color-border);
      border-radius: var(--w3m-radius-full);
      background: var(--w3m-color-surface);
      font-weight: var(--w3m-weight-bold);
    }
    .action:hover {
      background: var(--w3m-color-surface-hover);
    }
    .action.primary {
      border-color: transparent;
      background: var(--w3m-accent);
      color: var(--w3m-color-on-accent);
    }
    wui-wallet-image {
      --wui-wallet-image-size: 72px;
    }
  `
]
