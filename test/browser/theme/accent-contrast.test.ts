import { expect } from '@open-wc/testing'
import { emulateMedia, sendKeys } from '@web/test-runner-commands'
import { resetModal } from '../../../src/stores/modal.js'
import { resetTheme, setThemeVariables } from '../../../src/stores/theme.js'
import { contrastRatio, relativeLuminance } from './contrast.js'
import {
  focusRingColours,
  innerButton,
  painted,
  randomAccents,
  renderThemed,
  shadowColours,
  tokenColour
} from './support.js'

const BACKGROUNDS = ['--w3m-color-bg', '--w3m-color-surface', '--w3m-color-surface-hover'] as const

/**
 * The accents the issue names, two that a threshold on CIE LCH lightness gets wrong (a blue just
 * above and a red just below the crossover), other colour syntaxes an app may write, and random ones.
 */
const ACCENTS: readonly (string | undefined)[] = [
  undefined,
  '#ffd400',
  '#00ff00',
  '#777777',
  '#0000ff',
  '#ffffff',
  '#000000',
  'rgb(14, 113, 255)',
  'rgb(229, 7, 5)',
  'oklch(0.7 0.15 200)',
  'hsl(50 100% 50%)',
  ...randomAccents(8, 2025)
]

/** The accent's text, hovered too, reaches 4.5:1; the focus ring and the selected border 3:1. */
function expectReadableAccent(el: Element, label: string): void {
  const onAccent = tokenColour(el, '--w3m-color-on-accent')
  const accent = painted(tokenColour(el, '--w3m-accent'))
  expect(contrastRatio(onAccent, accent), `on-accent on ${label}`).to.be.at.least(4.5)
  const hover = tokenColour(el, '--w3m-color-accent-hover')
  expect(contrastRatio(onAccent, hover), `on-accent on ${label} hovered`).to.be.at.least(4.5)
  const [, ring] = focusRingColours(el)
  const indicator = tokenColour(el, '--w3m-color-accent-indicator')
  for (const background of BACKGROUNDS) {
    const behind = tokenColour(el, background)
    expect(contrastRatio(ring!, behind), `focus ring for ${label} against ${background}`).to.be.at.least(3)
    expect(contrastRatio(indicator, behind), `selected border for ${label} against ${background}`).to.be.at.least(3)
  }
}

describe('accent contrast: the colours on and around any accent an app sets', () => {
  beforeEach(() => {
    resetTheme()
    resetModal()
  })
  afterEach(async () => {
    resetTheme()
    await emulateMedia({ colorScheme: 'light' })
  })

  for (const mode of ['light', 'dark'] as const) {
    for (const accent of ACCENTS) {
      const label = accent ?? 'the default accent'
      it(`${mode}, ${label}: button text 4.5:1 (hovered too), focus ring and selected border 3:1`, async () => {
        const el = await renderThemed(mode, accent)
        const button = getComputedStyle(innerButton(el))
        const ratio = contrastRatio(painted(button.color), painted(button.backgroundColor))
        expect(ratio, `the connect button on ${label}`).to.be.at.least(4.5)
        expectReadableAccent(el, label)
        await expect(el).to.be.accessible()
      })
    }

    it(`${mode}: every #rgb accent (4096) set on the host's style keeps the ratios`, async function () {
      this.timeout(60_000)
      const el = await renderThemed(mode)
      for (let value = 0; value < 0x1000; value++) {
        const accent = `#${value.toString(16).padStart(3, '0')}`
        el.style.setProperty('--w3m-accent', accent)
        expectReadableAccent(el, accent)
      }
      await expect(el).to.be.accessible()
    })
  }

  it('every accent near the black-or-white crossover (luminance 0.1832 ± 0.0004) keeps 4.5:1', async function () {
    this.timeout(60_000)
    const el = await renderThemed('light')
    const near: string[] = []
    for (let r = 0; r < 256; r += 2) {
      for (let g = 0; g < 256; g += 2) {
        for (let b = 0; b < 256; b += 2) {
          const hex = `#${((r << 16) | (g << 8) | b).toString(16).padStart(6, '0')}`
          if (Math.abs(relativeLuminance(hex) - 0.1832) < 0.0004) near.push(hex)
        }
      }
    }
    expect(near.length).to.be.above(500)
    for (const accent of near) {
      el.style.setProperty('--w3m-accent', accent)
      const onAccent = tokenColour(el, '--w3m-color-on-accent')
      expect(contrastRatio(onAccent, accent), `on-accent on ${accent}`).to.be.at.least(4.5)
      const hover = tokenColour(el, '--w3m-color-accent-hover')
      expect(contrastRatio(onAccent, hover), `on-accent on ${accent} hovered`).to.be.at.least(4.5)
    }
    await expect(el).to.be.accessible()
  })

  it('white text on the default accent (4.50:1), black on yellow, both on either side of the crossover', async () => {
    const el = await renderThemed('light')
    const onAccent = (accent: string): string => {
      setThemeVariables({ '--w3m-accent': accent })
      return painted(getComputedStyle(innerButton(el)).color)
    }
    const white = 'rgb(255, 255, 255)'
    const black = 'rgb(0, 0, 0)'
    expect(onAccent('#3b6cf6')).to.equal(white)
    expect(contrastRatio(white, '#3b6cf6')).to.be.closeTo(4.505, 0.001)
    expect(onAccent('#ffd400')).to.equal(black)
    // #767676 is the lightest grey white text reaches 4.5:1 on; #777777 is the next.
    expect(onAccent('#767676')).to.equal(white)
    expect(onAccent('#777777')).to.equal(black)
    await expect(el).to.be.accessible()
  })

  it('follows an accent set after the first render, in CSS', async () => {
    const el = await renderThemed('dark')
    const before = getComputedStyle(innerButton(el)).color
    setThemeVariables({ '--w3m-accent': '#ffd400' })
    const after = getComputedStyle(innerButton(el))
    expect(after.color).to.not.equal(before)
    expect(contrastRatio(after.color, after.backgroundColor)).to.be.at.least(4.5)
    await expect(el).to.be.accessible()
  })

  for (const mode of ['light', 'dark'] as const) {
    it(`${mode}: keyboard focus draws the ring, 3:1 against the backgrounds, on a yellow accent`, async () => {
      const el = await renderThemed(mode, '#ffd400')
      await sendKeys({ press: 'Tab' })
      const button = innerButton(el)
      expect(el.shadowRoot!.activeElement).to.equal(button)
      expect(button.matches(':focus-visible')).to.equal(true)
      const [gap, ring] = shadowColours(getComputedStyle(button).boxShadow)
      expect(gap).to.equal(tokenColour(el, '--w3m-color-bg'))
      for (const background of BACKGROUNDS) {
        expect(contrastRatio(ring!, tokenColour(el, background)), `ring against ${background}`).to.be.at.least(3)
      }
      await expect(el).to.be.accessible()
    })
  }
})
