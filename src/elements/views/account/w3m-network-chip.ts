import { LitElement, css, html } from 'lit'
import { msg, str } from '../../../i18n/msg.js'
import { $locale } from '../../../stores/locale.js'
import { $network } from '../../../stores/network.js'
import { pushView } from '../../../stores/router.js'
import { resetStyles } from '../../../theme/tokens.js'
import type { CaipNetwork } from '../../../networks/types.js'
import { isSafeImageUrl } from '../../../utils/safe-image.js'
import { defineElement } from '../../shared/define.js'
import { StoreController } from '../../shared/store-controller.js'
import { chevronDownIcon } from '../../ui/icons/chevron-down.js'
import { networkIcon } from '../../ui/icons/network.js'
import '../../ui/wui-wallet-image.js'

/** The network's own image (its `assets.imageUrl`, https or a data URI), when it has one. */
export function networkImageUrl(network: CaipNetwork | undefined): string | undefined {
  const url = network?.assets?.imageUrl
  return isSafeImageUrl(url) ? url : undefined
}

/**
 * The active network as a chip in the Account view's header: its image (or the letter avatar when
 * it has none or it fails to load; the network icon when no network is active), its name, and a
 * chevron. It opens the Networks view. Its accessible name is "Network: <name>" (the visible name is
 * part of it; the name comes from the content, so the image's letters are not read or matched). The
 * header shows it only in the Account view and loads this module then, so neither the first load
 * nor the other views carry it.
 * @tagname w3m-network-chip
 * @csspart button - The chip.
 */
export class W3mNetworkChip extends LitElement {
  static override shadowRootOptions: ShadowRootInit = { ...LitElement.shadowRootOptions, delegatesFocus: true }

  static override styles = [
    resetStyles,
    css`
      :host {
        display: inline-flex;
        min-width: 0;
      }
      button {
        position: relative;
        display: inline-flex;
        align-items: center;
        gap: var(--w3m-spacing-xs, 6px);
        min-width: 0;
        min-height: 36px;
        padding: var(--w3m-spacing-2xs, 4px) var(--w3m-spacing-s, 8px) var(--w3m-spacing-2xs, 4px)
          var(--w3m-spacing-2xs, 4px);
        border: 1px solid var(--w3m-color-border);
        border-radius: var(--w3m-radius-full);
        background: var(--w3m-color-surface);
        font-size: var(--w3m-text-small);
        font-weight: var(--w3m-weight-bold, 600);
      }
      button:hover {
        background: var(--w3m-color-surface-hover);
      }
      wui-wallet-image,
      .fallback {
        --wui-wallet-image-size: var(--w3m-icon-size-l, 24px);
        width: var(--w3m-icon-size-l, 24px);
        height: var(--w3m-icon-size-l, 24px);
        border-radius: var(--w3m-radius-full);
      }
      .fallback {
        display: grid;
        place-items: center;
        flex: none;
        color: var(--w3m-color-fg-muted);
      }
      .fallback svg {
        width: var(--w3m-icon-size-m, 20px);
        height: var(--w3m-icon-size-m, 20px);
      }
      .label {
        position: absolute;
        width: 1px;
        height: 1px;
        overflow: hidden;
        clip-path: inset(50%);
        white-space: nowrap;
      }
      .name {
        overflow: hidden;
        text-overflow: ellipsis;
        white-space: nowrap;
      }
      .chevron svg {
        display: block;
        width: var(--w3m-icon-size-s, 16px);
        height: var(--w3m-icon-size-s, 16px);
        color: var(--w3m-color-fg-muted);
      }
    `
  ]

  private readonly network = new StoreController(this, $network)
  /** Re-renders the texts when the language changes. */
  protected readonly locale = new StoreController(this, $locale)

  override render() {
    const network = this.network.value.activeNetwork
    const name = network?.name ?? msg('Unknown network', { id: 'account.unknownNetwork' })
    return html`<button
      part="button"
      type="button"
      data-testid="header-network"
      data-network=${network?.caipNetworkId ?? ''}
      @click=${() => pushView('Networks')}
    >
      ${
        network
          ? html`<wui-wallet-image .src=${networkImageUrl(network)} .name=${network.name}></wui-wallet-image>`
          : html`<span class="fallback" data-testid="header-network-fallback">${networkIcon()}</span>`
      }
      <span class="label" data-testid="header-network-label"
        >${msg(str`Network: ${name}`, { id: 'header.network' })}</span
      >
      <span class="name" aria-hidden="true">${name}</span>
      <span class="chevron">${chevronDownIcon()}</span>
    </button>`
  }
}

defineElement('w3m-network-chip', W3mNetworkChip)

declare global {
  interface HTMLElementTagNameMap {
    'w3m-network-chip': W3mNetworkChip
  }
}
