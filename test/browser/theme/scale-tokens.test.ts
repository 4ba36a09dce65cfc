import { expect } from '@open-wc/testing'
import { resetTheme, setThemeVariables } from '../../../src/stores/theme.js'
import { renderThemed, tokenComputed } from './support.js'

/**
 * Issue 32's one scale (src/theme/tokens.ts): spacing, radius, type, weights and icon sizes as
 * tokens with the listed defaults; radius and type follow the master variables an app sets through
 * themeVariables (spec §2's theming), spacing and icon sizes do not.
 */
const SPACING = { '3xs': 2, '2xs': 4, xs: 6, s: 8, m: 12, l: 16, xl: 20, '2xl': 24, '3xl': 32 }
const ICON_SIZES = { xs: 12, s: 16, m: 20, l: 24, xl: 32, '2xl': 48 }
/** Multiples of --w3m-border-radius-master (4px by default). */
const RADIUS = { xs: 1, s: 2, m: 3, l: 8 }
/** Multiples of --w3m-font-size-master (10px by default). */
const TEXT = { micro: 1, small: 1.2, body: 1.4, title: 1.6, large: 2.4, xlarge: 3.2 }
const WEIGHTS = { regular: '400', medium: '500', bold: '600' }

const px = (n: number): string => `${n}px`

describe('scale tokens (issue 32, spec §2)', () => {
  beforeEach(() => resetTheme())
  afterEach(() => resetTheme())

  it('resolve to the listed values by default', async () => {
    const el = await renderThemed('light')
    for (const [name, value] of Object.entries(SPACING)) {
      expect(tokenComputed(el, 'padding-left', `--w3m-spacing-${name}`), `spacing ${name}`).to.equal(px(value))
    }
    for (const [name, value] of Object.entries(ICON_SIZES)) {
      expect(tokenComputed(el, 'padding-left', `--w3m-icon-size-${name}`), `icon ${name}`).to.equal(px(value))
    }
    for (const [name, factor] of Object.entries(RADIUS)) {
      expect(tokenComputed(el, 'padding-left', `--w3m-radius-${name}`), `radius ${name}`).to.equal(px(4 * factor))
    }
    expect(tokenComputed(el, 'padding-left', '--w3m-radius-full')).to.equal('999px')
    for (const [name, factor] of Object.entries(TEXT)) {
      expect(tokenComputed(el, 'font-size', `--w3m-text-${name}`), `text ${name}`).to.equal(px(10 * factor))
    }
    expect(tokenComputed(el, 'font-size', '--w3m-text-large')).to.equal('24px')
    expect(tokenComputed(el, 'font-size', '--w3m-text-xlarge')).to.equal('32px')
    for (const [name, value] of Object.entries(WEIGHTS)) {
      expect(tokenComputed(el, 'font-weight', `--w3m-weight-${name}`), `weight ${name}`).to.equal(value)
    }
  })

  it('radius and type follow --w3m-border-radius-master and --w3m-font-size-master; spacing and icons stay', async () => {
    setThemeVariables({ '--w3m-font-size-master': '12px', '--w3m-border-radius-master': '2px' })
    const el = await renderThemed('dark')
    for (const [name, factor] of Object.entries(RADIUS)) {
      expect(tokenComputed(el, 'padding-left', `--w3m-radius-${name}`), `radius ${name}`).to.equal(px(2 * factor))
    }
    for (const [name, factor] of Object.entries(TEXT)) {
      const computed = parseFloat(tokenComputed(el, 'font-size', `--w3m-text-${name}`))
      expect(computed, `text ${name}`).to.be.closeTo(12 * factor, 0.01)
    }
    expect(tokenComputed(el, 'padding-left', '--w3m-spacing-m')).to.equal('12px')
    expect(tokenComputed(el, 'padding-left', '--w3m-icon-size-l')).to.equal('24px')
  })
})
