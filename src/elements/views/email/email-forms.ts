import { css, html, nothing } from 'lit'
import { msg, str } from '../../../i18n/msg.js'
import { localizeText } from '../../../i18n/store-text.js'
import type { EmailLoginState } from '../../../stores/email/state.js'
import { CODE_LENGTH } from '../../../stores/email/texts.js'

/** The last failure of an e-mail step: the cool-down's seconds, or the error, as an alert. */
export function emailProblem(state: EmailLoginState, testId: string) {
  if (state.cooldownSeconds !== undefined)
    return html`<p class="error" part="error" role="alert" data-testid=${testId}>
      ${msg(str`Please try again after ${state.cooldownSeconds} seconds`, { id: 'email.tryAgainAfter' })}
    </p>`
  return state.error
    ? html`<p class="error" part="error" role="alert" data-testid=${testId}>${localizeText(state.error)}</p>`
    : nothing
}

export interface CodeFormOptions {
  readonly state: EmailLoginState
  /** Where the code went: the address shown in the instructions. */
  readonly sentTo: string
  /** What the code is for, said above the field. */
  readonly instructions: string
  readonly testIdPrefix: string
  readonly onSubmit: (code: string) => void
  /** Offers 'Resend code' (the login and device codes). */
  readonly onResend?: () => void
}

/** A one-time code's form: the code (digits, the length sent), the error, Continue and Resend. */
export function codeForm(options: CodeFormOptions) {
  const { state, testIdPrefix } = options
  const submit = (event: SubmitEvent) => {
    event.preventDefault()
    if (state.busy) return
    const form = event.currentTarget as HTMLFormElement
    const input = form.elements.namedItem('code') as HTMLInputElement
    options.onSubmit(input.value.trim())
  }
  return html`<form part="form" novalidate @submit=${submit}>
    <p class="muted" id="code-help">
      <span data-testid="${testIdPrefix}-instructions">${options.instructions}</span>
      <bdi dir="ltr" data-testid="${testIdPrefix}-sent-to">${options.sentTo}</bdi>
    </p>
    <div class="field">
      <label for="code">${msg('Code', { id: 'email.codeLabel' })}</label>
      <input
        id="code"
        name="code"
        data-testid="${testIdPrefix}-input"
        inputmode="numeric"
        autocomplete="one-time-code"
        maxlength=${CODE_LENGTH}
        dir="ltr"
        aria-describedby="code-help"
        aria-invalid=${state.error ? 'true' : 'false'}
      />
    </div>
    ${emailProblem(state, `${testIdPrefix}-error`)}
    <div class="actions">
      <button
        type="submit"
        class="action primary"
        data-testid="${testIdPrefix}-submit"
        aria-disabled=${state.busy ? 'true' : 'false'}
        aria-busy=${state.busy ? 'true' : 'false'}
      >
        ${state.busy ? msg('Checking…', { id: 'email.checking' }) : msg('Continue', { id: 'email.continue' })}
      </button>
      ${
        options.onResend
          ? html`<button type="button" class="action" data-testid="${testIdPrefix}-resend" @click=${options.onResend}>
              ${msg('Resend code', { id: 'email.resend' })}
            </button>`
          : nothing
      }
    </div>
  </form>`
}

export interface EmailFormOptions {
  readonly state: EmailLoginState
  readonly value: string
  readonly label: string
  readonly testIdPrefix: string
  readonly submitLabel: string
  readonly onSubmit: (email: string) => void
}

/** An e-mail form's submit: the address typed in its `email` field, unless a step is under way (or `held`). */
export function emailSubmit(state: EmailLoginState, onSubmit: (email: string) => void, held = false) {
  return (event: SubmitEvent) => {
    event.preventDefault()
    if (state.busy || held) return
    const form = event.currentTarget as HTMLFormElement
    onSubmit((form.elements.namedItem('email') as HTMLInputElement).value)
  }
}

/** An e-mail address's form: the address, the error (or cool-down), and its button. */
export function emailForm(options: EmailFormOptions) {
  const { state, testIdPrefix } = options
  return html`<form part="form" novalidate @submit=${emailSubmit(state, options.onSubmit)}>
    <div class="field">
      <label for="email">${options.label}</label>
      <div class="row">
        <input
          id="email"
          name="email"
          type="email"
          data-testid="${testIdPrefix}-input"
          autocomplete="email"
          dir="ltr"
          aria-invalid=${state.error ? 'true' : 'false'}
          .value=${options.value}
        />
        <button
          type="submit"
          class="action primary"
          data-testid="${testIdPrefix}-submit"
          aria-disabled=${state.busy ? 'true' : 'false'}
          aria-busy=${state.busy ? 'true' : 'false'}
        >
          ${state.busy ? msg('Sending…', { id: 'email.sending' }) : options.submitLabel}
        </button>
      </div>
    </div>
    ${emailProblem(state, `${testIdPrefix}-error`)}
  </form>`
}

/**
 * The e-mail form's buttons and error where the connection views' styles are not there (the
 * Connect view, which takes the fields' looks from sendFormStyles).
 */
export const emailFormStyles = css`
  .action {
    flex: 0 0 auto;
    min-height: 40px;
    padding: 0 var(--w3m-spacing-l);
    border: 1px solid transparent;
    border-radius: var(--w3m-radius-full);
    background: var(--w3m-accent);
    color: var(--w3m-color-on-accent);
    font-weight: var(--w3m-weight-bold);
  }
  .error {
    margin: 0;
    color: var(--w3m-color-error);
    font-weight: var(--w3m-weight-bold);
  }
`
