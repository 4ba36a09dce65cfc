import { css, html, nothing } from 'lit'
import { msg } from '../../../i18n/msg.js'
import type { EmailLoginState } from '../../../stores/email/state.js'
import { arrowRightIcon } from '../../ui/icons/arrow-right.js'
import { emailIcon } from '../../ui/icons/email.js'
import { emailProblem, emailSubmit } from '../email/email-forms.js'

export interface ConnectEmailOptions {
  readonly state: EmailLoginState
  /** The legal line is not agreed to yet: the address is not sent. */
  readonly blocked: boolean
  /** The id of the text that says why (the legal line's hint), while blocked. */
  readonly blockedHintId: string
  readonly onSubmit: (email: string) => void
}

/**
 * The Connect view's e-mail login: the field with an envelope at its start and a submit arrow at its
 * end (named "Continue"), which sends the code as Enter does. Busy: the arrow says "Sending…" and
 * does nothing; the error or cool-down shows below as an alert.
 */
export function connectEmailForm(options: ConnectEmailOptions) {
  const { state, blocked } = options
  const label = msg('Email', { id: 'connect.email' })
  return html`<form part="form" class="email-form" novalidate @submit=${emailSubmit(state, options.onSubmit, blocked)}>
    <label for="email" class="visually-hidden">${label}</label>
    <div class="email-field">
      ${emailIcon}
      <input
        id="email"
        name="email"
        type="email"
        data-testid="email-login-input"
        autocomplete="email"
        dir="ltr"
        placeholder=${label}
        aria-invalid=${state.error ? 'true' : 'false'}
        .value=${state.email}
      />
      <button
        type="submit"
        class="email-submit"
        data-testid="email-login-submit"
        aria-disabled=${state.busy || blocked ? 'true' : 'false'}
        aria-busy=${state.busy ? 'true' : 'false'}
        aria-describedby=${blocked ? options.blockedHintId : nothing}
      >
        ${arrowRightIcon}<span class="visually-hidden"
          >${state.busy ? msg('Sending…', { id: 'email.sending' }) : msg('Continue', { id: 'email.continue' })}</span
        >
      </button>
    </div>
    ${emailProblem(state, 'email-login-error')}
  </form>`
}

export const connectEmailStyles = css`
  .email-form {
    display: flex;
    flex-direction: column;
    gap: var(--w3m-spacing-s, 8px);
  }
  .email-field {
    position: relative;
    display: flex;
    align-items: center;
  }
  .email-field > .icon {
    position: absolute;
    inset-inline-start: var(--w3m-spacing-m, 12px);
    color: var(--w3m-color-fg-muted);
    pointer-events: none;
  }
  .email-field input {
    flex: 1 1 auto;
    min-width: 0;
    min-height: 48px;
    padding-block: 0;
    padding-inline: calc(var(--w3m-spacing-m, 12px) + var(--w3m-icon-size-m, 20px) + var(--w3m-spacing-s, 8px)) 48px;
    border: 1px solid var(--w3m-color-border-control);
    border-radius: var(--w3m-radius-m);
    background: var(--w3m-color-surface);
    color: inherit;
    font: inherit;
  }
  .email-field input::placeholder {
    color: var(--w3m-color-fg-muted);
    opacity: 1;
  }
  .email-submit {
    position: absolute;
    inset-inline-end: var(--w3m-spacing-xs, 6px);
    display: grid;
    place-items: center;
    width: 36px;
    height: 36px;
    padding: 0;
    border: 1px solid transparent;
    border-radius: var(--w3m-radius-full);
    background: var(--w3m-accent);
    color: var(--w3m-color-on-accent);
  }
  .email-submit[aria-disabled='true'] {
    cursor: default;
    opacity: 0.6;
  }
  :host(:dir(rtl)) .email-submit .arrow {
    transform: scaleX(-1);
  }
  .error {
    margin: 0;
    color: var(--w3m-color-error);
    font-weight: var(--w3m-weight-bold, 600);
  }
`
