import { LitElement, css, html, nothing } from 'lit'
import { msg } from '../../../i18n/msg.js'
import { $account, type AccountState } from '../../../stores/account.js'
import { switchAccountType } from '../../../stores/account/account-type.js'
import { $network } from '../../../stores/network.js'
import { resetStyles } from '../../../theme/tokens.js'
import { defineElement } from '../../shared/define.js'
import { StoreController } from '../../shared/store-controller.js'

/** Whether the connected wallet offers a smart account on `chainId` (the embedded wallet's list). */
function offersSmartAccount(account: AccountState, chainId: number | string | undefined): boolean {
  return (
    account.namespace === 'eip155' &&
    typeof chainId === 'number' &&
    Boolean(account.smartAccountNetworks?.includes(chainId))
  )
}

/**
 * The Account view's account type (docs/behaviour.md sections 3 and 4): 'Smart account' with Switch to EOA
 * while the embedded wallet's smart account is in use; 'Regular account (EOA)' with Switch to smart
 * account where the wallet has one on the active network; otherwise, where a smart account is
 * preferred but the wallet has none here (any injected wallet), the note that it fell back to EOA.
 * The button keeps the focus while the wallet switches (aria-disabled, not disabled).
 * @tagname w3m-account-type
 */
export class W3mAccountType extends LitElement {
  static override styles = [
    resetStyles,
    css`
      :host {
        display: block;
      }
      p {
        margin: 0;
        color: var(--w3m-color-fg-muted);
        text-align: center;
      }
      button {
        margin-inline-start: var(--w3m-spacing-s);
        padding: var(--w3m-spacing-3xs) var(--w3m-spacing-m);
        border: 1px solid var(--w3m-color-border);
        border-radius: var(--w3m-radius-full);
        background: transparent;
        color: var(--w3m-color-fg);
        font-size: var(--w3m-text-small);
        font-weight: var(--w3m-weight-bold);
      }
      button[aria-disabled='true'] {
        opacity: 0.6;
      }
    `
  ]

  private readonly account = new StoreController(this, $account)
  private readonly network = new StoreController(this, $network)
  private switching = false

  override render() {
    const account = this.account.value
    const chainId = this.network.value.activeNetwork?.id
    const smart = account.preferredAccountType === 'smartAccount'
    if (smart || offersSmartAccount(account, chainId)) {
      return html`<p data-testid="account-type">
        ${smart ? msg('Smart account', { id: 'account.smartAccount' }) : msg('Regular account (EOA)', { id: 'account.eoa' })}
        <button
          type="button"
          data-testid="account-switch-type"
          aria-disabled=${this.switching ? 'true' : 'false'}
          @click=${() => void this.switchType(smart ? 'eoa' : 'smartAccount')}
        >
          ${
            smart
              ? msg('Switch to EOA', { id: 'account.switchToEoa' })
              : msg('Switch to smart account', { id: 'account.switchToSmartAccount' })
          }
        </button>
      </p>`
    }
    const fellBack =
      account.namespace !== undefined &&
      account.preferredAccountTypes?.[account.namespace] === 'smartAccount' &&
      account.preferredAccountType === 'eoa'
    if (!fellBack) return nothing
    return html`<p data-testid="account-type-note">
      ${msg('This wallet has no smart account here: connected with a regular account (EOA).', {
        id: 'account.eoaFallback'
      })}
    </p>`
  }

  /** A second click while the wallet switches waits for the first. */
  private async switchType(type: 'eoa' | 'smartAccount'): Promise<void> {
    if (this.switching) return
    this.switching = true
    this.requestUpdate()
    try {
      await switchAccountType(type)
    } catch (error) {
      console.warn('[appkit] The account type did not change:', error)
    } finally {
      this.switching = false
      this.requestUpdate()
    }
  }
}

defineElement('w3m-account-type', W3mAccountType)

declare global {
  interface HTMLElementTagNameMap {
    'w3m-account-type': W3mAccountType
  }
}
