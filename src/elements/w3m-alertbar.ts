import { LitElement, css, html, nothing } from 'lit'
import { msg, str } from '../i18n/msg.js'
import { $alert, dismissAlert, type AlertId } from '../stores/alert.js'
import { $locale } from '../stores/locale.js'
import { resetStyles, themeTokens } from '../theme/tokens.js'
import { defineElement } from './shared/define.js'
import { StoreController } from './shared/store-controller.js'
import { ThemeController } from './shared/theme-controller.js'

/** Each alert's title (the spec's text) and what the app's developer can do, with its subject. */
function alertText(id: AlertId, subject: string): { title: string; advice: string } {
  switch (id) {
    case 'network-not-found':
      return {
        title: msg('Network Not Found', { id: 'error.networkNotFound' }),
        advice: msg(str`The network ${subject} is not one of this app’s networks. Add it to the networks option.`, {
          id: 'alert.networkNotFound'
        })
      }
    case 'invalid-app-configuration':
      return {
        title: msg('Invalid App Configuration', { id: 'alert.invalidAppConfigurationTitle' }),
        advice: msg(str`${subject} is not on the project’s list of allowed origins. Add it to the project’s origins.`, {
          id: 'alert.invalidAppConfiguration'
        })
      }
    case 'embedded-wallet-load-failed':
      return {
        title: msg('Network Error - Could not load embedded wallet', { id: 'alert.embeddedWalletLoadTitle' }),
        advice: msg('The embedded wallet did not load. Check the connection and try again.', {
          id: 'alert.embeddedWalletLoad'
        })
      }
    case 'embedded-wallet-timeout':
      return {
        title: msg('Embedded Wallet Request Timed Out', { id: 'alert.embeddedWalletTimeoutTitle' }),
        advice: msg('The embedded wallet did not answer in time. Try again.', { id: 'alert.embeddedWalletTimeout' })
      }
    case 'session-expired':
      return {
        title: msg('Session Expired', { id: 'alert.sessionExpiredTitle' }),
        advice: msg('Your session has ended. Connect again to continue.', { id: 'alert.sessionExpired' })
      }
    case 'invalid-project-id':
      return {
        title: msg('Invalid Project ID', { id: 'alert.invalidProjectIdTitle' }),
        advice: msg(str`The backend does not know the project id ${subject}. Check the projectId option.`, {
          id: 'alert.invalidProjectId'
        })
      }
    case 'project-id-not-configured':
      return {
        title: msg('Project ID Not Configured', { id: 'alert.projectIdNotConfiguredTitle' }),
        advice: msg('createAppKit was given no projectId. Set it to the project’s id.', {
          id: 'alert.projectIdNotConfigured'
        })
      }
  }
}

/**
 * The alert bar at the top of the modal (docs/behaviour.md section 8): one alert at a time, the newest
 * replacing the one shown, each saying what happened and what the app's developer can do; the
 * visitor may dismiss it. The region (role=alert) stays in the page, so a new alert is announced.
 * @tagname w3m-alertbar
 * @csspart alert - The visible alert.
 */
export class W3mAlertbar extends LitElement {
  static override styles = [
    themeTokens,
    resetStyles,
    css`
      :host {
        display: block;
      }
      .alert {
        display: flex;
        align-items: flex-start;
        gap: var(--w3m-spacing-s);
        margin: var(--w3m-spacing-m) var(--w3m-spacing-m) 0;
        padding: var(--w3m-spacing-s) var(--w3m-spacing-m);
        border: 1px solid var(--w3m-color-border);
        border-inline-start: 4px solid var(--w3m-color-error);
        border-radius: var(--w3m-radius-s);
        background: var(--w3m-color-surface);
        color: var(--w3m-color-fg);
      }
      .text {
        flex: 1;
        min-width: 0;
        overflow-wrap: anywhere;
      }
      .title {
        margin: 0;
        font-weight: var(--w3m-weight-bold);
      }
      .advice {
        margin: var(--w3m-spacing-3xs) 0 0;
        font-size: var(--w3m-text-small);
      }
      button {
        flex: none;
        width: var(--w3m-icon-size-xl);
        height: var(--w3m-icon-size-xl);
        border: none;
        border-radius: var(--w3m-radius-full);
        background: transparent;
        color: inherit;
        display: grid;
        place-items: center;
      }
      button:hover {
        background: var(--w3m-color-surface-hover);
      }
      svg {
        width: 14px;
        height: 14px;
        stroke: currentColor;
        stroke-width: 2;
        fill: none;
        stroke-linecap: round;
      }
    `
  ]

  private readonly alert = new StoreController(this, $alert)
  private readonly locale = new StoreController(this, $locale)

  constructor() {
    super()
    // The theme's tokens on the bar itself: it draws right in light and dark outside the modal too.
    new ThemeController(this)
  }

  override render() {
    const { id, subject } = this.alert.value
    const { locale, direction } = this.locale.value
    const shown = id ? alertText(id, subject) : undefined
    return html`<div role="alert" data-testid="w3m-alertbar" lang=${locale} dir=${direction}>
      ${
        shown
          ? html`<div class="alert" part="alert" data-alert=${id ?? ''}>
              <div class="text">
                <p class="title" data-testid="w3m-alert-title">${shown.title}</p>
                <p class="advice" data-testid="w3m-alert-advice">${shown.advice}</p>
              </div>
              <button
                type="button"
                data-testid="w3m-alert-dismiss"
                aria-label=${msg('Dismiss', { id: 'alert.dismiss' })}
                @click=${dismissAlert}
              >
                <svg viewBox="0 0 16 16" aria-hidden="true"><path d="M3 3l10 10M13 3L3 13" /></svg>
              </button>
            </div>`
          : nothing
      }
    </div>`
  }
}

defineElement('w3m-alertbar', W3mAlertbar)

declare global {
  interface HTMLElementTagNameMap {
    'w3m-alertbar': W3mAlertbar
  }
}
