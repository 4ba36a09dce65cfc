import { LitElement, html, nothing } from 'lit'
import { state } from 'lit/decorators.js'
import { msg } from '../../../i18n/msg.js'
import { DEFAULT_FEATURES, type Features } from '../../../config/options.js'
import { loadConnection, selectConnector } from '../../../stores/connect/connection-loader.js'
import { $connectors, loadConnectors } from '../../../stores/connect/connectors.js'
import { $legalConsent, setLegalConsent } from '../../../stores/connect/legal-consent.js'
import { $allWallets, $wallets, loadWallets } from '../../../stores/connect/wallets.js'
import { $locale } from '../../../stores/locale.js'
import { pushView } from '../../../stores/router.js'
import { $options } from '../../../stores/options.js'
import { emailLoginAvailable, sendEmail } from '../../../stores/email/loader.js'
import { $emailLogin } from '../../../stores/email/state.js'
import { socialLoginAvailable, startSocialLogin } from '../../../stores/social/loader.js'
import { $socialLogin } from '../../../stores/social/state.js'
import type { SocialProvider } from '../../../config/constants.js'
import { resetStyles } from '../../../theme/tokens.js'
import { whenIdle } from '../../../utils/idle.js'
import { listStyles } from '../../shared/list-styles.js'
import { defineElement } from '../../shared/define.js'
import { onIntent } from '../../shared/prefetch-view.js'
import { RovingListController, type RovingItem } from '../../shared/roving-list.js'
import { StoreController } from '../../shared/store-controller.js'
import '../../ui/wui-list-item.js'
import '../../ui/wui-wallet-image.js'
import { connectEmailForm, connectEmailStyles } from './connect-email.js'
import { LEGAL_HINT_ID, legalLine } from './connect-legal.js'
import { socialSection } from './connect-socials.js'
import { allWalletsRow, connectorRow, previewWallets } from './connect-wallets.js'
import { connectViewStyles } from './w3m-connect-view.styles.js'

type ConnectMethod = 'email' | 'social' | 'wallet'

/** Loads the connection code ahead of a choice; a failure is left to the choice to report. */
function prefetchConnection(): void {
  loadConnection().catch(() => undefined)
}

/**
 * The Connect view: the connect methods in the configured order (default email, social, wallet).
 * The e-mail section (with `features.email` and a `frameUrl`) is a field with an envelope and a
 * submit arrow that sends a login code and opens the code's view. The social section (with a
 * `frameUrl`, providers of `features.socials`) shows the first provider as a wide button with its
 * mark, the next ones as square buttons named "Continue with X", and the rest behind "more". The
 * wallet section lists the wallets the adapters discovered (tagged Installed, Recent or QR), in the
 * spec's connector order, above All Wallets (a 2 x 2 preview of the catalog and its count).
 * With `features.legalCheckbox` a legal line under the list must be ticked before anything connects.
 * @tagname w3m-connect-view
 * @csspart method - One connect method's section.
 * @csspart connector - One discovered wallet's row.
 */
export class W3mConnectView extends LitElement {
  static override styles = [resetStyles, listStyles, connectViewStyles, connectEmailStyles]

  private readonly options = new StoreController(this, $options)
  private readonly connectors = new StoreController(this, $connectors)
  private readonly emailLogin = new StoreController(this, $emailLogin)
  private readonly socialLogin = new StoreController(this, $socialLogin)
  private readonly legalConsent = new StoreController(this, $legalConsent)
  private readonly wallets = new StoreController(this, $wallets)
  private readonly catalog = new StoreController(this, $allWallets)
  protected readonly locale = new StoreController(this, $locale)
  protected readonly rows = new RovingListController(this, () => [
    ...this.renderRoot.querySelectorAll<RovingItem>('[data-testid="connector-list"] wui-list-item')
  ])

  /** The list of the providers behind "more" is open. */
  @state() private moreOpen = false

  constructor() {
    super()
    // The connection code arrives before the visitor picks a wallet: on intent, or when idle.
    onIntent(this, prefetchConnection)
  }

  override connectedCallback(): void {
    super.connectedCallback()
    void loadConnectors()
    whenIdle(prefetchConnection)
    // All Wallets shows a preview of the catalog and its count: its first lists load when idle.
    whenIdle(() => {
      if (this.features().allWallets) void loadWallets()
    })
  }

  private features(): Features {
    return this.options.value?.features ?? DEFAULT_FEATURES
  }

  /** `features.legalCheckbox` is on and its box is not ticked: nothing may connect yet. */
  private blocked(): boolean {
    return this.features().legalCheckbox && !this.legalConsent.value
  }

  override render() {
    const features = this.features()
    const options = this.options.value
    return html`${features.connectMethodsOrder.map(method => this.renderMethod(method, features))}
    ${
      features.legalCheckbox
        ? legalLine({
            agreed: this.legalConsent.value,
            termsUrl: options?.termsConditionsUrl,
            privacyUrl: options?.privacyPolicyUrl,
            onChange: setLegalConsent
          })
        : nothing
    }`
  }

  private renderMethod(method: ConnectMethod, features: Features) {
    switch (method) {
      case 'email':
        return emailLoginAvailable()
          ? html`<section part="method" data-testid="connect-method-email">
              ${connectEmailForm({
                state: this.emailLogin.value,
                blocked: this.blocked(),
                blockedHintId: LEGAL_HINT_ID,
                onSubmit: email => void sendEmail(email)
              })}
            </section>`
          : nothing
      case 'social':
        // Without a frame there is no social login: nothing is offered (as for e-mail).
        return features.socials && features.socials.length > 0 && socialLoginAvailable()
          ? socialSection({
              socials: features.socials,
              state: this.socialLogin.value,
              blocked: this.blocked(),
              moreOpen: this.moreOpen,
              onChoose: provider => this.chooseSocial(provider),
              onToggleMore: () => void this.toggleMore(!this.moreOpen),
              onMoreKeydown: event => this.onMoreKeydown(event)
            })
          : nothing
      case 'wallet':
        return html`<section part="method" data-testid="connect-method-wallet">
          <h3 id="wallets-heading">${msg('Wallets', { id: 'connect.wallets' })}</h3>
          ${this.renderConnectors()} ${features.allWallets ? this.renderAllWallets() : nothing}
        </section>`
    }
  }

  private chooseSocial(provider: SocialProvider): void {
    if (this.blocked()) return
    if (provider === 'farcaster') pushView('ConnectingFarcaster')
    else startSocialLogin(provider)
  }

  /** Opens (focus moves to its first provider) or closes (focus back on "more") the list behind "more". */
  private async toggleMore(open: boolean): Promise<void> {
    this.moreOpen = open
    await this.updateComplete
    const target = open
      ? this.renderRoot.querySelector<HTMLElement>('[data-testid="social-more-list"] wui-list-item')
      : this.renderRoot.querySelector<HTMLElement>('[data-testid="social-more"]')
    target?.focus()
  }

  /** Escape inside the list closes it (and not the modal: the event's default is taken). */
  private onMoreKeydown(event: KeyboardEvent): void {
    if (event.key !== 'Escape' || event.isComposing) return
    event.preventDefault()
    void this.toggleMore(false)
  }

  private renderConnectors() {
    const connectors = this.connectors.value.connectors
    if (connectors.length === 0) return nothing
    const blocked = this.blocked()
    return html`<ul aria-labelledby="wallets-heading" data-testid="connector-list">
      ${connectors.map(
        connector =>
          html`<li>
            ${connectorRow(connector, blocked, () => {
              if (!this.blocked()) void selectConnector(connector.id, connector.namespace)
            })}
          </li>`
      )}
    </ul>`
  }

  private renderAllWallets() {
    return allWalletsRow({
      preview: previewWallets(this.catalog.value, this.connectors.value.connectors),
      count: this.wallets.value.count,
      locale: this.locale.value.locale,
      blocked: this.blocked(),
      onOpen: () => {
        if (!this.blocked()) pushView('AllWallets')
      }
    })
  }
}

defineElement('w3m-connect-view', W3mConnectView)

declare global {
  interface HTMLElementTagNameMap {
    'w3m-connect-view': W3mConnectView
  }
}
