import { LitElement, css, html, nothing } from 'lit'
import { state } from 'lit/decorators.js'
import { msg, str } from '../../../i18n/msg.js'
import type { Nft } from '../../../api/schemas/nfts.js'
import { $account } from '../../../stores/account.js'
import { $nfts, hiddenNftCount, showNfts, shownNfts, toggleHiddenNfts } from '../../../stores/account/nfts.js'
import { resetStyles } from '../../../theme/tokens.js'
import { truncateAddress } from '../../../utils/format.js'
import { tabPanelStyles } from '../../shared/list-styles.js'
import { defineElement } from '../../shared/define.js'
import { SKELETON_LINE, skeletonStyles } from '../../shared/skeleton-styles.js'
import { StoreController } from '../../shared/store-controller.js'
import '../../ui/wui-wallet-image.js'

/** Skeleton cards while the list loads: two rows of the grid at the modal's width. */
export const NFT_SKELETON_CARDS = 6

const nftKey = (nft: Nft) => `${nft.contract}:${nft.tokenId}`

/**
 * The Account view's NFTs: every NFT the account holds on its network as a grid (image, name,
 * collection); those of spam collections stay hidden behind "Show hidden". Choosing one shows its
 * details (image, name, collection, token id, contract, description) with a way back to the grid.
 * Loading, empty and unavailable states.
 * @tagname w3m-account-nfts
 * @csspart card - One NFT's card in the grid.
 * @csspart details - The chosen NFT's details.
 */
export class W3mAccountNfts extends LitElement {
  static override styles = [
    resetStyles,
    tabPanelStyles,
    skeletonStyles,
    css`
      ul {
        display: grid;
        grid-template-columns: repeat(auto-fill, minmax(96px, 1fr));
        gap: var(--w3m-spacing-s);
        margin: 0;
        padding: 0;
        list-style: none;
      }
      .card {
        display: flex;
        flex-direction: column;
        gap: var(--w3m-spacing-2xs);
        width: 100%;
        padding: var(--w3m-spacing-2xs);
        border: 1px solid var(--w3m-color-border);
        border-radius: var(--w3m-radius-s);
        background: transparent;
        color: inherit;
        text-align: start;
      }
      button.card:hover {
        background: var(--w3m-color-surface-hover);
      }
      .image,
      wui-wallet-image {
        width: 100%;
        aspect-ratio: 1;
        border-radius: var(--w3m-radius-s);
        --wui-wallet-image-size: 100%;
      }
      /* One line each (the details show them whole): every card of the grid, and its skeleton, as tall. */
      .name,
      .collection {
        max-width: 100%;
        overflow: hidden;
        white-space: nowrap;
        text-overflow: ellipsis;
      }
      .name {
        font-weight: var(--w3m-weight-bold);
      }
      .collection {
        color: var(--w3m-color-fg-muted);
        font-size: var(--w3m-text-small);
      }
      .toggle,
      .back {
        margin-top: var(--w3m-spacing-s);
        padding: var(--w3m-spacing-2xs) var(--w3m-spacing-s);
        border: 1px solid var(--w3m-color-border);
        border-radius: var(--w3m-radius-s);
        background: transparent;
        font-size: var(--w3m-text-small);
      }
      .details .image {
        max-width: 200px;
      }
      h3 {
        margin: var(--w3m-spacing-s) 0 var(--w3m-spacing-2xs);
        font-size: var(--w3m-text-body);
      }
      dl {
        display: grid;
        grid-template-columns: auto 1fr;
        gap: var(--w3m-spacing-2xs) var(--w3m-spacing-s);
        margin: 0;
        font-size: var(--w3m-text-small);
      }
      dt {
        color: var(--w3m-color-fg-muted);
      }
      dd {
        margin: 0;
        overflow-wrap: anywhere;
      }
    `
  ]

  private readonly nfts = new StoreController(this, $nfts)
  private readonly account = new StoreController(this, $account)
  /** The NFT whose details show (contract:tokenId), if any. */
  @state() private chosen: string | undefined

  override connectedCallback(): void {
    super.connectedCallback()
    // Shown again after a failure: ask again.
    if (this.nfts.value.status === 'unavailable') void showNfts()
  }

  protected override updated(): void {
    // Shown, or the account or its network changed: the list starts over.
    if (this.account.value.caipAddress !== this.nfts.value.caipAddress) {
      this.chosen = undefined
      void showNfts()
    }
  }

  override render() {
    const { status } = this.nfts.value
    const chosen = this.nfts.value.nfts.find(nft => nftKey(nft) === this.chosen)
    return html`<section
      aria-label=${msg('NFTs', { id: 'nfts.tab' })}
      aria-busy=${status === 'loading' || status === 'idle' ? 'true' : 'false'}
      data-testid="account-nfts"
    >
      ${chosen ? this.renderDetails(chosen) : this.renderGrid()}
    </section>`
  }

  private renderGrid() {
    const state = this.nfts.value
    if (state.status === 'loading' || state.status === 'idle')
      return html`<p class="visually-hidden" data-testid="nfts-loading">
          ${msg('Loading NFTs…', { id: 'nfts.loading' })}
        </p>
        ${this.renderSkeleton()}`
    if (state.status === 'unavailable')
      return html`<p data-testid="nfts-unavailable">
        ${msg('NFTs are unavailable right now.', { id: 'nfts.unavailable' })}
      </p>`
    const shown = shownNfts(state)
    const hidden = hiddenNftCount(state)
    return html`${
      shown.length === 0
        ? html`<p data-testid="nfts-empty">${msg('No NFTs on this network yet.', { id: 'nfts.empty' })}</p>`
        : html`<ul data-testid="nfts-grid">
            ${shown.map(nft => this.renderCard(nft))}
          </ul>`
    }
    ${
      hidden > 0
        ? html`<button
            type="button"
            class="toggle"
            data-testid="nfts-toggle-hidden"
            aria-pressed=${state.showHidden ? 'true' : 'false'}
            @click=${() => toggleHiddenNfts()}
          >
            ${msg(str`Show hidden (${hidden})`, { id: 'nfts.showHidden' })}
          </button>`
        : nothing
    }`
  }

  /** Cards shaped like NFT cards (square image, name, collection), as tall as they are. */
  private renderSkeleton() {
    return html`<ul aria-hidden="true" data-testid="nfts-skeleton">
      ${Array.from(
        { length: NFT_SKELETON_CARDS },
        () =>
          html`<li>
            <div class="card">
              <span class="skeleton image"></span>
              <span class="skeleton line name">${SKELETON_LINE}</span>
              <span class="skeleton line short collection">${SKELETON_LINE}</span>
            </div>
          </li>`
      )}
    </ul>`
  }

  private renderImage(nft: Nft) {
    return nft.image
      ? html`<img class="image" src=${nft.image.url} alt="" loading="lazy" />`
      : html`<wui-wallet-image .name=${nft.collection.symbol || nft.name}></wui-wallet-image>`
  }

  private renderCard(nft: Nft) {
    return html`<li>
      <button
        type="button"
        class="card"
        part="card"
        data-testid="nft-card"
        data-token=${nftKey(nft)}
        @click=${() => void this.open(nft)}
      >
        ${this.renderImage(nft)}
        <span class="name" data-testid="nft-name">${nft.name}</span>
        <span class="collection">${nft.collection.name}</span>
      </button>
    </li>`
  }

  private renderDetails(nft: Nft) {
    return html`<div class="details" part="details" data-testid="nft-details">
      ${this.renderImage(nft)}
      <h3 tabindex="-1" data-testid="nft-details-name">${nft.name}</h3>
      <dl>
        <dt>${msg('Collection', { id: 'nfts.collection' })}</dt>
        <dd data-testid="nft-details-collection">
          ${nft.collection.name}${nft.collection.symbol ? ` (${nft.collection.symbol})` : ''}
        </dd>
        <dt>${msg('Token ID', { id: 'nfts.tokenId' })}</dt>
        <dd><bdi dir="ltr">${nft.tokenId}</bdi></dd>
        <dt>${msg('Contract', { id: 'nfts.contract' })}</dt>
        <dd><bdi dir="ltr" title=${nft.contract}>${truncateAddress(nft.contract)}</bdi></dd>
      </dl>
      ${nft.description ? html`<p data-testid="nft-details-description">${nft.description}</p>` : nothing}
      <button type="button" class="back" data-testid="nft-details-back" @click=${() => void this.close(nft)}>
        ${msg('Back to NFTs', { id: 'nfts.back' })}
      </button>
    </div>`
  }

  /** Shows the NFT's details and moves focus to its name. */
  private async open(nft: Nft): Promise<void> {
    this.chosen = nftKey(nft)
    await this.updateComplete
    this.renderRoot.querySelector<HTMLElement>('[data-testid=nft-details-name]')?.focus()
  }

  /** Back to the grid, focus on the card it came from. */
  private async close(nft: Nft): Promise<void> {
    this.chosen = undefined
    await this.updateComplete
    this.renderRoot.querySelector<HTMLElement>(`[data-token="${CSS.escape(nftKey(nft))}"]`)?.focus()
  }
}

defineElement('w3m-account-nfts', W3mAccountNfts)

declare global {
  interface HTMLElementTagNameMap {
    'w3m-account-nfts': W3mAccountNfts
  }
}
