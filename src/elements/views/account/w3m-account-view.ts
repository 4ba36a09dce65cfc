import { LitElement, css, html, nothing } from 'lit'
import { SOCIAL_NAMES } from '../../../config/social-names.js'
import type { SocialProvider } from '../../../config/constants.js'
import { msg, str } from '../../../i18n/msg.js'
import { $account, type AccountState } from '../../../stores/account.js'
import { copyAddress } from '../../../stores/account/account-details.js'
import { canBuy, canSend, canSwap, disconnect } from '../../../stores/connect/connection.js'
import { $locale } from '../../../stores/locale.js'
import { $network } from '../../../stores/network.js'
import { $options } from '../../../stores/options.js'
import { $tokenBalances, portfolioValue } from '../../../stores/account/token-balances.js'
import { refreshBalancesOnShow } from '../../../stores/account/balances.js'
import { formatCurrency } from '../../../utils/intl-format.js'
import { pushView } from '../../../stores/router.js'
import { openEmailUpdate } from '../../../stores/email/state.js'
import { DEFAULT_FEATURES, type Features } from '../../../config/options.js'
import type { ViewName } from '../../../config/views.js'
import { resetStyles } from '../../../theme/tokens.js'
import { formatAmount, truncateAddress } from '../../../utils/format.js'
import { defineElement } from '../../shared/define.js'
import { StoreController } from '../../shared/store-controller.js'
import { connectionViewStyles } from '../connection-view.styles.js'
import './w3m-account-tabs.js'
import './w3m-account-type.js'

/** A stable hue (0-7) for an address, so the same account always gets the same avatar colour. */
function hueOf(address: string): number {
  let hash = 0
  for (const char of address.toLowerCase()) hash = (hash * 31 + char.charCodeAt(0)) >>> 0
  return hash % 8
}

/** Two characters for the avatar: the name's first letter, else the address's first two hex digits. */
function avatarText(account: AccountState): string {
  if (account.profileName) return account.profileName.charAt(0).toUpperCase()
  return (account.address ?? '').replace(/^0x/, '').slice(0, 2).toUpperCase()
}

/** The balance, left to right even in Arabic; else why there is none, in the active locale. */
/**
 * The way in after the network's name: the wallet's name, or for the embedded wallet the login
 * used (docs/behaviour.md section 3: socialProvider): "Google", "GitHub", "Farcaster", "E-mail".
 */
function wayInText(account: AccountState): string {
  const provider = account.socialProvider as SocialProvider | undefined
  const way = provider
    ? (SOCIAL_NAMES[provider] ?? provider)
    : account.user?.email
      ? msg('E-mail', { id: 'account.wayInEmail' })
      : account.connectedWalletInfo?.name
  return way ? ` · ${way}` : ''
}

function balanceText(account: AccountState, locale: string) {
  if (account.balance !== undefined)
    return html`<bdi dir="ltr"
      >${`${formatAmount(account.balance, locale)} ${account.balanceSymbol ?? ''}`.trim()}</bdi
    >`
  return account.balanceLoading
    ? msg('Loading balance…', { id: 'account.balanceLoading' })
    : msg('Balance unavailable', { id: 'account.balanceUnavailable' })
}

type WalletFeature = Features['walletFeaturesOrder'][number]

/**
 * The wallet features whose view exists, with the view they open, their label and whether the
 * connection allows them (Swap only on a swap network).
 */
const WALLET_FEATURE_VIEWS: Partial<
  Record<WalletFeature, { view: ViewName; label: () => string; available?: () => boolean }>
> = {
  onramp: { view: 'OnRampProviders', label: () => msg('Buy', { id: 'account.buy' }), available: canBuy },
  swaps: { view: 'Swap', label: () => msg('Swap', { id: 'account.swap' }), available: canSwap },
  receive: { view: 'WalletReceive', label: () => msg('Receive', { id: 'account.receive' }) },
  send: { view: 'WalletSend', label: () => msg('Send', { id: 'account.send' }), available: canSend }
}

/** The feature buttons to show, in `walletFeaturesOrder`: each feature on, with a view to open. */
function walletFeatureButtons(features: Features) {
  return features.walletFeaturesOrder.flatMap(feature => {
    const entry = WALLET_FEATURE_VIEWS[feature]
    return entry && features[feature] && (entry.available?.() ?? true) ? [{ feature, ...entry }] : []
  })
}

/**
 * The Account view: the avatar, the name or truncated address with a copy button (on EVM without
 * a name, "Choose a name", which opens RegisterAccountName), the native
 * balance truncated to 3 decimals, the network and wallet, the wallet feature buttons whose views
 * exist (Buy, Swap on a swap network, Receive, and Send where the connection can send) in `features.walletFeaturesOrder`, the Tokens, NFTs and Activity tabs, and Disconnect.
 * When it shows, balances read more than 5 s before are read again.
 * @tagname w3m-account-view
 * @csspart avatar - The avatar.
 * @csspart balance - The balance line.
 * @csspart features - The wallet feature buttons (Buy, Swap, Receive, Send).
 */
export class W3mAccountView extends LitElement {
  static override styles = [
    resetStyles,
    connectionViewStyles,
    css`
      .avatar {
        display: grid;
        place-items: center;
        width: 72px;
        height: 72px;
        border-radius: 50%;
        overflow: hidden;
        font-weight: 700;
        font-size: 24px;
        color: #ffffff;
        background: var(--hue);
      }
      .avatar img {
        width: 100%;
        height: 100%;
        object-fit: cover;
      }
      .name {
        display: inline-flex;
        align-items: center;
        gap: var(--w3m-spacing-s);
      }
      .features {
        display: flex;
        flex-wrap: wrap;
        justify-content: center;
        gap: var(--w3m-spacing-s);
        width: 100%;
      }
      .features .action {
        flex: 1 1 0;
      }
      .choose-name {
        padding: 2px var(--w3m-spacing-m);
        border: 1px solid var(--w3m-color-border);
        border-radius: var(--w3m-radius-full);
        background: transparent;
        font-size: var(--w3m-text-small);
        font-weight: 600;
      }
      .copy {
        padding: 2px var(--w3m-spacing-s);
        border: 1px solid var(--w3m-color-border);
        border-radius: var(--w3m-radius-s);
        background: transparent;
        font-size: var(--w3m-text-small);
      }
      [data-hue='0'] {
        --hue: #3b6cf6;
      }
      [data-hue='1'] {
        --hue: #1d7a45;
      }
      [data-hue='2'] {
        --hue: #b4410c;
      }
      [data-hue='3'] {
        --hue: #7e22ce;
      }
      [data-hue='4'] {
        --hue: #0e6d88;
      }
      [data-hue='5'] {
        --hue: #be123c;
      }
      [data-hue='6'] {
        --hue: #8a5206;
      }
      [data-hue='7'] {
        --hue: #4d6b0f;
      }
    `
  ]

  private readonly account = new StoreController(this, $account)
  private readonly network = new StoreController(this, $network)
  private readonly locale = new StoreController(this, $locale)
  private readonly options = new StoreController(this, $options)
  private readonly tokens = new StoreController(this, $tokenBalances)

  override connectedCallback(): void {
    super.connectedCallback()
    // Shown (the modal opened on Account, or the visitor came back to it): balances older than a
    // few seconds are read again, so funds that arrived since show.
    void refreshBalancesOnShow()
  }

  override render() {
    const account = this.account.value
    const { address, profileName, profileImage } = account
    const { locale } = this.locale.value
    if (!address)
      return html`<p class="muted" data-testid="account-disconnected">
        ${msg('No wallet connected', { id: 'account.disconnected' })}
      </p>`
    const network = this.network.value.activeNetwork
    return html`<div class="avatar" part="avatar" data-hue=${hueOf(address)} aria-hidden="true">
        ${profileImage ? html`<img src=${profileImage} alt="" />` : avatarText(account)}
      </div>
      <p class="title name">
        <bdi data-testid="account-name" title=${address} dir=${profileName ? 'auto' : 'ltr'}
          >${profileName ?? truncateAddress(address)}</bdi
        >
        <button
          type="button"
          class="copy"
          data-testid="copy-address-button"
          aria-label=${msg('Copy address', { id: 'account.copyAddress' })}
          @click=${() => void copyAddress()}
        >
          ${msg('Copy', { id: 'account.copy' })}
        </button>
      </p>
      ${
        profileName
          ? html`<p class="muted" data-testid="account-short-address">
              <bdi dir="ltr">${truncateAddress(address)}</bdi>
            </p>`
          : nothing
      }
      ${
        !profileName && account.namespace === 'eip155'
          ? html`<button
              type="button"
              class="choose-name"
              data-testid="account-choose-name"
              @click=${() => pushView('RegisterAccountName')}
            >
              ${msg('Choose a name', { id: 'account.chooseName' })}
            </button>`
          : nothing
      }
      <p part="balance" data-testid="account-balance">${balanceText(account, locale)}</p>
      ${this.renderPortfolio(locale)}
      <p class="muted" data-testid="account-network">
        ${network?.name ?? msg('Unknown network', { id: 'account.unknownNetwork' })}${wayInText(account)}
      </p>
      ${
        account.user?.email
          ? html`<p class="muted email" data-testid="account-email">
              <bdi dir="ltr">${account.user.email}</bdi>
              <button
                type="button"
                class="choose-name"
                data-testid="account-update-email"
                @click=${() => openEmailUpdate(account.user?.email ?? '')}
              >
                ${msg('Update e-mail', { id: 'account.updateEmail' })}
              </button>
            </p>`
          : nothing
      }
      ${
        account.socialProvider && account.user?.username
          ? html`<p class="muted email" data-testid="account-social">
              ${msg(
                str`Signed in with ${SOCIAL_NAMES[account.socialProvider as SocialProvider] ?? account.socialProvider} as ${account.user.username}`,
                { id: 'account.socialLogin' }
              )}
            </p>`
          : nothing
      }
      <w3m-account-type></w3m-account-type>
      ${this.renderFeatureButtons()}
      <w3m-account-tabs></w3m-account-tabs>
      <div class="actions">
        <button type="button" class="action" data-testid="disconnect-button" @click=${() => void disconnect()}>
          ${msg('Disconnect', { id: 'account.disconnect' })}
        </button>
      </div>`
  }

  /** The total USD value of the Tokens list, once it is there. */
  private renderPortfolio(locale: string) {
    const total = portfolioValue(this.tokens.value)
    if (total === undefined) return nothing
    return html`<p class="muted" data-testid="account-portfolio">
      <span>${msg('Total value', { id: 'account.portfolio' })}</span>
      <bdi dir="ltr" data-testid="account-portfolio-value">${formatCurrency(total, 'USD', locale)}</bdi>
    </p>`
  }

  private renderFeatureButtons() {
    const buttons = walletFeatureButtons(this.options.value?.features ?? DEFAULT_FEATURES)
    if (buttons.length === 0) return nothing
    return html`<div class="features" part="features" data-testid="wallet-features">
      ${buttons.map(
        button =>
          html`<button
            type="button"
            class="action"
            data-testid=${`wallet-feature-${button.feature}`}
            @click=${() => pushView(button.view)}
          >
            ${button.label()}
          </button>`
      )}
    </div>`
  }
}

defineElement('w3m-account-view', W3mAccountView)

declare global {
  interface HTMLElementTagNameMap {
    'w3m-account-view': W3mAccountView
  }
}
