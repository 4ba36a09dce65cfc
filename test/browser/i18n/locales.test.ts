import { expect } from '@open-wc/testing'
import { LOCALES, matchLocale, pageLocale, pickLocale, textDirection } from '../../../src/i18n/locales.js'

describe('locales', () => {
  it('ships ten locales, English first', () => {
    expect([...LOCALES]).to.deep.equal(['en', 'es', 'fr', 'de', 'pt-BR', 'ja', 'zh-CN', 'ko', 'tr', 'ar'])
  })

  it('matches a tag exactly, case-insensitively, with _ or -', () => {
    expect(matchLocale('pt-BR')).to.equal('pt-BR')
    expect(matchLocale('zh_cn')).to.equal('zh-CN')
    expect(matchLocale('AR')).to.equal('ar')
  })

  it('falls back to the language: es-MX -> es, pt-PT -> pt-BR, zh-Hans-SG -> zh-CN', () => {
    expect(matchLocale('es-MX')).to.equal('es')
    expect(matchLocale('pt-PT')).to.equal('pt-BR')
    expect(matchLocale('zh-Hans-SG')).to.equal('zh-CN')
    expect(matchLocale('de-AT')).to.equal('de')
  })

  it('matches nothing for Traditional Chinese, unknown languages and empty tags', () => {
    expect(matchLocale('zh-TW')).to.equal(undefined)
    expect(matchLocale('zh-Hant')).to.equal(undefined)
    expect(matchLocale('nl')).to.equal(undefined)
    expect(matchLocale('')).to.equal(undefined)
    expect(matchLocale(undefined)).to.equal(undefined)
  })

  it('picks the first candidate that matches, else English', () => {
    expect(pickLocale(['nl', 'zh-TW', 'ko-KR', 'fr'])).to.equal('ko')
    expect(pickLocale(['nl', 'sv'])).to.equal('en')
  })

  it('reads the page: <html lang> before navigator.languages', () => {
    const html = document.documentElement
    const before = html.lang
    try {
      html.lang = 'tr'
      expect(pageLocale()).to.equal('tr')
      html.lang = ''
      expect(pageLocale()).to.equal(pickLocale(navigator.languages))
    } finally {
      html.lang = before
    }
  })

  it('is right-to-left for Arabic only', () => {
    expect(LOCALES.filter(locale => textDirection(locale) === 'rtl')).to.deep.equal(['ar'])
  })
})
