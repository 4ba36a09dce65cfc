import { expect, fixture, html } from '@open-wc/testing'
import { emulateMedia } from '@web/test-runner-commands'
import jsQR from 'jsqr'
import '../../../src/elements/ui/wui-qr-code.js'
import type { WuiQrCode } from '../../../src/elements/ui/wui-qr-code.js'
import { loadedQrEncoder } from '../../../src/utils/qr-encoder.js'

const URI =
  'wc:7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6160be17160d63ec90f9@2?relay-protocol=irn&symKey=587d5484ce2a2a6ee3ba1962fdd7e8588e06200c46823bd18fbd67def96ad303&expiryTimestamp=1700000300&methods=wc_sessionPropose'

/** A solid, fairly dark logo: the hardest case for a scanner, since it reads as dark modules. */
const LOGO_COLOR = [59, 108, 246] as const
const LOGO = `data:image/svg+xml,${encodeURIComponent(
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="rgb(${LOGO_COLOR.join(',')})"/></svg>`
)}`

const codeOf = (el: WuiQrCode) => el.shadowRoot!.querySelector<SVGSVGElement>('svg[part=code]')
const placeholderOf = (el: WuiQrCode) => el.shadowRoot!.querySelector<SVGSVGElement>('[part=placeholder]')

/**
 * Rasterises the element's svg the way a screen shows it to a phone: serialised, loaded as an
 * image, drawn on a canvas at the element's size. Gives the canvas's pixels.
 */
async function rasterise(el: WuiQrCode): Promise<ImageData> {
  const markup = new XMLSerializer().serializeToString(codeOf(el)!)
  const url = URL.createObjectURL(new Blob([markup], { type: 'image/svg+xml' }))
  try {
    const image = new Image()
    image.src = url
    await image.decode()
    const canvas = document.createElement('canvas')
    canvas.width = el.size
    canvas.height = el.size
    const context = canvas.getContext('2d')!
    context.drawImage(image, 0, 0, el.size, el.size)
    return context.getImageData(0, 0, el.size, el.size)
  } finally {
    URL.revokeObjectURL(url)
  }
}

function decode(pixels: ImageData): string | undefined {
  return jsQR(pixels.data, pixels.width, pixels.height, { inversionAttempts: 'dontInvert' })?.data
}

function pixelAt(pixels: ImageData, x: number, y: number): number[] {
  const index = (y * pixels.width + x) * 4
  return [...pixels.data.slice(index, index + 3)]
}

describe('wui-qr-code', () => {
  afterEach(() => emulateMedia({ reducedMotion: 'no-preference' }))

  // First in the file: the encoder loads once per page, on the first code drawn.
  it('loads the encoder on the first code: the busy placeholder shows until it is drawn', async () => {
    expect(loadedQrEncoder(), 'the encoder is not part of the element module').to.equal(undefined)
    const el = document.createElement('wui-qr-code')
    el.uri = URI
    document.body.append(el)
    try {
      // The first render: the encoder is still loading.
      await new Promise(resolve => requestAnimationFrame(resolve))
      expect(placeholderOf(el)?.getAttribute('aria-busy')).to.equal('true')
      expect(codeOf(el)).to.equal(null)
      // updateComplete waits for the encoder and the code drawn with it.
      await el.updateComplete
      expect(loadedQrEncoder()).to.be.a('function')
      expect(placeholderOf(el)).to.equal(null)
      expect(decode(await rasterise(el))).to.equal(URI)
    } finally {
      el.remove()
    }
  })

  it('draws a code that decodes to the uri exactly', async () => {
    const el = await fixture<WuiQrCode>(html`<wui-qr-code .uri=${URI}></wui-qr-code>`)
    const code = codeOf(el)!
    expect(code.getAttribute('role')).to.equal('img')
    expect(code.getAttribute('aria-label')).to.equal('QR code for connecting a wallet')
    expect(code.getAttribute('width')).to.equal('280')
    expect(code.querySelectorAll('path')).to.have.length(1)
    const pixels = await rasterise(el)
    // The quiet zone is white, in the light theme as in the dark one.
    expect(pixelAt(pixels, 2, 2)).to.deep.equal([255, 255, 255])
    expect(decode(pixels)).to.equal(URI)
  })

  it('still decodes with a logo over the center', async () => {
    const el = await fixture<WuiQrCode>(html`<wui-qr-code .uri=${URI} .imageSrc=${LOGO}></wui-qr-code>`)
    const logo = el.shadowRoot!.querySelector('image[part=logo]')!
    expect(logo.getAttribute('href')).to.equal(LOGO)
    const pixels = await rasterise(el)
    // The logo is really drawn in the middle of the code, so the scanner had to do without it.
    expect(pixelAt(pixels, 140, 140)).to.deep.equal([...LOGO_COLOR])
    expect(decode(pixels)).to.equal(URI)
  })

  it('decodes at a smaller size, and with the longest URIs', async () => {
    const long = `${URI}&${'x'.repeat(600 - URI.length - 1)}`
    const el = await fixture<WuiQrCode>(html`<wui-qr-code .uri=${long} size="320"></wui-qr-code>`)
    expect(decode(await rasterise(el))).to.equal(long)
    el.uri = URI
    el.size = 200
    await el.updateComplete
    expect(decode(await rasterise(el))).to.equal(URI)
  })

  for (const unsafe of ['javascript:alert(1)', 'http://example.com/logo.png', '/logo.png', 'data:text/html,<b>x</b>']) {
    it(`ignores an unsafe imageSrc: ${unsafe}`, async () => {
      const el = await fixture<WuiQrCode>(html`<wui-qr-code .uri=${URI} image-src=${unsafe}></wui-qr-code>`)
      expect(el.shadowRoot!.querySelector('image')).to.equal(null)
      expect(el.shadowRoot!.innerHTML).not.to.contain(unsafe)
      const plain = await fixture<WuiQrCode>(html`<wui-qr-code .uri=${URI}></wui-qr-code>`)
      // Drawn as without a logo: nothing cleared in the center.
      expect(codeOf(el)!.querySelector('path')!.getAttribute('d')).to.equal(
        codeOf(plain)!.querySelector('path')!.getAttribute('d')
      )
    })
  }

  it('shows a busy placeholder of the same size while the uri is empty', async () => {
    const el = await fixture<WuiQrCode>(html`<wui-qr-code size="240"></wui-qr-code>`)
    const placeholder = placeholderOf(el)!
    expect(codeOf(el)).to.equal(null)
    expect(placeholder.getAttribute('aria-busy')).to.equal('true')
    expect(placeholder.getAttribute('role')).to.equal('img')
    expect(placeholder.getAttribute('aria-label')).to.equal('Loading QR code')
    expect(placeholder.getBoundingClientRect().width).to.equal(240)
    expect(getComputedStyle(placeholder).animationName).to.equal('wui-qr-shimmer')
    el.uri = URI
    await el.updateComplete
    expect(placeholderOf(el)).to.equal(null)
    expect(codeOf(el)!.getBoundingClientRect().width).to.equal(240)
  })

  it('does not animate the placeholder when reduced motion is asked for', async () => {
    await emulateMedia({ reducedMotion: 'reduce' })
    const el = await fixture<WuiQrCode>(html`<wui-qr-code></wui-qr-code>`)
    expect(getComputedStyle(placeholderOf(el)!).animationName).to.equal('none')
  })

  it('takes its label and its module color from the host page', async () => {
    const el = await fixture<WuiQrCode>(
      html`<wui-qr-code
        .uri=${URI}
        label="Scan with your phone"
        style="--wui-qr-foreground: rgb(0, 0, 128)"
      ></wui-qr-code>`
    )
    expect(codeOf(el)!.getAttribute('aria-label')).to.equal('Scan with your phone')
    expect(getComputedStyle(codeOf(el)!.querySelector('path')!).fill).to.equal('rgb(0, 0, 128)')
  })

  it('is accessible with a code and while loading', async () => {
    await expect(await fixture(html`<wui-qr-code .uri=${URI} .imageSrc=${LOGO}></wui-qr-code>`)).to.be.accessible()
    await expect(await fixture(html`<wui-qr-code></wui-qr-code>`)).to.be.accessible()
  })
})
