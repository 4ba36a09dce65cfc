import { LitElement, css, html } from 'lit'
import { msg } from '../../i18n/msg.js'
import { $locale } from '../../stores/locale.js'
import type { ViewName } from '../../config/views.js'
import { resetStyles } from '../../theme/tokens.js'
import { StoreController } from '../shared/store-controller.js'
import { viewTitle } from '../shared/view-title.js'

/**
 * The body of a view whose flow a later issue builds: it shows the view's name, so that every
 * view of the spec is reachable, routable and visible in Storybook from the start.
 */
export abstract class PlaceholderView extends LitElement {
  static override styles = [
    resetStyles,
    css`
      :host {
        display: block;
        padding: var(--w3m-spacing-l);
        text-align: center;
      }
      p {
        margin: var(--w3m-spacing-l) 0;
        color: var(--w3m-color-fg-muted);
      }
    `
  ]

  protected abstract readonly viewName: ViewName
  protected readonly locale = new StoreController(this, $locale)

  override render() {
    return html`<p data-testid="view-placeholder">
      ${viewTitle(this.viewName)}: ${msg('coming soon', { id: 'placeholder.comingSoon' })}
    </p>`
  }
}
