import { expect } from '@open-wc/testing'
import { isIosDevice, isIosSafari, isMobileUserAgent, isTelegram } from '../../../src/utils/platform.js'

const UA = {
  iphoneSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  iphoneChrome:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/123.0.6312.52 Mobile/15E148 Safari/604.1',
  iphoneFirefox:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/124.0 Mobile/15E148 Safari/605.1.15',
  iphoneFacebook:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/455.0.0.40.107]',
  iphoneWebView:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
  iphoneTelegram:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1 Telegram-iOS/10.9',
  // iPadOS Safari asks for desktop sites by default and reports a Mac.
  desktopSafari:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  androidChrome:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/123.0.6312.99 Mobile Safari/537.36',
  androidTelegram:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/123.0.6312.99 Mobile Safari/537.36 Telegram-Android/10.9.1',
  desktopChrome:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/123.0.0.0 Safari/537.36'
}

describe('isIosSafari', () => {
  it('is true for Safari on an iPhone', () => {
    expect(isIosSafari({ userAgent: UA.iphoneSafari, maxTouchPoints: 5 })).to.be.true
  })

  it('is false for Chrome and Firefox on an iPhone', () => {
    expect(isIosSafari({ userAgent: UA.iphoneChrome, maxTouchPoints: 5 })).to.be.false
    expect(isIosSafari({ userAgent: UA.iphoneFirefox, maxTouchPoints: 5 })).to.be.false
  })

  it('is false for in-app web views on an iPhone', () => {
    expect(isIosSafari({ userAgent: UA.iphoneFacebook })).to.be.false
    expect(isIosSafari({ userAgent: UA.iphoneWebView })).to.be.false
    expect(isIosSafari({ userAgent: UA.iphoneTelegram })).to.be.false
  })

  it('is true for iPadOS Safari with its desktop user agent and touch, false on a Mac', () => {
    expect(isIosSafari({ userAgent: UA.desktopSafari, maxTouchPoints: 5 })).to.be.true
    expect(isIosSafari({ userAgent: UA.desktopSafari, maxTouchPoints: 0 })).to.be.false
    expect(isIosSafari({ userAgent: UA.desktopSafari, maxTouchPoints: 1 })).to.be.false
  })

  it('is false on Android and desktop Chrome', () => {
    expect(isIosSafari({ userAgent: UA.androidChrome, maxTouchPoints: 5 })).to.be.false
    expect(isIosSafari({ userAgent: UA.desktopChrome })).to.be.false
  })

  it('reads the page when no env is given (headless Chromium is not iOS)', () => {
    expect(isIosSafari()).to.be.false
  })
})

describe('isIosDevice and isMobileUserAgent', () => {
  it('tell phones and tablets from desktops', () => {
    expect(isIosDevice({ userAgent: UA.iphoneChrome })).to.be.true
    expect(isIosDevice({ userAgent: UA.androidChrome })).to.be.false
    expect(isMobileUserAgent({ userAgent: UA.androidChrome })).to.be.true
    expect(isMobileUserAgent({ userAgent: UA.desktopSafari, maxTouchPoints: 5 })).to.be.true
    expect(isMobileUserAgent({ userAgent: UA.desktopSafari })).to.be.false
    expect(isMobileUserAgent({ userAgent: UA.desktopChrome })).to.be.false
  })
})

describe('isTelegram', () => {
  it('is true in a Telegram Mini App (Telegram.WebApp)', () => {
    expect(isTelegram({ userAgent: UA.androidChrome, globals: { Telegram: { WebApp: {} } } })).to.be.true
  })

  it('is false when Telegram has no WebApp', () => {
    expect(isTelegram({ userAgent: UA.androidChrome, globals: { Telegram: {} } })).to.be.false
    expect(isTelegram({ userAgent: UA.androidChrome, globals: { Telegram: 'yes' } })).to.be.false
  })

  it("is true in Telegram's in-app browser (TelegramWebviewProxy)", () => {
    expect(isTelegram({ userAgent: UA.iphoneWebView, globals: { TelegramWebviewProxy: {} } })).to.be.true
  })

  it('is true when the user agent names Telegram', () => {
    expect(isTelegram({ userAgent: UA.androidTelegram })).to.be.true
    expect(isTelegram({ userAgent: UA.iphoneTelegram })).to.be.true
  })

  it('is false for ordinary browsers', () => {
    expect(isTelegram({ userAgent: UA.iphoneSafari, globals: {} })).to.be.false
    expect(isTelegram({ userAgent: UA.androidChrome })).to.be.false
  })

  it('reads the page when no env is given', () => {
    const page = window as unknown as Record<string, unknown>
    expect(isTelegram()).to.be.false
    page['TelegramWebviewProxy'] = {}
    try {
      expect(isTelegram()).to.be.true
    } finally {
      delete page['TelegramWebviewProxy']
    }
  })
})
