import { css } from 'lit'

/** The Connect view's own looks: the sections, the social buttons, the wallet rows and tags, the legal line. */
export const connectViewStyles = css`
  :host {
    display: flex;
    flex-direction: column;
    gap: var(--w3m-spacing-l, 16px);
    padding: var(--w3m-spacing-l, 16px);
  }
  section {
    display: flex;
    flex-direction: column;
    gap: var(--w3m-spacing-s, 8px);
  }
  h3 {
    margin: 0;
    font-size: var(--w3m-text-small);
    font-weight: var(--w3m-weight-bold, 600);
    color: var(--w3m-color-fg-muted);
  }
  .muted {
    margin: 0;
    color: var(--w3m-color-fg-muted);
    font-size: var(--w3m-text-small);
  }
  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    margin: -1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }
  .icon {
    flex: none;
    width: var(--w3m-icon-size-m, 20px);
    height: var(--w3m-icon-size-m, 20px);
  }
  .with-icon {
    display: inline-flex;
    align-items: center;
    gap: var(--w3m-spacing-m, 12px);
  }
  ul.socials {
    flex-direction: row;
    flex-wrap: wrap;
  }
  ul.socials > li {
    flex: 1 1 0;
    min-width: 0;
  }
  ul.socials > li.wide {
    flex-basis: 100%;
  }
  .square {
    display: flex;
    justify-content: center;
    width: 100%;
  }
  li.square-item wui-list-item::part(button),
  .more-button {
    justify-content: center;
    padding: var(--w3m-spacing-s, 8px);
  }
  .more-button {
    display: flex;
    align-items: center;
    width: 100%;
    min-height: 48px;
    border: 1px solid transparent;
    border-radius: var(--w3m-radius-m);
    background: var(--w3m-color-surface);
  }
  .more-button:hover {
    background: var(--w3m-color-surface-hover);
  }
  .more-button[aria-expanded='true'] {
    border-color: var(--w3m-color-border-control);
  }
  .wallet {
    display: inline-flex;
    align-items: center;
    gap: var(--w3m-spacing-m, 12px);
    --wui-wallet-image-size: 32px;
  }
  .wc-logo {
    flex: none;
    border-radius: var(--w3m-radius-s, 8px);
  }
  .tag {
    display: inline-flex;
    align-items: center;
    gap: var(--w3m-spacing-2xs, 4px);
    padding: var(--w3m-spacing-3xs, 2px) var(--w3m-spacing-s, 8px);
    border-radius: var(--w3m-radius-full);
    background: var(--w3m-color-bg);
    color: var(--w3m-color-fg-muted);
    font-size: var(--w3m-text-small);
    white-space: nowrap;
  }
  .tag .icon {
    width: var(--w3m-icon-size-xs, 12px);
    height: var(--w3m-icon-size-xs, 12px);
  }
  .mini-grid {
    display: grid;
    flex: none;
    grid-template-columns: repeat(2, 14px);
    gap: var(--w3m-spacing-3xs, 2px);
    padding: 1px;
    border-radius: var(--w3m-radius-s, 8px);
    background: var(--w3m-color-bg);
    --wui-wallet-image-size: 14px;
  }
  .all-icon {
    display: grid;
    flex: none;
    place-items: center;
    width: 32px;
    height: 32px;
    border-radius: var(--w3m-radius-s, 8px);
    background: var(--w3m-color-bg);
  }
  .mini-grid wui-wallet-image {
    border-radius: var(--w3m-radius-xs, 4px);
  }
  .legal {
    display: flex;
    flex-direction: column;
    gap: var(--w3m-spacing-xs, 6px);
    font-size: var(--w3m-text-small);
  }
  .legal label {
    display: flex;
    align-items: flex-start;
    gap: var(--w3m-spacing-s, 8px);
    cursor: pointer;
  }
  .legal input {
    flex: none;
    width: 18px;
    height: 18px;
    margin: 1px 0 0;
    accent-color: var(--w3m-accent);
  }
  .legal .links {
    display: flex;
    flex-wrap: wrap;
    gap: var(--w3m-spacing-m, 12px);
    margin: 0;
    padding-inline-start: 26px;
  }
  .legal a {
    color: var(--w3m-color-fg);
    text-decoration: underline;
  }
`
