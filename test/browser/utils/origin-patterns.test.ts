// The origin matcher in the browser, on the same cases as the backend's tests
// (test/fixtures/origin-pattern-cases.ts), and the page check with the built-in patterns.
import { expect } from '@open-wc/testing'
import {
  BUILT_IN_ORIGIN_PATTERNS,
  isOriginAllowed,
  isPageOriginAllowed,
  originMatches
} from '../../../src/utils/origin-patterns.js'
import { ORIGIN_PATTERN_CASES, UNUSABLE_ORIGINS } from '../../fixtures/origin-pattern-cases.js'

describe('origin patterns', () => {
  for (const [origin, pattern, expected, why] of ORIGIN_PATTERN_CASES) {
    it(`${why}: ${origin} ${expected ? 'matches' : 'does not match'} ${pattern}`, () => {
      expect(originMatches(origin, pattern)).to.equal(expected)
    })
  }

  it('refuses opaque, malformed and missing origins', () => {
    for (const origin of UNUSABLE_ORIGINS) expect(isOriginAllowed(origin, ['*.example']), origin).to.equal(false)
    expect(isOriginAllowed(undefined, ['http://localhost:*'])).to.equal(false)
  })
})

describe('isPageOriginAllowed', () => {
  it('allows local development and the preview hosts with an empty project list', () => {
    expect(BUILT_IN_ORIGIN_PATTERNS).to.include.members(['http://localhost:*', '*.vercel.app', '*.pages.dev'])
    for (const origin of [
      'http://localhost:5173',
      'http://127.0.0.1:8080',
      'https://my-app.vercel.app',
      'https://x.pages.dev'
    ]) {
      expect(isPageOriginAllowed(origin, []), origin).to.equal(true)
    }
  })

  it('allows an origin on the project’s list and refuses one that is on neither', () => {
    expect(isPageOriginAllowed('https://shop.example', ['https://*.shop.example'])).to.equal(false)
    expect(isPageOriginAllowed('https://eu.shop.example', ['https://*.shop.example'])).to.equal(true)
    expect(isPageOriginAllowed('https://shop.example', [])).to.equal(false)
  })
})
