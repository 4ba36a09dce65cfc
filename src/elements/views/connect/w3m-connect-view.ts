import { LitElement, css, html, nothing } from 'lit'
import { msg, str } from '../../../i18n/msg.js'
import { DEFAULT_FEATURES, type Features } from '../../../config/options.js'
import { loadConnection, selectConnector } from '../../../stores/connect/connection-loader.js'
import { $connectors, loadConnectors, type ConnectorSummary } from '../../../stores/connect/connectors.js'
import { $locale } from '../../../stores/locale.js'
import { pushView } from '../../../stores/router.js'
import { $options } from '../../../stores/options.js'
import { emailLoginAvailable, sendEmail } from '../../../stores/email/loader.js'
import { $emailLogin } from '../../../stores/email/state.js'
import { socialLoginAvailable, startSocialLogin } from '../../../stores/social/loader.js'
import { $socialLogin } from '../../../stores/social/state.js'
import type { SocialProvider } from '../../../config/constants.js'
import { SOCIAL_NAMES } from '../../../config/social-names.js'
import { localizeText } from '../../../i18n/store-text.js'
import { emailForm, emailFormStyles } from '../email/email-forms.js'
import { sendFormStyles } from '../send-form.styles.js'
import { resetStyles } from '../../../theme/tokens.js'
import { whenIdle } from '../../../utils/idle.js'
import { listStyles } from '../../shared/list-styles.js'
import { defineElement } from '../../shared/define.js'
import { onIntent } from '../../shared/prefetch-view.js'
import { RovingListController, type RovingItem } from '../../shared/roving-list.js'
import { StoreController } from '../../shared/store-controller.js'
import '../../ui/wui-list-item.js'
import '../../ui/wui-wallet-image.js'
import { walletConnectLogo } from '../../ui/walletconnect-logo.js'

type ConnectMethod = 'email' | 'social' | 'wallet'

/** Loads the connection code ahead of a choice; a failure is left to the choice to report. */
function prefetchConnection(): void {
  loadConnection().catch(() => undefined)
}

/**
 * The Connect view: the connect methods in the configured order (default email, social, wallet).
 * The wallet section lists the wallets the adapters discovered (EIP-6963 announced, injected), in
 * the spec's connector order, above All Wallets; choosing one opens ConnectingExternal. The e-mail
 * section (with `features.email` and a `frameUrl`) sends a login code to the address typed and
 * opens the code's view. The social section (with a `frameUrl`) has a button per provider of
 * `features.socials` (nothing without a frame), each named by its display name: the provider's
 * window opens at once, what is happening shows below the list, and a failure as an alert.
 * @tagname w3m-connect-view
 * @csspart method - One connect method's section.
 * @csspart connector - One discovered wallet's row.
 */
export class W3mConnectView extends LitElement {
  static override styles = [
    resetStyles,
    listStyles,
    sendFormStyles,
    emailFormStyles,
    css`
      :host {
        display: flex;
        flex-direction: column;
        gap: var(--w3m-spacing-m);
        padding: var(--w3m-spacing-l);
      }
      section {
        display: flex;
        flex-direction: column;
        gap: var(--w3m-spacing-s);
      }
      .wallet {
        display: inline-flex;
        align-items: center;
        gap: var(--w3m-spacing-m);
        --wui-wallet-image-size: 32px;
      }
      .muted {
        margin: 0;
        color: var(--w3m-color-fg-muted);
        font-size: var(--w3m-text-small);
      }
      .wc-logo {
        flex: none;
        border-radius: var(--w3m-radius-s, 8px);
      }
      .tag {
        padding: 2px var(--w3m-spacing-s);
        border-radius: var(--w3m-radius-full);
        background: var(--w3m-color-bg);
        color: var(--w3m-color-fg-muted);
        font-size: var(--w3m-text-small);
      }
      h3 {
        margin: 0;
        font-size: var(--w3m-text-small);
        font-weight: 600;
        color: var(--w3m-color-fg-muted);
      }
    `
  ]

  private readonly options = new StoreController(this, $options)
  private readonly connectors = new StoreController(this, $connectors)
  private readonly emailLogin = new StoreController(this, $emailLogin)
  private readonly socialLogin = new StoreController(this, $socialLogin)
  protected readonly locale = new StoreController(this, $locale)
  protected readonly rows = new RovingListController(this, () => [
    ...this.renderRoot.querySelectorAll<RovingItem>('[data-testid="connector-list"] wui-list-item')
  ])

  constructor() {
    super()
    // The connection code arrives before the visitor picks a wallet: on intent, or when idle.
    onIntent(this, prefetchConnection)
  }

  override connectedCallback(): void {
    super.connectedCallback()
    void loadConnectors()
    whenIdle(prefetchConnection)
  }

  override render() {
    const features = this.options.value?.features ?? DEFAULT_FEATURES
    return features.connectMethodsOrder.map(method => this.renderMethod(method, features))
  }

  private renderMethod(method: ConnectMethod, features: Features) {
    switch (method) {
      case 'email':
        return emailLoginAvailable()
          ? html`<section part="method" data-testid="connect-method-email">
              ${emailForm({
                state: this.emailLogin.value,
                value: this.emailLogin.value.email,
                label: msg('Email', { id: 'connect.email' }),
                testIdPrefix: 'email-login',
                submitLabel: msg('Continue', { id: 'email.continue' }),
                onSubmit: email => void sendEmail(email)
              })}
            </section>`
          : nothing
      case 'social':
        // Without a frame there is no social login: nothing is offered (as for e-mail).
        return features.socials && features.socials.length > 0 && socialLoginAvailable()
          ? this.renderSocial(features.socials)
          : nothing
      case 'wallet':
        return html`<section part="method" data-testid="connect-method-wallet">
          <h3 id="wallets-heading">${msg('Wallets', { id: 'connect.wallets' })}</h3>
          ${this.renderConnectors()}
          ${
            features.allWallets
              ? html`<wui-list-item data-testid="all-wallets-button" @click=${() => pushView('AllWallets')}
                  >${msg('All Wallets', { id: 'connect.allWallets' })}</wui-list-item
                >`
              : nothing
          }
        </section>`
    }
  }

  private renderSocial(socials: readonly SocialProvider[]) {
    const state = this.socialLogin.value
    const name = state.provider ? SOCIAL_NAMES[state.provider] : ''
    return html`<section part="method" data-testid="connect-method-social">
      <h3 id="social-heading">${msg('Social login', { id: 'connect.social' })}</h3>
      <ul aria-labelledby="social-heading" data-testid="social-list">
        ${socials.map(provider =>
          provider === 'farcaster'
            ? html`<li>
                <wui-list-item
                  data-testid="social-farcaster"
                  ?disabled=${state.status === 'connecting'}
                  @click=${() => pushView('ConnectingFarcaster')}
                  >${msg(str`Continue with ${SOCIAL_NAMES.farcaster}`, { id: 'connect.socialContinue' })}</wui-list-item
                >
              </li>`
            : html`<li>
                <wui-list-item
                  data-testid=${`social-${provider}`}
                  ?disabled=${state.status === 'connecting'}
                  @click=${() => startSocialLogin(provider)}
                  >${msg(str`Continue with ${SOCIAL_NAMES[provider]}`, { id: 'connect.socialContinue' })}</wui-list-item
                >
              </li>`
        )}
      </ul>
      ${
        state.status === 'waiting'
          ? html`<p role="status" class="muted" data-testid="social-status">
              ${msg(str`Finish signing in with ${name} in its window`, { id: 'social.waiting' })}
            </p>`
          : state.status === 'connecting'
            ? html`<p role="status" class="muted" data-testid="social-status">
                ${msg('Connecting…', { id: 'social.connecting' })}
              </p>`
            : nothing
      }
      ${
        state.error
          ? html`<p class="error" role="alert" data-testid="social-error">${localizeText(state.error)}</p>`
          : nothing
      }
    </section>`
  }

  private renderConnectors() {
    const connectors = this.connectors.value.connectors
    if (connectors.length === 0) return nothing
    return html`<ul aria-labelledby="wallets-heading" data-testid="connector-list">
      ${connectors.map(connector => html`<li>${this.renderConnector(connector)}</li>`)}
    </ul>`
  }

  private renderConnector(connector: ConnectorSummary) {
    const tag = connector.recent
      ? msg('Recent', { id: 'connect.recent' })
      : connector.type === 'announced' || connector.type === 'injected'
        ? msg('Installed', { id: 'connect.installed' })
        : ''
    return html`<wui-list-item
      part="connector"
      data-testid=${`connector-${connector.id}`}
      @click=${() => void selectConnector(connector.id, connector.namespace)}
    >
      <span class="wallet">
        ${
          connector.type === 'walletConnect'
            ? walletConnectLogo
            : html`<wui-wallet-image .src=${connector.imageUrl} .name=${connector.name}></wui-wallet-image>`
        }
        <span>${connector.name}</span>
      </span>
      ${tag ? html`<span slot="end" class="tag">${tag}</span>` : nothing}
    </wui-list-item>`
  }
}

defineElement('w3m-connect-view', W3mConnectView)

declare global {
  interface HTMLElementTagNameMap {
    'w3m-connect-view': W3mConnectView
  }
}
