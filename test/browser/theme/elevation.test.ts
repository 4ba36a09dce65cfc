import { expect } from '@open-wc/testing'
import { resetTheme } from '../../../src/stores/theme.js'
import { relativeLuminance } from './contrast.js'
import { renderThemed, shadowColours, tokenColour, tokenComputed } from './support.js'

/**
 * Issue 32: light and dark both designed, not inverted. The surfaces show elevation in each theme's
 * own direction (darker steps on the white light bg, lighter steps on the near-black dark bg), and
 * the card's shadow is the theme's own (deeper on dark, where a light one would not show).
 */
describe('theme elevation (issue 32)', () => {
  beforeEach(() => resetTheme())
  afterEach(() => resetTheme())

  const luminances = (el: Element): [number, number, number] => [
    relativeLuminance(tokenColour(el, '--w3m-color-bg')),
    relativeLuminance(tokenColour(el, '--w3m-color-surface')),
    relativeLuminance(tokenColour(el, '--w3m-color-surface-hover'))
  ]

  it('light: bg, surface, surface-hover step darker', async () => {
    const [bg, surface, hover] = luminances(await renderThemed('light'))
    expect(bg).to.be.greaterThan(surface)
    expect(surface).to.be.greaterThan(hover)
  })

  it('dark: bg < surface < surface-hover (lighter as they rise)', async () => {
    const [bg, surface, hover] = luminances(await renderThemed('dark'))
    expect(bg).to.be.lessThan(surface)
    expect(surface).to.be.lessThan(hover)
  })

  it("each theme has its own card and toast shadows, dark's deeper", async () => {
    const alphaOf = (colour: string | undefined): number =>
      Number(
        /\/\s*([\d.]+)|,\s*([\d.]+)\)$/
          .exec(colour ?? '')
          ?.slice(1)
          .find(Boolean) ?? 1
      )
    const light = await renderThemed('light')
    const lightCard = tokenComputed(light, 'box-shadow', '--w3m-shadow-card')
    const lightToast = tokenComputed(light, 'box-shadow', '--w3m-shadow-toast')
    resetTheme()
    const dark = await renderThemed('dark')
    const darkCard = tokenComputed(dark, 'box-shadow', '--w3m-shadow-card')
    const darkToast = tokenComputed(dark, 'box-shadow', '--w3m-shadow-toast')
    for (const shadow of [lightCard, lightToast, darkCard, darkToast]) expect(shadow).to.not.equal('none')
    expect(darkCard).to.not.equal(lightCard)
    expect(alphaOf(shadowColours(darkCard)[0])).to.be.greaterThan(alphaOf(shadowColours(lightCard)[0]))
    expect(alphaOf(shadowColours(darkToast)[0])).to.be.greaterThan(alphaOf(shadowColours(lightToast)[0]))
  })
})
