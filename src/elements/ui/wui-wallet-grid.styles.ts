import { css, unsafeCSS } from 'lit'

/** A wallet tile's height and the rows of a full block (40 wallets, 4 to a row). */
export const TILE_HEIGHT_PX = 96
export const BLOCK_ROWS = 10

// A block's rows are explicit grid tracks, so a block whose wallets are not rendered keeps its height.
const rowRules = Array.from(
  { length: BLOCK_ROWS },
  (_, index) => `.block[data-rows='${index + 1}'] { grid-template-rows: repeat(${index + 1}, ${TILE_HEIGHT_PX}px); }`
).join('\n')

export const walletGridStyles = css`
  :host {
    display: block;
    --gap: var(--wui-wallet-grid-gap, var(--w3m-spacing-s, 8px));
  }
  [role='list'] {
    display: flex;
    flex-direction: column;
    gap: var(--gap);
  }
  .block {
    display: grid;
    grid-template-columns: repeat(4, minmax(0, 1fr));
    grid-auto-rows: ${unsafeCSS(TILE_HEIGHT_PX)}px;
    gap: var(--gap);
  }
  ${unsafeCSS(rowRules)}
  button,
  .placeholder {
    display: flex;
    flex-direction: column;
    align-items: center;
    gap: var(--w3m-spacing-xs);
    width: 100%;
    height: 100%;
    padding: var(--w3m-spacing-s) var(--w3m-spacing-2xs);
    border: none;
    border-radius: var(--w3m-radius-m);
    background: var(--w3m-color-surface);
  }
  button:hover {
    background: var(--w3m-color-surface-hover);
  }
  .name {
    max-width: 100%;
    overflow: hidden;
    white-space: nowrap;
    text-overflow: ellipsis;
    font-size: var(--w3m-text-small);
  }
  /* A wallet tile's shape while the wallets load: its image and its name, on the tile's surface. */
  .placeholder {
    --w3m-skeleton-base: var(--w3m-color-surface-hover);
    --w3m-skeleton-highlight: var(--w3m-color-border);
  }
  .placeholder .image {
    flex: none;
    width: var(--wui-wallet-image-size, 56px);
    height: var(--wui-wallet-image-size, 56px);
    border-radius: var(--w3m-radius-m);
  }
  .placeholder .name {
    --w3m-skeleton-width: 70%;
  }
`
