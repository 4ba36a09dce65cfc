import { LitElement, css, html, nothing } from 'lit'
import { msg } from '../../../i18n/msg.js'
import { localizeText } from '../../../i18n/store-text.js'
import { $account } from '../../../stores/account.js'
import { $locale } from '../../../stores/locale.js'
import {
  $swap,
  balanceError,
  initializeSwap,
  minimumReceivedText,
  reviewSwap,
  setSlippage,
  setSourceAmount,
  setSourceToken,
  setToToken,
  switchTokens,
  toAmountText,
  usdValue
} from '../../../stores/swap/swap.js'
import { $tokenBalances } from '../../../stores/account/token-balances.js'
import { resetStyles } from '../../../theme/tokens.js'
import { formatCurrency } from '../../../utils/intl-format.js'
import { defineElement } from '../../shared/define.js'
import { StoreController } from '../../shared/store-controller.js'
import { connectionViewStyles } from '../connection-view.styles.js'
import { sendFormStyles } from '../send-form.styles.js'

const selected = (event: Event) => (event.target as HTMLSelectElement).value

/**
 * The Swap view: the token sold and its amount, the token bought and what the quote gives, a
 * button that switches the two (the amount stays), the slippage (1 % by default, 0.1 to 50) and the
 * minimum received. Off the swap networks it says 'Network not supported for Swaps'. Review opens
 * SwapPreview.
 * @tagname w3m-swap-view
 * @csspart form - The swap form.
 * @csspart error - Why the swap cannot go on.
 */
export class W3mSwapView extends LitElement {
  static override styles = [
    resetStyles,
    connectionViewStyles,
    sendFormStyles,
    css`
      .switch {
        align-self: center;
      }
    `
  ]

  private readonly swap = new StoreController(this, $swap)
  private readonly account = new StoreController(this, $account)
  private readonly balances = new StoreController(this, $tokenBalances)
  private readonly locale = new StoreController(this, $locale)

  override connectedCallback(): void {
    super.connectedCallback()
    void initializeSwap()
  }

  override render() {
    if (!this.account.value.address)
      return html`<p class="muted" data-testid="swap-disconnected">
        ${msg('No wallet connected', { id: 'account.disconnected' })}
      </p>`
    const state = this.swap.value
    if (state.status === 'unsupported')
      return html`<p class="error" role="alert" data-testid="swap-unsupported">${localizeText(state.error ?? '')}</p>`
    if (state.status !== 'ready')
      return html`<p class="muted status" role="status" data-testid="swap-loading">
        <span class="spinner" aria-hidden="true"></span>${msg('Loading tokens…', { id: 'swap.loading' })}
      </p>`
    void this.balances.value
    const error = state.error ?? balanceError(state)
    const minimum = minimumReceivedText(state)
    const { locale } = this.locale.value
    const worth = (value: number | undefined, testId: string) =>
      value === undefined
        ? nothing
        : html`<p class="muted" data-testid=${testId}>
            ≈ <bdi dir="ltr">${formatCurrency(value, 'USD', locale)}</bdi>
          </p>`
    return html`<form part="form" novalidate @submit=${this.onSubmit}>
        <div class="field">
          <label for="source">${msg('You sell', { id: 'swap.sell' })}</label>
          <div class="row">
            <select id="source" data-testid="swap-source-token" @change=${(e: Event) => setSourceToken(selected(e))}>
              ${state.tokens.map(
                token =>
                  html`<option value=${token.address} ?selected=${token.address === state.sourceToken?.address}>
                    ${token.symbol}
                  </option>`
              )}
            </select>
            <input
              id="amount"
              aria-label=${msg('Amount', { id: 'send.amount' })}
              data-testid="swap-source-amount"
              inputmode="decimal"
              autocomplete="off"
              dir="ltr"
              placeholder="0.0"
              .value=${state.sourceAmount}
              @input=${(event: Event) => setSourceAmount((event.target as HTMLInputElement).value)}
            />
          </div>
          ${worth(usdValue(state, state.sourceToken, state.sourceAmount), 'swap-source-value')}
        </div>
        <button
          type="button"
          class="action switch"
          data-testid="swap-switch"
          aria-label=${msg('Switch the tokens', { id: 'swap.switch' })}
          @click=${() => switchTokens()}
        >
          ⇅
        </button>
        <div class="field">
          <label for="to">${msg('You buy', { id: 'swap.buy' })}</label>
          <div class="row">
            <select id="to" data-testid="swap-to-token" @change=${(e: Event) => setToToken(selected(e))}>
              ${state.tokens.map(
                token =>
                  html`<option value=${token.address} ?selected=${token.address === state.toToken?.address}>
                    ${token.symbol}
                  </option>`
              )}
            </select>
            <output
              data-testid="swap-to-amount"
              dir="ltr"
              aria-live="polite"
              aria-busy=${state.quoteLoading ? 'true' : 'false'}
              >${state.quoteLoading ? msg('Getting a quote…', { id: 'onramp.quoting' }) : toAmountText(state)}</output
            >
          </div>
          ${worth(usdValue(state, state.toToken, toAmountText(state)), 'swap-to-value')}
        </div>
        <div class="field">
          <label for="slippage">${msg('Slippage (%)', { id: 'swap.slippage' })}</label>
          <input
            id="slippage"
            data-testid="swap-slippage"
            inputmode="decimal"
            dir="ltr"
            .value=${state.slippage}
            @input=${(event: Event) => setSlippage((event.target as HTMLInputElement).value)}
          />
        </div>
        ${
          minimum
            ? html`<p class="muted" data-testid="swap-minimum">
                ${msg('Minimum received', { id: 'swap.minimum' })}:
                <bdi dir="ltr">${minimum} ${state.toToken?.symbol ?? ''}</bdi>
              </p>`
            : nothing
        }
      </form>
      ${error ? html`<p class="error" part="error" role="alert" data-testid="swap-error">${localizeText(error)}</p>` : nothing}
      <div class="actions">
        <button
          type="button"
          class="action primary"
          data-testid="swap-review-button"
          aria-disabled=${state.quote && !error ? 'false' : 'true'}
          @click=${() => reviewSwap()}
        >
          ${msg('Review swap', { id: 'swap.review' })}
        </button>
      </div>`
  }

  private readonly onSubmit = (event: Event): void => {
    event.preventDefault()
    reviewSwap()
  }
}

defineElement('w3m-swap-view', W3mSwapView)

declare global {
  interface HTMLElementTagNameMap {
    'w3m-swap-view': W3mSwapView
  }
}
