import { html, nothing } from 'lit'
import { msg } from '../../../i18n/msg.js'

/** The id of the hint that says why connecting waits, for aria-describedby. */
export const LEGAL_HINT_ID = 'legal-hint'

export interface LegalLineOptions {
  readonly agreed: boolean
  /** The app's terms and privacy pages: http(s) only (the options' schema refuses any other). */
  readonly termsUrl: string | undefined
  readonly privacyUrl: string | undefined
  readonly onChange: (agreed: boolean) => void
}

function link(url: string | undefined, text: string, testId: string) {
  return url
    ? html`<a href=${url} target="_blank" rel="noopener noreferrer" data-testid=${testId}>${text}</a>`
    : nothing
}

/**
 * The legal line under the connect methods (`features.legalCheckbox`): a checkbox "I agree to the
 * Terms of Service and Privacy Policy", the two pages as links (each opens in a new tab), and while
 * it is not ticked, the hint that connecting waits for it (every connect button is disabled).
 */
export function legalLine(options: LegalLineOptions) {
  const { agreed } = options
  const hasLinks = options.termsUrl !== undefined || options.privacyUrl !== undefined
  return html`<div class="legal" data-testid="legal-line">
    <label>
      <input
        type="checkbox"
        data-testid="legal-checkbox"
        .checked=${agreed}
        aria-describedby=${agreed ? nothing : LEGAL_HINT_ID}
        @change=${(event: Event) => options.onChange((event.currentTarget as HTMLInputElement).checked)}
      />
      <span>${msg('I agree to the Terms of Service and Privacy Policy', { id: 'connect.legalAgree' })}</span>
    </label>
    ${
      hasLinks
        ? html`<p class="links">
            ${link(options.termsUrl, msg('Terms of Service', { id: 'connect.legalTerms' }), 'legal-terms')}
            ${link(options.privacyUrl, msg('Privacy Policy', { id: 'connect.legalPrivacy' }), 'legal-privacy')}
          </p>`
        : nothing
    }
    ${
      agreed
        ? nothing
        : html`<p class="muted" id=${LEGAL_HINT_ID} data-testid="legal-hint">
            ${msg('Agree to the Terms of Service and Privacy Policy to connect.', { id: 'connect.legalHint' })}
          </p>`
    }
  </div>`
}
