import { LitElement, css, html, nothing, type PropertyValues } from 'lit'
import { property, state } from 'lit/decorators.js'
import { resetStyles } from '../../theme/tokens.js'
import { preloadImage } from '../../utils/preload-image.js'
import { defineElement } from '../shared/define.js'

type ImageStatus = 'idle' | 'loading' | 'loaded' | 'failed'

/** One observer for every wallet image: an image starts loading when it comes near the viewport. */
let nearViewport: IntersectionObserver | undefined

function observeNearViewport(image: WuiWalletImage): void {
  nearViewport ??= new IntersectionObserver(
    entries => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue
        nearViewport?.unobserve(entry.target)
        ;(entry.target as WuiWalletImage).nearViewport()
      }
    },
    { rootMargin: '200px' }
  )
  nearViewport.observe(image)
}

/** Up to two initials of a name, letters and digits only: "Aurora Wallet" -> "AW". */
export function initialsOf(name: string): string {
  const words = name.match(/[\p{L}\p{N}]+/gu) ?? []
  return words
    .slice(0, 2)
    .map(word => word.charAt(0).toUpperCase())
    .join('')
}

function hueOf(name: string): number {
  let hash = 0
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) >>> 0
  return hash % 8
}

/**
 * A wallet's image. It is preloaded once the element comes near the viewport; the wallet's initials
 * show while it loads, and stay when it fails or takes longer than 2 s (docs/behaviour.md section 9). The
 * image is decorative (alt=""): the wallet's name is beside it as text.
 * @tagname wui-wallet-image
 * @csspart image - The loaded image.
 * @csspart placeholder - The initials shown instead.
 * @cssprop [--wui-wallet-image-size=56px] - Width and height.
 */
export class WuiWalletImage extends LitElement {
  static override styles = [
    resetStyles,
    css`
      :host {
        display: inline-block;
        flex: none;
        width: var(--wui-wallet-image-size, 56px);
        height: var(--wui-wallet-image-size, 56px);
        border-radius: var(--w3m-radius-m);
        overflow: hidden;
        background: var(--w3m-color-surface);
      }
      img,
      span {
        display: block;
        width: 100%;
        height: 100%;
      }
      img {
        object-fit: cover;
      }
      span {
        display: grid;
        place-items: center;
        font-weight: var(--w3m-weight-bold);
        font-size: calc(var(--wui-wallet-image-size, 56px) * 0.34);
        color: var(--w3m-color-fg);
        background: color-mix(in srgb, var(--hue) 22%, var(--w3m-color-surface));
      }
      [data-hue='0'] {
        --hue: #3b6cf6;
      }
      [data-hue='1'] {
        --hue: #1d9a6c;
      }
      [data-hue='2'] {
        --hue: #c2410c;
      }
      [data-hue='3'] {
        --hue: #9333ea;
      }
      [data-hue='4'] {
        --hue: #0e7490;
      }
      [data-hue='5'] {
        --hue: #be123c;
      }
      [data-hue='6'] {
        --hue: #a16207;
      }
      [data-hue='7'] {
        --hue: #4d7c0f;
      }
    `
  ]

  /** The image URL, already checked as safe by the store; undefined shows the initials. */
  @property() src: string | undefined

  /** The wallet's name, for the initials. */
  @property() name = ''

  /** Preload timeout in ms (spec: 2000). */
  @property({ type: Number }) timeout = 2000

  @state() private status: ImageStatus = 'idle'

  private attempt = 0

  override connectedCallback(): void {
    super.connectedCallback()
    if (this.src && this.status === 'idle') observeNearViewport(this)
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback()
    nearViewport?.unobserve(this)
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (!changed.has('src')) return
    // A new image: forget the old one's result and wait to come near the viewport again.
    this.attempt++
    this.status = 'idle'
    nearViewport?.unobserve(this)
    if (this.src && this.isConnected) observeNearViewport(this)
  }

  /** Called by the shared observer: the element is near the viewport, so its image loads now. */
  nearViewport(): void {
    const src = this.src
    if (!src || this.status !== 'idle') return
    const attempt = ++this.attempt
    this.status = 'loading'
    void preloadImage(src, this.timeout).then(loaded => {
      if (attempt === this.attempt) this.status = loaded ? 'loaded' : 'failed'
    })
  }

  override render() {
    if (this.status === 'loaded' && this.src) {
      return html`<img part="image" src=${this.src} alt="" data-status="loaded" />`
    }
    return html`<span
      part="placeholder"
      aria-hidden="true"
      data-status=${this.src ? this.status : 'failed'}
      data-hue=${hueOf(this.name)}
      >${initialsOf(this.name) || nothing}</span
    >`
  }
}

defineElement('wui-wallet-image', WuiWalletImage)

declare global {
  interface HTMLElementTagNameMap {
    'wui-wallet-image': WuiWalletImage
  }
}
