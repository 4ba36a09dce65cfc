import { expect } from '@open-wc/testing'
import { formatAmount } from '../../../src/utils/format.js'
import { formatCurrency, formatDate, formatRelativeTime } from '../../../src/utils/intl-format.js'

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

  describe('formatRelativeTime', () => {
    const now = new Date('2026-06-15T12:00:00Z')
    const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000)

    it('says how long ago in the largest whole unit, short', () => {
      const rtf = new Intl.RelativeTimeFormat('en', { style: 'short', numeric: 'always' })
      expect(formatRelativeTime(ago(5), 'en', now)).to.equal(rtf.format(-5, 'second'))
      expect(formatRelativeTime(ago(3 * 60 + 59), 'en', now)).to.equal(rtf.format(-3, 'minute'))
      expect(formatRelativeTime(ago(2 * 3600), 'en', now)).to.equal(rtf.format(-2, 'hour'))
      expect(formatRelativeTime(ago(4 * 86400), 'en', now)).to.equal(rtf.format(-4, 'day'))
      expect(formatRelativeTime(ago(190 * 86400), 'en', now)).to.equal(rtf.format(-6, 'month'))
    })

    it('speaks the locale', () => {
      expect(formatRelativeTime(ago(120), 'de', now)).to.equal(
        new Intl.RelativeTimeFormat('de', { style: 'short' }).format(-2, 'minute')
      )
      expect(formatRelativeTime(ago(120), 'de', now)).to.not.equal(formatRelativeTime(ago(120), 'en', now))
    })

    it('is the plain date from a year back', () => {
      const then = ago(400 * 86400)
      expect(formatRelativeTime(then, 'fr', now)).to.equal(formatDate(then, 'fr'))
      expect(formatDate(new Date('2025-03-05T12:00:00Z'), 'en')).to.equal('Mar 5, 2025')
    })
  })
})
