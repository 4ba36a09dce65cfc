import { css, html, nothing, type TemplateResult } from 'lit'
import { msg, str } from '../../../i18n/msg.js'
import { DEFAULT_FEATURES, type Features } from '../../../config/options.js'
import type { ViewName } from '../../../config/views.js'
import type { CaipNetwork } from '../../../networks/types.js'
import { canBuy, canSend, canSwap } from '../../../stores/connect/connection.js'
import { pushView } from '../../../stores/router.js'
import { isSafeUrl } from '../../../utils/safe-url.js'
import { buyIcon } from '../../ui/icons/buy.js'
import { explorerIcon } from '../../ui/icons/explorer.js'
import { receiveIcon } from '../../ui/icons/receive.js'
import { sendIcon } from '../../ui/icons/send.js'
import { swapIcon } from '../../ui/icons/swap.js'

type WalletFeature = Features['walletFeaturesOrder'][number]

/**
 * The wallet features whose view exists, with the view they open, their label, their icon and
 * whether the connection allows them (Swap only on a swap network).
 */
const WALLET_FEATURE_VIEWS: Partial<
  Record<WalletFeature, { view: ViewName; label: () => string; icon: () => TemplateResult; available?: () => boolean }>
> = {
  onramp: { view: 'OnRampProviders', label: () => msg('Buy', { id: 'account.buy' }), icon: buyIcon, available: canBuy },
  swaps: { view: 'Swap', label: () => msg('Swap', { id: 'account.swap' }), icon: swapIcon, available: canSwap },
  receive: { view: 'WalletReceive', label: () => msg('Receive', { id: 'account.receive' }), icon: receiveIcon },
  send: { view: 'WalletSend', label: () => msg('Send', { id: 'account.send' }), icon: sendIcon, available: canSend }
}

/**
 * The feature tiles to show, in `walletFeaturesOrder` (by default the spec's Buy, Swap, Receive,
 * Send): each feature on, with a view to open.
 */
function walletFeatureTiles(features: Features) {
  return features.walletFeaturesOrder.flatMap(feature => {
    const entry = WALLET_FEATURE_VIEWS[feature]
    return entry && features[feature] && (entry.available?.() ?? true) ? [{ feature, ...entry }] : []
  })
}

/** The feature tiles: an icon over the label, each a button that opens the feature's view. */
export function renderFeatureTiles(features: Features | undefined) {
  const tiles = walletFeatureTiles(features ?? DEFAULT_FEATURES)
  if (tiles.length === 0) return nothing
  return html`<div class="features" part="features" data-testid="wallet-features">
    ${tiles.map(
      tile =>
        html`<button
          type="button"
          class="tile"
          data-testid=${`wallet-feature-${tile.feature}`}
          @click=${() => pushView(tile.view)}
        >
          ${tile.icon()}<span>${tile.label()}</span>
        </button>`
    )}
  </div>`
}

/** The address's page on the network's block explorer (https only), when the network has one. */
export function accountExplorerUrl(network: CaipNetwork | undefined, address: string): string | undefined {
  const explorer = network?.blockExplorers?.default
  if (!explorer || !isSafeUrl(explorer.url)) return undefined
  // Solana explorers (Solscan, the Solana Explorer) show an address under /account/.
  const path = network.chainNamespace === 'solana' ? 'account' : 'address'
  return `${explorer.url.replace(/\/$/, '')}/${path}/${encodeURIComponent(address)}`
}

/** "View on Etherscan", in a new tab, when the network has an explorer. */
export function renderExplorerLink(network: CaipNetwork | undefined, address: string) {
  const url = accountExplorerUrl(network, address)
  if (!url || !network?.blockExplorers) return nothing
  return html`<a
    class="action explorer"
    href=${url}
    target="_blank"
    rel="noopener noreferrer"
    data-testid="account-explorer"
    >${explorerIcon()}<span
      >${msg(str`View on ${network.blockExplorers.default.name}`, { id: 'account.explorer' })}</span
    ></a
  >`
}

/** The tiles' and the explorer link's look. */
export const accountActionStyles = css`
  .features {
    display: grid;
    grid-auto-columns: minmax(0, 1fr);
    grid-auto-flow: column;
    gap: var(--w3m-spacing-s, 8px);
    width: 100%;
  }
  .tile {
    display: flex;
    flex-direction: column;
    align-items: center;
    justify-content: center;
    gap: var(--w3m-spacing-2xs, 4px);
    min-height: 64px;
    padding: var(--w3m-spacing-s, 8px) var(--w3m-spacing-2xs, 4px);
    border: none;
    border-radius: var(--w3m-radius-m);
    background: var(--w3m-color-surface);
    font-size: var(--w3m-text-small);
    font-weight: var(--w3m-weight-medium, 500);
  }
  .tile:hover {
    background: var(--w3m-color-surface-hover);
  }
  .tile svg {
    width: var(--w3m-icon-size-m, 20px);
    height: var(--w3m-icon-size-m, 20px);
  }
  .actions .action {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    gap: var(--w3m-spacing-s, 8px);
    text-decoration: none;
    color: inherit;
  }
  .actions .action svg {
    width: var(--w3m-icon-size-s, 16px);
    height: var(--w3m-icon-size-s, 16px);
  }
`
