import { expect, fixture, html } from '@open-wc/testing'
import sinon from 'sinon'
import '../../../src/elements/ui/wui-wallet-image.js'
import { initialsOf, type WuiWalletImage } from '../../../src/elements/ui/wui-wallet-image.js'
import { preloadImage } from '../../../src/utils/preload-image.js'
import { svgImageUrl } from '../../fixtures/catalog.js'
import { frameUntil } from './support.js'

/** An Image that never loads nor fails: a slow image server. */
class HangingImage {
  onload: (() => void) | null = null
  onerror: (() => void) | null = null
  decoding = ''
  src = ''
  removeAttribute(): void {}
}

const statusOf = (el: WuiWalletImage) =>
  el.shadowRoot!.querySelector<HTMLElement>('[data-status]')?.dataset['status'] ?? 'none'

describe('wallet images', () => {
  afterEach(() => sinon.restore())

  it('preloadImage resolves true for an image that loads, false for one that fails', async () => {
    expect(await preloadImage(svgImageUrl('img-ok'))).to.equal(true)
    const broken = URL.createObjectURL(new Blob(['not an image'], { type: 'image/png' }))
    expect(await preloadImage(broken)).to.equal(false)
  })

  it('preloadImage gives up after 2 s', async () => {
    sinon.replace(window, 'Image', HangingImage as unknown as typeof Image)
    const clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldClearNativeTimers: true })
    let result: boolean | undefined
    void preloadImage('https://slow.example/logo.png').then(loaded => (result = loaded))
    await clock.tickAsync(1999)
    expect(result).to.equal(undefined)
    await clock.tickAsync(1)
    expect(result).to.equal(false)
    clock.restore()
  })

  it('shows the image once it has loaded', async () => {
    const el = await fixture<WuiWalletImage>(
      html`<wui-wallet-image .src=${svgImageUrl('img-shown')} name="Aurora Wallet"></wui-wallet-image>`
    )
    await frameUntil(() => statusOf(el) === 'loaded', 'the image to load')
    expect(el.shadowRoot!.querySelector('img')!.getAttribute('alt')).to.equal('')
    await expect(el).to.be.accessible()
  })

  it('a slow image shows the initials placeholder at 2 s', async () => {
    sinon.replace(window, 'Image', HangingImage as unknown as typeof Image)
    const clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldClearNativeTimers: true })
    try {
      const el = await fixture<WuiWalletImage>(
        html`<wui-wallet-image src="https://slow.example/logo.png" name="Aurora Wallet"></wui-wallet-image>`
      )
      await frameUntil(() => statusOf(el) === 'loading', 'the preload to start')
      await clock.tickAsync(1999)
      await el.updateComplete
      expect(statusOf(el)).to.equal('loading')
      await clock.tickAsync(1)
      await el.updateComplete
      expect(statusOf(el)).to.equal('failed')
      expect(el.shadowRoot!.querySelector('[part=placeholder]')!.textContent!.trim()).to.equal('AW')
      expect(el.shadowRoot!.querySelector('img')).to.equal(null)
    } finally {
      clock.restore()
    }
  })

  it('no URL: the placeholder at once, no request', async () => {
    const el = await fixture<WuiWalletImage>(html`<wui-wallet-image name="Plain"></wui-wallet-image>`)
    expect(statusOf(el)).to.equal('failed')
    expect(el.shadowRoot!.textContent!.trim()).to.equal('P')
  })

  it('initials take letters and digits only', () => {
    expect(initialsOf('<b>Evil</b> wallet')).to.equal('BE')
    expect(initialsOf('1inch Wallet')).to.equal('1W')
    expect(initialsOf('')).to.equal('')
  })
})
