import { expect } from '@open-wc/testing'
import { contrastRatio, parseColour, relativeLuminance } from './contrast.js'

describe('contrast (WCAG 2.2)', () => {
  it('black on white is 21:1, a colour on itself 1:1', () => {
    expect(contrastRatio('#000000', '#ffffff')).to.equal(21)
    expect(contrastRatio('#3b6cf6', '#3b6cf6')).to.equal(1)
  })

  it('known ratios: #777777 on white just misses 4.5:1, #767676 reaches it', () => {
    expect(contrastRatio('#777777', '#ffffff')).to.be.closeTo(4.48, 0.005)
    expect(contrastRatio('#767676', '#ffffff')).to.be.closeTo(4.54, 0.005)
  })

  it('the order of the two colours does not matter', () => {
    expect(contrastRatio('#ffd400', '#141414')).to.equal(contrastRatio('#141414', '#ffd400'))
  })

  it('white on a yellow accent fails 4.5:1 (the kit used to put white on every accent)', () => {
    expect(contrastRatio('#ffffff', '#ffd400')).to.be.below(1.6)
  })

  it('reads the forms Chromium computes: rgb, rgba, color(srgb), color(xyz-d65), #hex', () => {
    expect(relativeLuminance('rgb(255, 255, 255)')).to.be.closeTo(1, 1e-9)
    expect(relativeLuminance('rgb(255 0 0)')).to.be.closeTo(0.2126, 1e-9)
    expect(relativeLuminance('#0f0')).to.be.closeTo(0.7152, 1e-9)
    expect(relativeLuminance('color(srgb 0 0 1)')).to.be.closeTo(0.0722, 1e-9)
    expect(relativeLuminance('color(srgb-linear 0.5 0.5 0.5)')).to.be.closeTo(0.5, 1e-9)
    // In XYZ (D65) the y channel is the luminance itself.
    expect(relativeLuminance('color(xyz-d65 0.189583 0.2 0.0286121)')).to.be.closeTo(0.2, 1e-4)
    expect(relativeLuminance('color(xyz-d65 0.95046 1 1.08906)')).to.be.closeTo(1, 1e-4)
    expect(parseColour('rgba(0, 0, 0, 0.4)').alpha).to.equal(0.4)
    expect(parseColour('color(srgb 1 1 1 / 0.5)').alpha).to.equal(0.5)
  })

  it('clips a colour outside sRGB, as the screen shows it', () => {
    expect(parseColour('color(srgb 1.2 -0.1 0.5)').rgb.slice(0, 2)).to.deep.equal([1, 0])
  })

  it('refuses what it cannot measure: unknown syntax, translucent colours', () => {
    expect(() => parseColour('lab(50 20 30)')).to.throw('unsupported colour')
    expect(() => relativeLuminance('rgba(0, 0, 0, 0.4)')).to.throw('translucent')
  })
})
