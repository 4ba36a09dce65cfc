import { LitElement, css, html, nothing } from 'lit'
import { SOCIAL_NAMES } from '../../../config/social-names.js'
import type { SocialProvider } from '../../../config/constants.js'
import { msg, str } from '../../../i18n/msg.js'
import { $account, type AccountState } from '../../../stores/account.js'
import { copyAddress } from '../../../stores/account/account-details.js'
import { disconnect } from '../../../stores/connect/connection.js'
import { $locale } from '../../../stores/locale.js'
import { $network } from '../../../stores/network.js'
import { $options } from '../../../stores/options.js'
import { $tokenBalances, portfolioValue } from '../../../stores/account/token-balances.js'
import { refreshBalancesOnShow } from '../../../stores/account/balances.js'
import { formatCurrency } from '../../../utils/intl-format.js'
import { pushView } from '../../../stores/router.js'
import { openEmailUpdate } from '../../../stores/email/state.js'
import { resetStyles } from '../../../theme/tokens.js'
import { formatAmount, truncateAddress } from '../../../utils/format.js'
import { defineElement } from '../../shared/define.js'
import { StoreController } from '../../shared/store-controller.js'
import { copyIcon } from '../../ui/icons/copy.js'
import { disconnectIcon } from '../../ui/icons/disconnect.js'
import '../../ui/wui-avatar.js'
import { connectionViewStyles } from '../connection-view.styles.js'
import { accountActionStyles, renderExplorerLink, renderFeatureTiles } from './account-actions.js'
import './w3m-account-tabs.js'
import './w3m-account-type.js'

/** Two characters for the avatar: the name's first letter, else the address's first two hex digits. */
function avatarText(account: AccountState): string {
  if (account.profileName) return account.profileName.charAt(0).toUpperCase()
  return (account.address ?? '').replace(/^0x/, '').slice(0, 2).toUpperCase()
}

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

/** The balance, left to right even in Arabic; else why there is none, in the active locale. */
function balanceText(account: AccountState, locale: string) {
  if (account.balance !== undefined)
    return html`<bdi dir="ltr"
      >${`${formatAmount(account.balance, locale)} ${account.balanceSymbol ?? ''}`.trim()}</bdi
    >`
  return account.balanceLoading
    ? msg('Loading balance…', { id: 'account.balanceLoading' })
    : msg('Balance unavailable', { id: 'account.balanceUnavailable' })
}

/**
 * The Account view: the avatar (a gradient drawn from the address, or the name's image), the name
 * or truncated address with a copy button (on EVM without a name, "Choose a name", which opens
 * RegisterAccountName), the native balance large and truncated to 3 decimals, the network and
 * wallet, the wallet feature tiles whose views exist (Buy, Swap on a swap network, Receive, and Send
 * where the connection can send) in `features.walletFeaturesOrder`, the Tokens, NFTs and Activity
 * tabs, the address on the network's block explorer (when it has one), and Disconnect. The header
 * shows the active network as a chip (w3m-network-chip).
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
    accountActionStyles,
    css`
      wui-avatar {
        --wui-avatar-size: 72px;
      }
      [part='balance'] {
        font-size: var(--w3m-text-large, 24px);
        font-weight: var(--w3m-weight-bold, 600);
      }
      .name {
        display: inline-flex;
        align-items: center;
        gap: var(--w3m-spacing-s);
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
        display: grid;
        place-items: center;
        width: 32px;
        height: 32px;
        padding: 0;
        border: none;
        border-radius: var(--w3m-radius-full);
        background: transparent;
        color: var(--w3m-color-fg-muted);
      }
      .copy:hover {
        background: var(--w3m-color-surface-hover);
      }
      .copy svg {
        width: var(--w3m-icon-size-s, 16px);
        height: var(--w3m-icon-size-s, 16px);
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
    return html`<wui-avatar part="avatar" aria-hidden="true" .address=${address} .src=${profileImage || undefined}
        >${avatarText(account)}</wui-avatar
      >
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
          ${copyIcon()}
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
      ${renderFeatureTiles(this.options.value?.features)}
      <w3m-account-tabs></w3m-account-tabs>
      <div class="actions">
        ${renderExplorerLink(network, address)}
        <button type="button" class="action" data-testid="disconnect-button" @click=${() => void disconnect()}>
          ${disconnectIcon()}<span>${msg('Disconnect', { id: 'account.disconnect' })}</span>
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
}

defineElement('w3m-account-view', W3mAccountView)

declare global {
  interface HTMLElementTagNameMap {
    'w3m-account-view': W3mAccountView
  }
}
