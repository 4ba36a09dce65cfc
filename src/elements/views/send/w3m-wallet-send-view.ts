import { LitElement, css, html, nothing } from 'lit'
import { msg } from '../../../i18n/msg.js'
import { localizeText } from '../../../i18n/store-text.js'
import { $account } from '../../../stores/account.js'
import { $locale } from '../../../stores/locale.js'
import {
  $send,
  chooseDefaultToken,
  sameToken,
  sendableTokens,
  setSendAmount,
  setSendReceiver,
  setSendToken
} from '../../../stores/send/form.js'
import { reviewSend, setMaxAmount } from '../../../stores/send/send.js'
import { NAME_RESOLVE_FAILED, NAMES_FOR_ADDRESS_FAILED } from '../../../stores/names/texts.js'
import { $tokenBalances } from '../../../stores/account/token-balances.js'
import { refreshBalancesOnShow } from '../../../stores/account/balances.js'
import { resetStyles } from '../../../theme/tokens.js'
import { formatAmount } from '../../../utils/format.js'
import { defineElement } from '../../shared/define.js'
import { StoreController } from '../../shared/store-controller.js'
import { connectionViewStyles } from '../connection-view.styles.js'
import { sendFormStyles } from '../send-form.styles.js'

/**
 * The WalletSend view: the token (the Tokens tab's balances on the active network, the native token
 * first), the amount with Max (which keeps back the network fee on the native token), and the
 * receiver: an address (on EVM with its registry name beside it, when it has one), or on EVM a
 * registry name whose address shows beside it. Preview checks the
 * form (docs/behaviour.md section 5), estimates the fee and opens WalletSendPreview; a broken rule shows here,
 * and everything typed stays. When it shows, balances read more than 5 s before are read again.
 * @tagname w3m-wallet-send-view
 * @csspart form - The form.
 * @csspart error - The rule the form breaks.
 */
export class W3mWalletSendView extends LitElement {
  static override styles = [
    resetStyles,
    connectionViewStyles,
    sendFormStyles,
    css`
      .name {
        margin: 0;
        font-size: var(--w3m-text-small);
      }
    `
  ]

  private readonly send = new StoreController(this, $send)
  private readonly account = new StoreController(this, $account)
  private readonly balances = new StoreController(this, $tokenBalances)
  private readonly locale = new StoreController(this, $locale)

  private stopFollowingBalances: (() => void) | undefined

  override connectedCallback(): void {
    super.connectedCallback()
    // Shown: balances older than a few seconds are read again (funds may have arrived since).
    void refreshBalancesOnShow()
    // The balances may arrive after the view opened: the native token is chosen once they do.
    this.stopFollowingBalances = $tokenBalances.subscribe(() => chooseDefaultToken())
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback()
    this.stopFollowingBalances?.()
  }

  override render() {
    const state = this.send.value
    const { locale } = this.locale.value
    const tokens = this.balances.value && sendableTokens()
    const { namespace, address } = this.account.value
    if (!address)
      return html`<p class="muted" data-testid="send-disconnected">
        ${msg('No wallet connected', { id: 'account.disconnected' })}
      </p>`
    const chosen = tokens.findIndex(token => sameToken(token, state.token))
    return html`<form part="form" novalidate @submit=${this.onSubmit}>
      <div class="field">
        <label for="token">${msg('Token', { id: 'send.token' })}</label>
        <select
          id="token"
          data-testid="send-token-select"
          .value=${String(chosen)}
          @change=${(event: Event) => setSendToken(tokens[Number((event.target as HTMLSelectElement).value)])}
        >
          ${tokens.map(
            (token, index) =>
              html`<option value=${String(index)} ?selected=${index === chosen}>
                ${token.symbol} · ${formatAmount(token.quantity.numeric, locale)}
              </option>`
          )}
        </select>
      </div>
      <div class="field">
        <label for="amount">${msg('Amount', { id: 'send.amount' })}</label>
        <div class="row">
          <input
            id="amount"
            data-testid="send-amount-input"
            inputmode="decimal"
            autocomplete="off"
            dir="ltr"
            placeholder="0.0"
            .value=${state.amount}
            @input=${(event: Event) => setSendAmount((event.target as HTMLInputElement).value)}
          />
          <button
            type="button"
            class="action"
            data-testid="send-max-button"
            ?disabled=${!state.token}
            @click=${() => void setMaxAmount()}
          >
            ${msg('Max', { id: 'send.max' })}
          </button>
        </div>
      </div>
      <div class="field">
        <label for="receiver">${msg('To', { id: 'send.receiver' })}</label>
        <input
          id="receiver"
          data-testid="send-receiver-input"
          autocomplete="off"
          spellcheck="false"
          dir="ltr"
          placeholder=${
            namespace === 'eip155'
              ? msg('Address or name', { id: 'send.receiverPlaceholderName' })
              : msg('Address', { id: 'send.receiverPlaceholder' })
          }
          aria-describedby="name"
          .value=${state.receiver}
          @input=${(event: Event) => void setSendReceiver((event.target as HTMLInputElement).value)}
        />
        <p id="name" class="name muted" data-testid="send-name-status" aria-live="polite">${this.renderName()}</p>
      </div>
      ${
        state.error
          ? html`<p class="error" part="error" role="alert" data-testid="send-error">${localizeText(state.error)}</p>`
          : nothing
      }
      <div class="actions">
        <button
          type="submit"
          class="action primary"
          data-testid="send-preview-button"
          ?disabled=${state.loading}
          aria-busy=${state.loading ? 'true' : 'false'}
        >
          ${state.loading ? msg('Checking…', { id: 'send.checking' }) : msg('Preview', { id: 'send.preview' })}
        </button>
      </div>
    </form>`
  }

  /**
   * The typed name's state: resolving, the address it points to, or that it has none; for a typed
   * address, its registry name when it has one (or that the lookup failed).
   */
  private renderName() {
    const { name, addressName } = this.send.value
    if (addressName?.status === 'failed') return localizeText(NAMES_FOR_ADDRESS_FAILED)
    if (addressName?.name) return html`<bdi data-testid="send-receiver-name">${addressName.name}</bdi>`
    if (!name) return nothing
    if (name.status === 'resolving') return msg('Resolving name…', { id: 'send.resolving' })
    if (name.status === 'failed') return localizeText(NAME_RESOLVE_FAILED)
    return html`<bdi class="mono" data-testid="send-name-address">${name.address}</bdi>`
  }

  private readonly onSubmit = (event: Event): void => {
    event.preventDefault()
    void reviewSend()
  }
}

defineElement('w3m-wallet-send-view', W3mWalletSendView)

declare global {
  interface HTMLElementTagNameMap {
    'w3m-wallet-send-view': W3mWalletSendView
  }
}
