import { LitElement, css, html, nothing, svg, type PropertyValues } from 'lit'
import { msg } from '../../i18n/msg.js'
import { property } from 'lit/decorators.js'
import { resetStyles } from '../../theme/tokens.js'
import { loadedQrEncoder, loadQrEncoder, type QrEncode } from '../../utils/qr-encoder.js'
import { centerArea, qrPath, type QrArea } from '../../utils/qr-path.js'
import { isSafeImageUrl } from '../../utils/safe-image.js'
import { defineElement } from '../shared/define.js'

/** Light modules kept around the code, in modules: the quiet zone scanners need (ISO 18004). */
const QUIET_ZONE = 4
/** The share of the code's side cleared for a center logo; error correction Q restores it. */
const LOGO_SHARE = 0.22

/** What the svg draws: its side in modules (quiet zone included), the dark modules, the logo's square. */
interface DrawnCode {
  side: number
  path: string
  logo: QrArea | undefined
}

/** Encodes `uri`, or gives undefined when it cannot be (longer than a QR code holds). */
function drawCode(encode: QrEncode, uri: string, withLogo: boolean): DrawnCode | undefined {
  let modules: boolean[][]
  try {
    // Q (25 % recovery) when a logo hides the center, M (15 %) otherwise for a less dense code.
    modules = encode(uri, { ecc: withLogo ? 'Q' : 'M', border: 0 }).data
  } catch {
    return undefined
  }
  const logo = withLogo ? centerArea(modules.length, LOGO_SHARE) : undefined
  return {
    side: modules.length + 2 * QUIET_ZONE,
    path: qrPath(modules, { offset: QUIET_ZONE, clear: logo }),
    logo
  }
}

/**
 * A QR code for a WalletConnect URI, drawn as an inline SVG: one `<path>` for the dark modules on a
 * white square that includes a 4-module quiet zone. The background stays white in the dark theme,
 * so the code stays scannable. With `imageSrc`, a logo covers a cleared square in the center (the
 * code then uses error correction Q). While `uri` is empty, a busy placeholder of the same size
 * shows instead. No markup is built from strings: the SVG is a Lit `svg` template and the modules
 * are a path's `d` attribute, so the element works under a strict Content-Security-Policy.
 * @tagname wui-qr-code
 * @csspart code - The QR code's `<svg>` (role="img", labelled by `label`).
 * @csspart logo - The center `<image>`, when `imageSrc` is a safe URL.
 * @csspart placeholder - The loading box shown while `uri` is empty.
 * @cssprop [--wui-qr-foreground=#000] - Color of the dark modules. Keep it dark: the background is
 * always white.
 */
export class WuiQrCode extends LitElement {
  static override styles = [
    resetStyles,
    css`
      :host {
        display: inline-block;
        line-height: 0;
        vertical-align: top;
      }
      svg {
        display: block;
        max-width: 100%;
        height: auto;
        border-radius: var(--w3m-radius-m, 12px);
      }
      .modules {
        fill: var(--wui-qr-foreground, #000);
      }
      [part='placeholder'] {
        background: linear-gradient(
          100deg,
          var(--w3m-color-surface, #f1f3f5) 40%,
          var(--w3m-color-surface-hover, #e4e7eb) 50%,
          var(--w3m-color-surface, #f1f3f5) 60%
        );
        background-size: 300% 100%;
        animation: wui-qr-shimmer 1.4s linear infinite;
      }
      @keyframes wui-qr-shimmer {
        from {
          background-position: 100% 0;
        }
        to {
          background-position: 0 0;
        }
      }
      @media (prefers-reduced-motion: reduce) {
        [part='placeholder'] {
          animation: none;
          background-position: 50% 0;
        }
      }
    `
  ]

  /** The text to encode: a WalletConnect URI (`wc:...`). Empty shows the loading placeholder. */
  @property() uri = ''

  /** Width and height in CSS pixels (the code shrinks to fit a narrower container). */
  @property({ type: Number }) size = 280

  /**
   * A logo shown in the center: an https URL or a data:image URI. Any other URL (javascript:,
   * http:, relative) is ignored and the code is drawn without a logo.
   */
  @property({ attribute: 'image-src' }) imageSrc: string | undefined

  /** The code's accessible name; unset, 'QR code for connecting a wallet' in the active locale. */
  @property() label = ''

  /** The placeholder's accessible name while `uri` is empty. */
  @property({ attribute: 'loading-label' }) loadingLabel = ''

  /** The code drawn for the current `uri` and `imageSrc`, recomputed only when either changes. */
  private code: DrawnCode | undefined

  /** The encoder's load, while a `uri` waits for it (the placeholder shows meanwhile). */
  private encoderLoad: Promise<unknown> | undefined

  /** `imageSrc` when it is safe to show, else undefined. */
  private get safeImageSrc(): string | undefined {
    return isSafeImageUrl(this.imageSrc) ? this.imageSrc : undefined
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed)
    const encode = loadedQrEncoder()
    if (changed.has('uri') || changed.has('imageSrc') || (this.encoderLoad && encode)) {
      this.code = this.uri && encode ? drawCode(encode, this.uri, this.safeImageSrc !== undefined) : undefined
      this.encoderLoad = undefined
      if (this.uri && !encode) this.encoderLoad = this.waitForEncoder()
    }
  }

  /** Loads the encoder, then draws the code with it. */
  private async waitForEncoder(): Promise<void> {
    try {
      await loadQrEncoder()
    } catch (error) {
      console.warn('[appkit] The QR encoder could not load:', error)
    }
    this.requestUpdate()
  }

  /** Completes once the code is drawn: after the encoder has loaded, when a `uri` waited for it. */
  protected override async getUpdateComplete(): Promise<boolean> {
    const result = await super.getUpdateComplete()
    const pending = this.encoderLoad
    if (!pending) return result
    await pending
    return super.getUpdateComplete()
  }

  override render() {
    const size = Math.max(0, this.size)
    if (!this.uri || this.encoderLoad) {
      return html`<svg
        part="placeholder"
        role="img"
        aria-busy="true"
        aria-label=${this.loadingLabel || msg('Loading QR code', { id: 'walletConnect.qrLoading' })}
        width=${size}
        height=${size}
        viewBox="0 0 1 1"
      ></svg>`
    }
    const code = this.code
    if (!code) return nothing
    return html`<svg
      part="code"
      role="img"
      aria-label=${this.label || msg('QR code for connecting a wallet', { id: 'walletConnect.qrLabel' })}
      width=${size}
      height=${size}
      viewBox="0 0 ${code.side} ${code.side}"
      shape-rendering="crispEdges"
    >
      ${this.renderModules(code)}
    </svg>`
  }

  /** The white square (quiet zone included), the dark modules, and the logo if there is one. */
  private renderModules(code: DrawnCode) {
    return svg`<rect width=${code.side} height=${code.side} fill="#fff"></rect>
      <path class="modules" fill="#000" d=${code.path}></path>
      ${this.renderLogo(code)}`
  }

  /** The logo inside the cleared square, one module in from its edges. */
  private renderLogo(code: DrawnCode) {
    const src = this.safeImageSrc
    if (!src || !code.logo) return nothing
    const position = code.logo.start + QUIET_ZONE + 1
    const side = code.logo.end - code.logo.start - 2
    return svg`<image
      part="logo"
      href=${src}
      x=${position}
      y=${position}
      width=${side}
      height=${side}
      preserveAspectRatio="xMidYMid meet"
    ></image>`
  }
}

defineElement('wui-qr-code', WuiQrCode)

declare global {
  interface HTMLElementTagNameMap {
    'wui-qr-code': WuiQrCode
  }
}
