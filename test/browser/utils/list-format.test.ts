import { expect } from '@open-wc/testing'
import { formatList } from '../../../src/utils/list-format.js'

describe('formatList', () => {
  it('joins items as a list in the locale', () => {
    expect(formatList(['google', 'x', 'discord'], 'en')).to.equal('google, x, and discord')
    expect(formatList(['google', 'x'], 'de')).to.equal('google und x')
    expect(formatList(['google', 'x'], 'ar')).to.equal('google وx')
  })

  it('gives the same text for the same locale each time (the format is kept per locale)', () => {
    const first = formatList(['a', 'b', 'c'], 'fr')
    expect(formatList(['a', 'b', 'c'], 'fr')).to.equal(first)
    expect(formatList(['a', 'b', 'c'], 'en')).to.not.equal(first)
  })
})
