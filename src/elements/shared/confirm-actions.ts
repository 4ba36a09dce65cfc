import { html, nothing } from 'lit'
import { localizeText } from '../../i18n/store-text.js'

/** What a confirming view (a preview, an approval) ends with. */
export interface ConfirmActions {
  /** The store's error text (English, localized here), shown as an alert above the buttons. */
  readonly error: string | undefined
  readonly errorTestId: string
  /** True while the wallet is asked: the button is busy and says so; a press then does nothing. */
  readonly busy: boolean
  readonly label: string
  readonly busyLabel: string
  readonly confirmTestId: string
  readonly onConfirm: () => void
  readonly backLabel: string
  readonly backTestId: string
  readonly onBack: () => void
}

/**
 * The error and the two buttons every confirming view shows: the primary one that asks the wallet
 * (busy while it does), and the one that goes back.
 */
export function confirmActions(options: ConfirmActions) {
  return html`${
      options.error
        ? html`<p class="error" part="error" role="alert" data-testid=${options.errorTestId}>
            ${localizeText(options.error)}
          </p>`
        : nothing
    }
    <div class="actions">
      <button
        type="button"
        class="action primary"
        data-testid=${options.confirmTestId}
        aria-disabled=${options.busy ? 'true' : 'false'}
        aria-busy=${options.busy ? 'true' : 'false'}
        @click=${options.onConfirm}
      >
        ${options.busy ? options.busyLabel : options.label}
      </button>
      <button type="button" class="action" data-testid=${options.backTestId} @click=${options.onBack}>
        ${options.backLabel}
      </button>
    </div>`
}
