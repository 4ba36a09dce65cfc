import { expect } from '@open-wc/testing'
import { formatAmount } from '../../../src/utils/format.js'
import { formatCurrency, formatRelativeTime } from '../../../src/utils/intl-format.js'

describe('formatting through Intl', () => {
  describe('formatAmount', () => {
    it('cuts to 3 decimals and never rounds up, in every locale', () => {
      expect(formatAmount('1.9999', 'en')).to.equal('1.999')
      expect(formatAmount('0.0009', 'en')).to.equal('0')
      expect(formatAmount('1.9999', 'de')).to.equal('1,999')
      expect(formatAmount('1.9999', 'fr')).to.equal('1,999')
      expect(formatAmount('1.9999', 'ar')).to.equal(new Intl.NumberFormat('ar').format(1.999))
    })

    it('groups thousands the locale way', () => {
      expect(formatAmount('1234567.891', 'en')).to.equal('1,234,567.891')
      expect(formatAmount('1234567.891', 'de')).to.equal('1.234.567,891')
      expect(formatAmount('1234.5', 'ja')).to.equal('1,234.5')
    })

    it('keeps every digit of an amount beyond a double', () => {
      expect(formatAmount('123456789012345678901.987654', 'en')).to.equal('123,456,789,012,345,678,901.987')
    })

    it('leaves a text that is no number as it is', () => {
      expect(formatAmount('n/a', 'en')).to.equal('n/a')
    })
  })

  it('formats currencies per locale', () => {
    expect(formatCurrency(1234.5, 'USD', 'en')).to.equal('$1,234.50')
    expect(formatCurrency(1234.5, 'EUR', 'de')).to.equal('1.234,50\u00a0€')
  })

  describe('formatRelativeTime (docs/behaviour.md section 9: relative-time labels sec, min, hr, d, mo, yr)', () => {
    const now = new Date('2026-06-15T12:00:00Z')
    const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000)
    const MIN = 60
    const HR = 3600
    const D = 24 * HR

    it("English: the spec's labels, the largest whole unit, at each unit's boundary", () => {
      const cases: [number, string][] = [
        [0, '0 sec'],
        [1, '1 sec'],
        [59, '59 sec'],
        [MIN, '1 min'],
        [3 * MIN + 59, '3 min'],
        [HR - 1, '59 min'],
        [HR, '1 hr'],
        [2 * HR, '2 hr'],
        [D - 1, '23 hr'],
        [D, '1 d'],
        [4 * D, '4 d'],
        [30 * D - 1, '29 d'],
        [30 * D, '1 mo'],
        [190 * D, '6 mo'],
        [365 * D - 1, '12 mo'],
        [365 * D, '1 yr']
      ]
      for (const [seconds, label] of cases)
        expect(formatRelativeTime(ago(seconds), 'en', now), `${seconds} s`).to.equal(label)
    })

    it('two years back is "2 yr", never a date (issue 29)', () => {
      expect(formatRelativeTime(ago(2 * 365 * D), 'en', now)).to.equal('2 yr')
      expect(formatRelativeTime(ago(2 * 365 * D + 200 * D), 'en', now)).to.equal('2 yr')
      expect(formatRelativeTime(ago(2 * 365 * D), 'fr', now)).to.match(/^2\s+ans$/)
    })

    it('a time ahead of the clock (a skewed clock) is 0 sec, not a negative count', () => {
      expect(formatRelativeTime(new Date(now.getTime() + 90_000), 'en', now)).to.equal('0 sec')
    })

    it("other locales: the locale's own short unit, no 'ago'", () => {
      expect(formatRelativeTime(ago(2 * MIN), 'de', now)).to.equal('2 Min.')
      expect(formatRelativeTime(ago(5), 'de', now)).to.equal('5 Sek.')
      expect(formatRelativeTime(ago(3 * HR), 'de', now)).to.equal('3 Std.')
      expect(formatRelativeTime(ago(4 * D), 'ja', now)).to.equal(
        new Intl.NumberFormat('ja', { style: 'unit', unit: 'day', unitDisplay: 'short' }).format(4)
      )
      expect(formatRelativeTime(ago(4 * D), 'ja', now)).to.contain('4')
    })
  })
})
