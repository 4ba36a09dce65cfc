import { html, nothing } from 'lit'
import { msg, str } from '../../../i18n/msg.js'
import type { CatalogWallet } from '../../../stores/connect/wallets.js'
import type { ConnectorSummary } from '../../../stores/connect/connectors.js'
import { qrIcon } from '../../ui/icons/qr.js'
import { walletIcon } from '../../ui/icons/wallet.js'
import { walletConnectLogo } from '../../ui/walletconnect-logo.js'

/** The wallet images in the All Wallets row's mini grid. */
export const ALL_WALLETS_PREVIEW = 4

/**
 * A wallet row's tag: Recent for the wallet used last, Installed for one the browser announced or
 * injected, QR for WalletConnect (it connects by scanning a code).
 */
function tagOf(connector: ConnectorSummary) {
  if (connector.recent) return html`<span slot="end" class="tag">${msg('Recent', { id: 'connect.recent' })}</span>`
  if (connector.type === 'announced' || connector.type === 'injected')
    return html`<span slot="end" class="tag">${msg('Installed', { id: 'connect.installed' })}</span>`
  if (connector.type === 'walletConnect')
    return html`<span slot="end" class="tag">${qrIcon}${msg('QR', { id: 'connect.qr' })}</span>`
  return nothing
}

export function connectorRow(connector: ConnectorSummary, blocked: boolean, onChoose: () => void) {
  return html`<wui-list-item
    part="connector"
    data-testid=${`connector-${connector.id}`}
    ?disabled=${blocked}
    @click=${onChoose}
  >
    <span class="wallet">
      ${
        connector.type === 'walletConnect'
          ? walletConnectLogo
          : html`<wui-wallet-image .src=${connector.imageUrl} .name=${connector.name}></wui-wallet-image>`
      }
      <span>${connector.name}</span>
    </span>
    ${tagOf(connector)}
  </wui-list-item>`
}

/** The first catalog wallets that the list above does not show already (by id or rdns). */
export function previewWallets(
  catalog: readonly CatalogWallet[],
  shown: readonly ConnectorSummary[]
): readonly CatalogWallet[] {
  const listed = (wallet: CatalogWallet) =>
    shown.some(c => c.id === wallet.id || (wallet.rdns !== undefined && c.rdns === wallet.rdns))
  return catalog.filter(wallet => !listed(wallet)).slice(0, ALL_WALLETS_PREVIEW)
}

function countText(count: number, locale: string) {
  const shown = new Intl.NumberFormat(locale).format(count)
  const spoken =
    count === 1
      ? msg('1 wallet', { id: 'connect.allWalletsCountOne' })
      : msg(str`${shown} wallets`, { id: 'connect.allWalletsCount' })
  return html`<span slot="end" class="tag" data-testid="all-wallets-count"
    ><span aria-hidden="true">${shown}</span><span class="visually-hidden">${spoken}</span></span
  >`
}

export interface AllWalletsRowOptions {
  readonly preview: readonly CatalogWallet[]
  /** The catalog's count; 0 while it is not known. */
  readonly count: number
  readonly locale: string
  readonly blocked: boolean
  readonly onOpen: () => void
}

/** "All Wallets" with a 2 x 2 grid of the next catalog wallets' images and the catalog's count. */
export function allWalletsRow(options: AllWalletsRowOptions) {
  return html`<wui-list-item data-testid="all-wallets-button" ?disabled=${options.blocked} @click=${options.onOpen}>
    <span class="wallet">
      ${
        options.preview.length > 0
          ? html`<span class="mini-grid" data-testid="all-wallets-grid" aria-hidden="true">
              ${options.preview.map(
                wallet => html`<wui-wallet-image .src=${wallet.imageUrl} .name=${wallet.name}></wui-wallet-image>`
              )}
            </span>`
          : html`<span class="all-icon">${walletIcon}</span>`
      }
      <span>${msg('All Wallets', { id: 'connect.allWallets' })}</span>
    </span>
    ${options.count > 0 ? countText(options.count, options.locale) : nothing}
  </wui-list-item>`
}
