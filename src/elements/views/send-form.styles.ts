import { css } from 'lit'

/** The Send views' fields and summary rows: labelled inputs and a token select, full width. */
export const sendFormStyles = css`
  form,
  dl {
    display: flex;
    flex-direction: column;
    gap: var(--w3m-spacing-m);
    width: 100%;
    margin: 0;
    text-align: start;
  }
  label,
  dt {
    font-size: var(--w3m-text-small);
    font-weight: var(--w3m-weight-bold);
  }
  .field {
    display: flex;
    flex-direction: column;
    gap: var(--w3m-spacing-s);
  }
  .row {
    display: flex;
    gap: var(--w3m-spacing-s);
  }
  input,
  select {
    flex: 1 1 auto;
    min-width: 0;
    min-height: 40px;
    padding: 0 var(--w3m-spacing-m);
    border: 1px solid var(--w3m-color-border);
    border-radius: var(--w3m-radius-s);
    background: var(--w3m-color-surface);
    color: inherit;
    font: inherit;
  }
  .row .action {
    flex: 0 0 auto;
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
  .mono {
    font-family: var(--w3m-font-mono, ui-monospace, monospace);
    font-size: var(--w3m-text-small);
  }
`
