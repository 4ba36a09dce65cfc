import { LitElement, css, html, nothing } from 'lit'
import { msg } from '../../../i18n/msg.js'
import { $accountTab, ACCOUNT_TABS, selectAccountTab, type AccountTab } from '../../../stores/account/account-tab.js'
import { $options } from '../../../stores/options.js'
import { resetStyles } from '../../../theme/tokens.js'
import { defineElement } from '../../shared/define.js'
import { StoreController } from '../../shared/store-controller.js'
import './w3m-account-tokens.js'

const TAB_LABELS: Record<AccountTab, () => string> = {
  tokens: () => msg('Tokens', { id: 'tokens.heading' }),
  nfts: () => msg('NFTs', { id: 'nfts.tab' }),
  activity: () => msg('Activity', { id: 'activity.tab' })
}

/** The NFTs and Activity panels are chunks of their own: each loads when its tab is first chosen. */
const PANEL_LOADERS: Partial<Record<AccountTab, () => Promise<unknown>>> = {
  nfts: () => import('./w3m-account-nfts.js'),
  activity: () => import('./w3m-account-activity.js')
}

/**
 * The Account view's tabs, Tokens, NFTs and Activity, as an ARIA tablist: the arrow keys (mirrored right
 * to left), Home and End move between the tabs and choose them; the panel is labelled by its tab.
 * The chosen tab is kept while the page lives; Activity shows only when `features.history` is on.
 * @tagname w3m-account-tabs
 * @csspart tablist - The row of tabs.
 * @csspart panel - The chosen tab's panel.
 */
export class W3mAccountTabs extends LitElement {
  static override styles = [
    resetStyles,
    css`
      :host {
        display: block;
        width: 100%;
      }
      [role='tablist'] {
        display: flex;
        gap: var(--w3m-spacing-2xs);
        margin-bottom: var(--w3m-spacing-s);
        padding: var(--w3m-spacing-3xs);
        border-radius: var(--w3m-radius-s);
        background: var(--w3m-color-surface);
      }
      [role='tab'] {
        flex: 1 1 0;
        padding: var(--w3m-spacing-2xs) var(--w3m-spacing-s);
        border: 1px solid transparent;
        border-radius: var(--w3m-radius-s);
        background: transparent;
        color: var(--w3m-color-fg-muted);
        font-weight: var(--w3m-weight-bold);
      }
      [role='tab'][aria-selected='true'] {
        border-color: var(--w3m-color-border);
        background: var(--w3m-color-bg);
        color: var(--w3m-color-fg);
      }
    `
  ]

  private readonly tab = new StoreController(this, $accountTab)
  private readonly options = new StoreController(this, $options)

  /** The tabs to show: Activity only when the app's `features.history` is on. */
  private get tabs(): readonly AccountTab[] {
    const history = this.options.value?.features.history ?? true
    return ACCOUNT_TABS.filter(tab => tab !== 'activity' || history)
  }

  /** The chosen tab, or Tokens when the chosen one is not shown. */
  private get chosen(): AccountTab {
    return this.tabs.includes(this.tab.value) ? this.tab.value : 'tokens'
  }

  override connectedCallback(): void {
    super.connectedCallback()
    void this.loadPanel(this.chosen)
  }

  override render() {
    const chosen = this.chosen
    return html`<div
        role="tablist"
        part="tablist"
        aria-label=${msg('Account', { id: 'account.title' })}
        @keydown=${this.onKeyDown}
      >
        ${this.tabs.map(
          tab =>
            html`<button
              type="button"
              role="tab"
              id=${`tab-${tab}`}
              data-testid=${`account-tab-${tab}`}
              aria-selected=${tab === chosen ? 'true' : 'false'}
              aria-controls=${tab === chosen ? `panel-${tab}` : nothing}
              tabindex=${tab === chosen ? 0 : -1}
              @click=${() => void this.choose(tab)}
            >
              ${TAB_LABELS[tab]()}
            </button>`
        )}
      </div>
      <div role="tabpanel" part="panel" id=${`panel-${chosen}`} aria-labelledby=${`tab-${chosen}`}>
        ${this.renderPanel(chosen)}
      </div>`
  }

  private renderPanel(tab: AccountTab) {
    switch (tab) {
      case 'tokens':
        return html`<w3m-account-tokens></w3m-account-tokens>`
      case 'nfts':
        return html`<w3m-account-nfts></w3m-account-nfts>`
      case 'activity':
        return html`<w3m-account-activity></w3m-account-activity>`
    }
  }

  private async choose(tab: AccountTab, focus = false): Promise<void> {
    selectAccountTab(tab)
    if (focus) {
      await this.updateComplete
      this.renderRoot.querySelector<HTMLElement>(`#tab-${tab}`)?.focus()
    }
    await this.loadPanel(tab)
  }

  private async loadPanel(tab: AccountTab): Promise<void> {
    const load = PANEL_LOADERS[tab]
    if (!load) return
    try {
      await load()
    } catch (error) {
      console.warn(`[appkit] The ${tab} tab could not load:`, error)
    }
  }

  private readonly onKeyDown = (event: KeyboardEvent): void => {
    const tabs = this.tabs
    const index = tabs.indexOf(this.chosen)
    const rtl = getComputedStyle(this).direction === 'rtl'
    const forward = rtl ? 'ArrowLeft' : 'ArrowRight'
    const backward = rtl ? 'ArrowRight' : 'ArrowLeft'
    const last = tabs.length - 1
    const target =
      event.key === forward
        ? (index + 1) % tabs.length
        : event.key === backward
          ? (index + last) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : undefined
    if (target === undefined) return
    event.preventDefault()
    const tab = tabs[target]
    if (tab) void this.choose(tab, true)
  }
}

defineElement('w3m-account-tabs', W3mAccountTabs)

declare global {
  interface HTMLElementTagNameMap {
    'w3m-account-tabs': W3mAccountTabs
  }
}
