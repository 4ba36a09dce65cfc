import { LitElement, css, html } from 'lit'
import { msg } from '../../../i18n/msg.js'
import { $onramp, loadOnrampOptions, selectOnrampProvider } from '../../../stores/onramp/onramp.js'
import { resetStyles } from '../../../theme/tokens.js'
import { listStyles } from '../../shared/list-styles.js'
import { defineElement } from '../../shared/define.js'
import { StoreController } from '../../shared/store-controller.js'
import { connectionViewStyles } from '../connection-view.styles.js'

/**
 * The OnRampProviders view: the onramp providers to buy with (docs/behaviour.md section 9: Coinbase and Meld
 * by default), one button each; choosing one opens OnRampBuy. The purchase options are read while
 * the visitor chooses.
 * @tagname w3m-onramp-providers-view
 * @csspart providers - The providers' list.
 */
export class W3mOnrampProvidersView extends LitElement {
  static override styles = [
    resetStyles,
    connectionViewStyles,
    listStyles,
    css`
      ul {
        width: 100%;
      }
      li button {
        display: flex;
        flex-direction: column;
        align-items: flex-start;
        gap: var(--w3m-spacing-3xs);
        width: 100%;
        padding: var(--w3m-spacing-m);
        border: 1px solid var(--w3m-color-border);
        border-radius: var(--w3m-radius-s);
        background: var(--w3m-color-surface);
        text-align: start;
      }
      li button:hover {
        background: var(--w3m-color-surface-hover);
      }
      .name {
        font-weight: var(--w3m-weight-bold);
      }
    `
  ]

  private readonly onramp = new StoreController(this, $onramp)

  override connectedCallback(): void {
    super.connectedCallback()
    void loadOnrampOptions()
  }

  override render() {
    const { providers } = this.onramp.value
    if (providers.length === 0)
      return html`<p class="muted" data-testid="onramp-no-providers">
        ${msg('No provider is available', { id: 'onramp.noProviders' })}
      </p>`
    return html`<ul part="providers" data-testid="onramp-providers">
      ${providers.map(
        provider =>
          html`<li>
            <button
              type="button"
              data-testid=${`onramp-provider-${provider.name}`}
              @click=${() => selectOnrampProvider(provider.name)}
            >
              <span class="name">${provider.label}</span>
              <span class="muted">${msg('Pay by card or bank transfer', { id: 'onramp.providerNote' })}</span>
            </button>
          </li>`
      )}
    </ul>`
  }
}

defineElement('w3m-onramp-providers-view', W3mOnrampProvidersView)

declare global {
  interface HTMLElementTagNameMap {
    'w3m-onramp-providers-view': W3mOnrampProvidersView
  }
}
