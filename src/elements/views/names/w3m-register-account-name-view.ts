import { LitElement, css, html, nothing } from 'lit'
import type { ProfileSuggestion } from '../../../api/schemas/profile.js'
import { msg, str } from '../../../i18n/msg.js'
import { localizeText } from '../../../i18n/store-text.js'
import { $account } from '../../../stores/account.js'
import { $locale } from '../../../stores/locale.js'
import { $names, setNameLabel, type NamesState } from '../../../stores/names/form.js'
import { registerName } from '../../../stores/names/register.js'
import { fullName, NAME_SUFFIX } from '../../../stores/names/rules.js'
import { resetStyles } from '../../../theme/tokens.js'
import { defineElement } from '../../shared/define.js'
import { StoreController } from '../../shared/store-controller.js'
import { connectionViewStyles } from '../connection-view.styles.js'
import { sendFormStyles } from '../send-form.styles.js'

/** The error shown: 'Error registering name {name}' with its name, else the store's text, localized. */
function errorText(state: NamesState): string | undefined {
  if (state.failedName) return msg(str`Error registering name ${state.failedName}`, { id: 'error.nameRegister' })
  return state.error ? localizeText(state.error) : undefined
}

/**
 * The RegisterAccountName view: the visitor types a name (letters, digits and hyphens, at least 4
 * characters; any other character is refused as it is typed, and the rule is said), sees whether
 * it is free and the registry's suggestions near it (asked once typing pauses; the newest typing
 * wins), and registers it, or a free suggestion, by signing a message in the wallet. On success
 * RegisterAccountNameSuccess shows; a failure shows its error here, with everything typed kept.
 * @tagname w3m-register-account-name-view
 * @csspart form - The form.
 * @csspart error - The error of the last registration or lookup.
 * @csspart suggestions - The suggested names.
 */
export class W3mRegisterAccountNameView extends LitElement {
  static override styles = [
    resetStyles,
    connectionViewStyles,
    sendFormStyles,
    css`
      .suffix {
        align-self: center;
        color: var(--w3m-color-fg-muted);
      }
      .status {
        min-height: 1.2em;
        font-size: var(--w3m-text-small);
      }
      .status[data-kind='rule'],
      .status[data-kind='taken'] {
        color: var(--w3m-color-error);
      }
      h3 {
        margin: 0;
        font-size: var(--w3m-text-small);
        font-weight: var(--w3m-weight-bold);
      }
      ul {
        display: flex;
        flex-direction: column;
        gap: var(--w3m-spacing-2xs);
        margin: 0;
        padding: 0;
        list-style: none;
      }
      .suggestion {
        display: flex;
        justify-content: space-between;
        gap: var(--w3m-spacing-s);
        width: 100%;
        min-height: 40px;
        padding: 0 var(--w3m-spacing-m);
        align-items: center;
        border: 1px solid var(--w3m-color-border);
        border-radius: var(--w3m-radius-s);
        background: var(--w3m-color-surface);
        color: inherit;
        font: inherit;
        text-align: start;
      }
      button.suggestion:hover {
        background: var(--w3m-color-surface-hover);
      }
      .suggestion bdi {
        overflow-wrap: anywhere;
      }
    `
  ]

  private readonly names = new StoreController(this, $names)
  private readonly account = new StoreController(this, $account)
  protected readonly locale = new StoreController(this, $locale)

  override render() {
    const state = this.names.value
    if (!this.account.value.address)
      return html`<p class="muted" data-testid="register-name-disconnected">
        ${msg('No wallet connected', { id: 'account.disconnected' })}
      </p>`
    const error = errorText(state)
    return html`<form part="form" novalidate @submit=${this.onSubmit}>
      <div class="field">
        <label for="name">${msg('Name', { id: 'registerName.label' })}</label>
        <p id="name-rules" class="muted" data-testid="register-name-rules">
          ${msg('Letters, digits and hyphens, at least 4 characters.', { id: 'registerName.rules' })}
        </p>
        <div class="row">
          <input
            id="name"
            data-testid="register-name-input"
            autocomplete="off"
            autocapitalize="off"
            spellcheck="false"
            dir="ltr"
            aria-describedby="name-rules name-status"
            aria-invalid=${state.rule ? 'true' : 'false'}
            .value=${state.label}
            @input=${(event: Event) => {
              const input = event.target as HTMLInputElement
              setNameLabel(input.value)
              // A refused character leaves the label as it was: the field shows what was kept.
              if (input.value !== $names.get().label) input.value = $names.get().label
            }}
          />
          <bdi class="suffix" dir="ltr" data-testid="register-name-suffix">${NAME_SUFFIX}</bdi>
        </div>
        <p
          id="name-status"
          class="status"
          data-kind=${state.rule ? 'rule' : state.availability}
          data-testid="register-name-status"
          aria-live="polite"
        >
          ${this.renderStatus(state)}
        </p>
      </div>
      ${error ? html`<p class="error" part="error" role="alert" data-testid="register-name-error">${error}</p>` : nothing}
      ${this.renderSuggestions(state)}
      <p class="muted">
        ${msg('Your wallet asks you to sign a message: registering costs no gas.', { id: 'registerName.sign' })}
      </p>
      <div class="actions">
        <button
          type="submit"
          class="action primary"
          data-testid="register-name-button"
          aria-disabled=${state.loading ? 'true' : 'false'}
          aria-busy=${state.loading ? 'true' : 'false'}
        >
          ${state.loading ? msg('Registering…', { id: 'registerName.registering' }) : msg('Register', { id: 'registerName.register' })}
        </button>
      </div>
    </form>`
  }

  /** The rule a keystroke broke, else whether the typed name is free. */
  private renderStatus(state: NamesState) {
    if (state.rule) return localizeText(state.rule)
    const name = fullName(state.label)
    switch (state.availability) {
      case 'checking':
        return msg('Checking availability…', { id: 'registerName.checking' })
      case 'available':
        return html`<bdi>${msg(str`${name} is available`, { id: 'registerName.available' })}</bdi>`
      case 'taken':
        return html`<bdi>${msg(str`${name} is taken`, { id: 'registerName.taken' })}</bdi>`
      default:
        return nothing
    }
  }

  private renderSuggestions(state: NamesState) {
    if (state.suggestionsLoading && state.suggestions.length === 0)
      return html`<p class="muted" data-testid="register-name-suggestions-loading">
        ${msg('Loading suggestions…', { id: 'registerName.suggestionsLoading' })}
      </p>`
    if (state.suggestions.length === 0) return nothing
    return html`<section
      part="suggestions"
      aria-labelledby="suggestions-heading"
      data-testid="register-name-suggestions"
    >
      <h3 id="suggestions-heading">${msg('Suggestions', { id: 'registerName.suggestions' })}</h3>
      <ul>
        ${state.suggestions.map(suggestion => html`<li>${this.renderSuggestion(suggestion, state.loading)}</li>`)}
      </ul>
    </section>`
  }

  /** A free name is a button that registers it; a taken one only says so. */
  private renderSuggestion(suggestion: ProfileSuggestion, busy: boolean) {
    if (suggestion.registered)
      return html`<span
        class="suggestion muted"
        data-testid="register-name-suggestion-taken"
        data-name=${suggestion.name}
      >
        <bdi dir="ltr">${suggestion.name}</bdi>
        <span>${msg('Taken', { id: 'registerName.suggestionTaken' })}</span>
      </span>`
    return html`<button
      type="button"
      class="suggestion"
      data-testid="register-name-suggestion"
      data-name=${suggestion.name}
      aria-disabled=${busy ? 'true' : 'false'}
      @click=${() => void registerName(suggestion.name)}
    >
      <bdi dir="ltr">${suggestion.name}</bdi>
      <span>${msg('Register', { id: 'registerName.register' })}</span>
    </button>`
  }

  private readonly onSubmit = (event: Event): void => {
    event.preventDefault()
    void registerName()
  }
}

defineElement('w3m-register-account-name-view', W3mRegisterAccountNameView)

declare global {
  interface HTMLElementTagNameMap {
    'w3m-register-account-name-view': W3mRegisterAccountNameView
  }
}
