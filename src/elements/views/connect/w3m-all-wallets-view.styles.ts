import { css } from 'lit'

export const allWalletsStyles = css`
  :host {
    display: flex;
    flex-direction: column;
    gap: var(--w3m-spacing-s);
    padding: var(--w3m-spacing-s) var(--w3m-spacing-l) 0;
  }
  .list {
    max-height: var(--w3m-all-wallets-max-height, min(456px, calc(100dvh - 200px)));
    min-height: 120px;
    overflow-y: auto;
    overscroll-behavior: contain;
    padding-bottom: var(--w3m-spacing-s);
    scrollbar-width: thin;
  }
  .sentinel {
    height: 1px;
  }
  .message {
    display: flex;
    flex-direction: column;
    align-items: center;
    gap: var(--w3m-spacing-s);
    margin: 0;
    padding: var(--w3m-spacing-l) 0;
    text-align: center;
  }
  .message p {
    margin: 0;
  }
  .detail {
    color: var(--w3m-color-fg-muted);
    font-size: var(--w3m-text-small);
    overflow-wrap: anywhere;
  }
  .retry {
    min-height: 36px;
    padding: 0 var(--w3m-spacing-l);
    border: 1px solid var(--w3m-color-border);
    border-radius: var(--w3m-radius-full);
    background: var(--w3m-color-surface);
  }
  .retry:hover {
    background: var(--w3m-color-surface-hover);
  }
  .page-error {
    margin-top: var(--w3m-spacing-s);
  }
  wui-wallet-grid[aria-busy='true'] {
    opacity: 0.6;
  }
  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }
`
