import { LitElement, css, html, type PropertyValues } from 'lit'
import { property, state } from 'lit/decorators.js'
import { resetStyles } from '../../theme/tokens.js'
import { defineElement } from '../shared/define.js'
import { avatarGradient } from '../../utils/avatar-gradient.js'

/**
 * An account's avatar: a gradient drawn from the address (the same address, the same gradient) with
 * the slotted letters over it, or the account name's image when there is one. An image that fails
 * to load falls back to the gradient. Decorative: the name or address is beside it as text.
 * @tagname wui-avatar
 * @slot - The letters shown over the gradient (the name's first letter or the address's first two digits).
 * @csspart image - The name's image, once it is there.
 * @cssprop [--wui-avatar-size=72px] - Width and height.
 */
export class WuiAvatar extends LitElement {
  static override styles = [
    resetStyles,
    css`
      :host {
        display: inline-grid;
        flex: none;
        place-items: center;
        width: var(--wui-avatar-size, 72px);
        height: var(--wui-avatar-size, 72px);
        border-radius: var(--w3m-radius-full, 999px);
        overflow: hidden;
        box-shadow: inset 0 0 0 1px rgb(255 255 255 / 0.12);
        color: #ffffff;
        font-weight: var(--w3m-weight-bold, 600);
        font-size: calc(var(--wui-avatar-size, 72px) / 3);
        text-shadow: 0 1px 2px rgb(0 0 0 / 0.45);
      }
      .gradient,
      img {
        grid-area: 1 / 1;
        width: 100%;
        height: 100%;
      }
      .gradient {
        display: grid;
        place-items: center;
      }
      img {
        object-fit: cover;
      }
    `
  ]

  /** The address the gradient is drawn from. */
  @property() address = ''

  /** The account name's image, already checked by the store; undefined shows the gradient. */
  @property() src: string | undefined

  @state() private failed = false

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('src')) this.failed = false
  }

  protected override updated(): void {
    // Through the CSSOM, which a strict style-src allows (a style attribute in markup it would not).
    const gradient = this.renderRoot.querySelector<HTMLElement>('.gradient')
    if (gradient) gradient.style.backgroundImage = avatarGradient(this.address)
  }

  override render() {
    // The gradient is always drawn: it shows while the image loads, and stays if it fails.
    const image = this.failed ? undefined : this.src
    return html`<span class="gradient" data-testid="avatar-gradient"><slot></slot></span>${
        image
          ? html`<img
              part="image"
              src=${image}
              alt=""
              data-testid="avatar-image"
              @error=${() => (this.failed = true)}
            />`
          : ''
      }`
  }
}

defineElement('wui-avatar', WuiAvatar)

declare global {
  interface HTMLElementTagNameMap {
    'wui-avatar': WuiAvatar
  }
}
