import { LitElement, css, html } from 'lit'
import { msg } from '../../i18n/msg.js'
import { $accountTab, ACCOUNT_TABS, selectAccountTab, type AccountTab } from '../../stores/account-tab.js'
import { resetStyles } from '../../theme/tokens.js'
import { defineElement } from '../shared/define.js'
import { StoreController } from '../shared/store-controller.js'
import './w3m-account-tokens.js'

const TAB_LABELS: Record<AccountTab, () => string> = {
  tokens: () => msg('Tokens', { id: 'tokens.heading' }),
  activity: () => msg('Activity', { id: 'activity.tab' })
}

/** The Activity panel's element is its own chunk: it loads when the tab is first chosen. */
const loadActivity = () => import('./w3m-account-activity.js')

/**
 * The Account view's tabs, Tokens and Activity, as an ARIA tablist: the arrow keys (mirrored right
 * to left), Home and End move between the tabs and choose them; the panel is labelled by its tab.
 * The chosen tab is kept while the page lives.
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
        gap: 4px;
        margin-bottom: var(--w3m-spacing-s);
        padding: 2px;
        border-radius: var(--w3m-radius-s);
        background: var(--w3m-color-surface);
      }
      [role='tab'] {
        flex: 1 1 0;
        padding: 4px var(--w3m-spacing-s);
        border: 1px solid transparent;
        border-radius: var(--w3m-radius-s);
        background: transparent;
        color: var(--w3m-color-fg-muted);
        font-weight: 600;
      }
      [role='tab'][aria-selected='true'] {
        border-color: var(--w3m-color-border);
        background: var(--w3m-color-bg);
        color: var(--w3m-color-fg);
      }
    `
  ]

  private readonly tab = new StoreController(this, $accountTab)

  override connectedCallback(): void {
    super.connectedCallback()
    if (this.tab.value === 'activity') void this.loadPanel('activity')
  }

  override render() {
    const chosen = this.tab.value
    return html`<div
        role="tablist"
        part="tablist"
        aria-label=${msg('Account', { id: 'account.title' })}
        @keydown=${this.onKeyDown}
      >
        ${ACCOUNT_TABS.map(
          tab =>
            html`<button
              type="button"
              role="tab"
              id=${`tab-${tab}`}
              data-testid=${`account-tab-${tab}`}
              aria-selected=${tab === chosen ? 'true' : 'false'}
              aria-controls=${`panel-${tab}`}
              tabindex=${tab === chosen ? 0 : -1}
              @click=${() => void this.choose(tab)}
            >
              ${TAB_LABELS[tab]()}
            </button>`
        )}
      </div>
      <div role="tabpanel" part="panel" id=${`panel-${chosen}`} aria-labelledby=${`tab-${chosen}`}>
        ${
          chosen === 'tokens'
            ? html`<w3m-account-tokens></w3m-account-tokens>`
            : html`<w3m-account-activity></w3m-account-activity>`
        }
      </div>`
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
    if (tab !== 'activity') return
    try {
      await loadActivity()
    } catch (error) {
      console.warn('[appkit] The Activity tab could not load:', error)
    }
  }

  private readonly onKeyDown = (event: KeyboardEvent): void => {
    const index = ACCOUNT_TABS.indexOf(this.tab.value)
    const rtl = getComputedStyle(this).direction === 'rtl'
    const forward = rtl ? 'ArrowLeft' : 'ArrowRight'
    const backward = rtl ? 'ArrowRight' : 'ArrowLeft'
    const last = ACCOUNT_TABS.length - 1
    const target =
      event.key === forward
        ? (index + 1) % ACCOUNT_TABS.length
        : event.key === backward
          ? (index + last) % ACCOUNT_TABS.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : undefined
    if (target === undefined) return
    event.preventDefault()
    const tab = ACCOUNT_TABS[target]
    if (tab) void this.choose(tab, true)
  }
}

defineElement('w3m-account-tabs', W3mAccountTabs)

declare global {
  interface HTMLElementTagNameMap {
    'w3m-account-tabs': W3mAccountTabs
  }
}
