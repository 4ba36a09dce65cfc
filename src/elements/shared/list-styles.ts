import { css } from 'lit'

/** A view's list: a column of rows without bullets (wallets, networks, tokens). */
export const listStyles = css`
  ul {
    display: flex;
    flex-direction: column;
    gap: var(--w3m-spacing-s);
    margin: 0;
    padding: 0;
    list-style: none;
  }
`

/** A section's small heading inside a view (Tokens, Supported networks). */
export const sectionHeadingStyles = css`
  h3 {
    margin: 0 0 var(--w3m-spacing-s);
    font-size: var(--w3m-text-small);
    font-weight: var(--w3m-weight-bold);
  }
`

/** An Account tab's panel: full width, start-aligned, its state lines (loading, empty) muted and small. */
export const tabPanelStyles = css`
  :host {
    display: block;
    width: 100%;
    text-align: start;
  }
  p {
    margin: 0;
    color: var(--w3m-color-fg-muted);
    font-size: var(--w3m-text-small);
  }
`
