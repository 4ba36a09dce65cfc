import { html, nothing } from 'lit'
import type { SocialProvider } from '../../../config/constants.js'
import { SOCIAL_NAMES } from '../../../config/social-names.js'
import { msg, str } from '../../../i18n/msg.js'
import { localizeText } from '../../../i18n/store-text.js'
import type { SocialLoginState } from '../../../stores/social/state.js'
import { moreIcon } from '../../ui/icons/more.js'
import { SOCIAL_ICONS } from './social-icons.js'

/**
 * How many buttons the row under the first provider holds: five fit at the modal's 360 px (docs/
 * behaviour.md section 11). With more providers than that, the last place is "more".
 */
export const SOCIAL_ROW_SLOTS = 5

/** The configured providers as the Connect view lays them out: the first wide, a row of squares, the rest behind "more". */
export function splitSocials(socials: readonly SocialProvider[]) {
  const [first, ...rest] = socials
  const row = rest.length <= SOCIAL_ROW_SLOTS ? rest : rest.slice(0, SOCIAL_ROW_SLOTS - 1)
  return { first, row, more: rest.slice(row.length) }
}

export interface SocialSectionOptions {
  readonly socials: readonly SocialProvider[]
  readonly state: SocialLoginState
  /** The legal line is not agreed to yet: no provider can be chosen. */
  readonly blocked: boolean
  readonly moreOpen: boolean
  readonly onChoose: (provider: SocialProvider) => void
  readonly onToggleMore: () => void
  readonly onMoreKeydown: (event: KeyboardEvent) => void
}

const continueWith = (provider: SocialProvider) =>
  msg(str`Continue with ${SOCIAL_NAMES[provider]}`, { id: 'connect.socialContinue' })

function wideButton(provider: SocialProvider, options: SocialSectionOptions) {
  return html`<wui-list-item
    data-testid=${`social-${provider}`}
    ?disabled=${options.blocked || options.state.status === 'connecting'}
    @click=${() => options.onChoose(provider)}
    ><span class="with-icon">${SOCIAL_ICONS[provider]}<span>${continueWith(provider)}</span></span></wui-list-item
  >`
}

/** A square button: the provider's mark, named "Continue with X" for assistive technology. */
function squareButton(provider: SocialProvider, options: SocialSectionOptions) {
  return html`<wui-list-item
    data-testid=${`social-${provider}`}
    data-shape="square"
    ?disabled=${options.blocked || options.state.status === 'connecting'}
    @click=${() => options.onChoose(provider)}
    ><span class="square"
      >${SOCIAL_ICONS[provider]}<span class="visually-hidden">${continueWith(provider)}</span></span
    ></wui-list-item
  >`
}

function moreButton(options: SocialSectionOptions) {
  return html`<button
    type="button"
    class="more-button"
    data-testid="social-more"
    aria-expanded=${options.moreOpen ? 'true' : 'false'}
    aria-controls=${options.moreOpen ? 'social-more-list' : nothing}
    @click=${options.onToggleMore}
  >
    ${moreIcon}<span class="visually-hidden">${msg('More sign-in options', { id: 'connect.socialMore' })}</span>
  </button>`
}

function status(state: SocialLoginState) {
  const name = state.provider ? SOCIAL_NAMES[state.provider] : ''
  if (state.status === 'waiting')
    return html`<p role="status" class="muted" data-testid="social-status">
      ${msg(str`Finish signing in with ${name} in its window`, { id: 'social.waiting' })}
    </p>`
  if (state.status === 'connecting')
    return html`<p role="status" class="muted" data-testid="social-status">
      ${msg('Connecting…', { id: 'social.connecting' })}
    </p>`
  return nothing
}

/**
 * The social section: the first provider as a wide button with its mark and its text, the next as
 * square buttons, the rest in a list that "more" opens (focus moves into it; Escape closes it and
 * gives focus back to "more"). Every button is a Tab stop, as before.
 */
export function socialSection(options: SocialSectionOptions) {
  const { first, row, more } = splitSocials(options.socials)
  const { state } = options
  return html`<section part="method" data-testid="connect-method-social">
    <h3 id="social-heading">${msg('Social login', { id: 'connect.social' })}</h3>
    <ul aria-labelledby="social-heading" class="socials" data-testid="social-list">
      ${first ? html`<li class="wide">${wideButton(first, options)}</li>` : nothing}
      ${row.map(provider => html`<li class="square-item">${squareButton(provider, options)}</li>`)}
      ${more.length > 0 ? html`<li class="square-item">${moreButton(options)}</li>` : nothing}
    </ul>
    ${
      more.length > 0 && options.moreOpen
        ? html`<ul
            id="social-more-list"
            data-testid="social-more-list"
            aria-label=${msg('More sign-in options', { id: 'connect.socialMore' })}
            @keydown=${options.onMoreKeydown}
          >
            ${more.map(provider => html`<li>${wideButton(provider, options)}</li>`)}
          </ul>`
        : nothing
    }
    ${status(state)}
    ${state.error ? html`<p class="error" role="alert" data-testid="social-error">${localizeText(state.error)}</p>` : nothing}
  </section>`
}
