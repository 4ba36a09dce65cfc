import { LitElement, html, nothing } from 'lit'
import { msg, str } from '../../../i18n/msg.js'
import { localizeText } from '../../../i18n/store-text.js'
import { $account } from '../../../stores/account.js'
import { $locale } from '../../../stores/locale.js'
import {
  $onramp,
  checkoutUrl,
  followPurchase,
  loadOnrampOptions,
  setPaymentAmount,
  setPaymentCurrency,
  setPaymentMethod,
  setPurchaseCurrency
} from '../../../stores/onramp/onramp.js'
import { limitOf, toCents } from '../../../stores/onramp/rules.js'
import { resetStyles } from '../../../theme/tokens.js'
import { formatAmount } from '../../../utils/format.js'
import { formatCurrency } from '../../../utils/intl-format.js'
import { defineElement } from '../../shared/define.js'
import { StoreController } from '../../shared/store-controller.js'
import { connectionViewStyles } from '../connection-view.styles.js'
import { sendFormStyles } from '../send-form.styles.js'

const selected = (event: Event) => (event.target as HTMLSelectElement).value

/**
 * The OnRampBuy view: what to buy (the purchase currencies, one on the active chain first), the
 * payment currency and method with the method's limits, and the amount to pay. A quote is asked once
 * typing pauses: what the visitor gets, the fees, the subtotal and the total. Continue opens the
 * provider's checkout in a new window and returns to Account's Activity, where the purchase shows
 * as pending until it is paid.
 * @tagname w3m-onramp-buy-view
 * @csspart form - The purchase form.
 * @csspart quote - The quote.
 * @csspart error - Why there is no quote or checkout.
 */
export class W3mOnrampBuyView extends LitElement {
  static override styles = [resetStyles, connectionViewStyles, sendFormStyles]

  private readonly onramp = new StoreController(this, $onramp)
  private readonly locale = new StoreController(this, $locale)
  private readonly account = new StoreController(this, $account)

  override connectedCallback(): void {
    super.connectedCallback()
    // Opened directly (open({ view: 'OnRampBuy' })), the options are read here.
    void loadOnrampOptions()
  }

  override render() {
    if (!this.account.value.address)
      return html`<p class="muted" data-testid="onramp-disconnected">
        ${msg('No wallet connected', { id: 'account.disconnected' })}
      </p>`
    const state = this.onramp.value
    const { locale } = this.locale.value
    const limit = limitOf(state.paymentCurrency, state.paymentMethod)
    const currency = state.paymentCurrency?.id ?? ''
    const methods = state.paymentCurrency?.payment_method_limits ?? []
    return html`<form part="form" novalidate @submit=${this.onSubmit}>
        <p class="muted" data-testid="onramp-provider">${state.selectedProvider?.label ?? ''}</p>
        <div class="field">
          <label for="asset">${msg('Token', { id: 'send.token' })}</label>
          <select
            id="asset"
            data-testid="onramp-purchase-currency"
            @change=${(e: Event) => setPurchaseCurrency(selected(e))}
          >
            ${state.purchaseCurrencies.map(
              entry =>
                html`<option value=${entry.id} ?selected=${entry.id === state.purchaseCurrency?.id}>
                  ${entry.symbol} · ${entry.name}
                </option>`
            )}
          </select>
        </div>
        <div class="row">
          <div class="field">
            <label for="currency">${msg('Currency', { id: 'onramp.paymentCurrency' })}</label>
            <select
              id="currency"
              data-testid="onramp-payment-currency"
              @change=${(e: Event) => setPaymentCurrency(selected(e))}
            >
              ${state.paymentCurrencies.map(
                entry => html`<option value=${entry.id} ?selected=${entry.id === currency}>${entry.id}</option>`
              )}
            </select>
          </div>
          <div class="field">
            <label for="method">${msg('Payment method', { id: 'onramp.method' })}</label>
            <select
              id="method"
              data-testid="onramp-payment-method"
              @change=${(e: Event) => setPaymentMethod(selected(e))}
            >
              ${methods.map(
                entry =>
                  html`<option value=${entry.id} ?selected=${entry.id === state.paymentMethod}>
                    ${
                      entry.id === 'card'
                        ? msg('Card', { id: 'onramp.card' })
                        : entry.id === 'ach_bank_account'
                          ? msg('Bank account', { id: 'onramp.bank' })
                          : entry.id
                    }
                  </option>`
              )}
            </select>
          </div>
        </div>
        <div class="field">
          <label for="amount">${msg('You pay', { id: 'onramp.pay' })}</label>
          <input
            id="amount"
            data-testid="onramp-amount-input"
            inputmode="decimal"
            autocomplete="off"
            dir="ltr"
            placeholder="0.00"
            aria-describedby="limits"
            .value=${state.paymentAmount}
            @input=${(event: Event) => setPaymentAmount((event.target as HTMLInputElement).value)}
          />
          <p id="limits" class="muted" data-testid="onramp-limits">
            ${limit ? msg(str`Between ${limit.min} and ${limit.max} ${currency}`, { id: 'onramp.limits' }) : nothing}
          </p>
        </div>
      </form>
      ${this.renderQuote(locale)}
      ${
        state.error
          ? html`<p class="error" part="error" role="alert" data-testid="onramp-error">${localizeText(state.error)}</p>`
          : nothing
      }
      <div class="actions">
        <button
          type="button"
          class="action primary"
          data-testid="onramp-checkout-button"
          aria-disabled=${state.quote && !state.checkingOut ? 'false' : 'true'}
          aria-busy=${state.checkingOut ? 'true' : 'false'}
          @click=${this.onCheckout}
        >
          ${
            state.checkingOut
              ? msg('Opening…', { id: 'onramp.opening' })
              : msg('Continue to checkout', { id: 'onramp.checkout' })
          }
        </button>
      </div>`
  }

  private renderQuote(locale: string) {
    const { quote, quotesLoading, purchaseCurrency } = this.onramp.value
    if (quotesLoading)
      return html`<p class="muted" role="status" data-testid="onramp-quote-loading">
        ${msg('Getting a quote…', { id: 'onramp.quoting' })}
      </p>`
    if (!quote) return nothing
    const money = (amount: string, currency: string) => formatCurrency(Number(amount), currency, locale)
    const cents = quote.fees.reduce((sum, fee) => sum + (toCents(fee.amount) ?? 0n), 0n)
    const fees = `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`
    return html`<dl part="quote" data-testid="onramp-quote">
      <div>
        <dt>${msg('You get', { id: 'onramp.receive' })}</dt>
        <dd class="title" data-testid="onramp-quote-amount">
          <bdi dir="ltr">${formatAmount(quote.purchaseAmount.amount, locale, 6)} ${purchaseCurrency?.symbol ?? ''}</bdi>
        </dd>
      </div>
      <div>
        <dt>${msg('Fees', { id: 'onramp.fees' })}</dt>
        <dd data-testid="onramp-quote-fees">
          <bdi dir="ltr">${money(fees, quote.paymentTotal.currency)}</bdi>
        </dd>
      </div>
      <div>
        <dt>${msg('Subtotal', { id: 'onramp.subtotal' })}</dt>
        <dd data-testid="onramp-quote-subtotal">
          <bdi dir="ltr">${money(quote.paymentSubtotal.amount, quote.paymentSubtotal.currency)}</bdi>
        </dd>
      </div>
      <div>
        <dt>${msg('Total', { id: 'onramp.total' })}</dt>
        <dd data-testid="onramp-quote-total">
          <bdi dir="ltr">${money(quote.paymentTotal.amount, quote.paymentTotal.currency)}</bdi>
        </dd>
      </div>
    </dl>`
  }

  private readonly onSubmit = (event: Event): void => {
    event.preventDefault()
  }

  /** Opens the checkout in a new window (no opener: the provider's page cannot reach this one). */
  private readonly onCheckout = async (): Promise<void> => {
    const { quote, checkingOut } = this.onramp.value
    if (!quote || checkingOut) return
    const url = await checkoutUrl()
    if (!url) return
    window.open(url, '_blank', 'noopener,noreferrer')
    followPurchase()
  }
}

defineElement('w3m-onramp-buy-view', W3mOnrampBuyView)

declare global {
  interface HTMLElementTagNameMap {
    'w3m-onramp-buy-view': W3mOnrampBuyView
  }
}
