import { expect } from '@open-wc/testing'
import { PAIRING_EXPIRY_MARGIN_MS, PAIRING_LIFETIME_MS } from '../../../src/config/constants.js'
import { choosePairing, isPairingExpired, shouldReusePairing } from '../../../src/connectors/walletconnect/pairing.js'
import { storedPairingSchema, type StoredPairing } from '../../../src/storage/pairing.js'

const NOW = 1_700_000_000_000
const TOPIC = 'a'.repeat(64)
const pairing = (expiresAt: number): StoredPairing => ({
  topic: TOPIC,
  uri: `wc:${TOPIC}@2?relay-protocol=irn&symKey=${'b'.repeat(64)}`,
  expiresAt
})
const TELEGRAM = { telegram: true, iosSafari: false }
const IOS_SAFARI = { telegram: false, iosSafari: true }
const ELSEWHERE = { telegram: false, iosSafari: false }

describe('WalletConnect pairing', () => {
  it('uses the spec constants: 4 minutes, 10 s margin', () => {
    expect(PAIRING_LIFETIME_MS).to.equal(240_000)
    expect(PAIRING_EXPIRY_MARGIN_MS).to.equal(10_000)
  })

  it('is expired with 9.999 s left, not with exactly 10 s', () => {
    expect(isPairingExpired(pairing(NOW + 9_999), NOW)).to.be.true
    expect(isPairingExpired(pairing(NOW + 10_000), NOW)).to.be.false
    expect(isPairingExpired(pairing(NOW + 60_000), NOW)).to.be.false
    expect(isPairingExpired(pairing(NOW - 1), NOW)).to.be.true
  })

  it('reads the clock when no time is given', () => {
    expect(isPairingExpired(pairing(Date.now() + 60_000))).to.be.false
    expect(isPairingExpired(pairing(Date.now() + 5_000))).to.be.true
  })

  it('reuses pairings only on Telegram or iOS Safari', () => {
    expect(shouldReusePairing(TELEGRAM)).to.be.true
    expect(shouldReusePairing(IOS_SAFARI)).to.be.true
    expect(shouldReusePairing({ telegram: true, iosSafari: true })).to.be.true
    expect(shouldReusePairing(ELSEWHERE)).to.be.false
  })

  it('reuses a live pairing on Telegram and on iOS Safari', () => {
    const live = pairing(NOW + 60_000)
    expect(choosePairing(live, TELEGRAM, NOW)).to.deep.equal({ reuse: live })
    expect(choosePairing(live, IOS_SAFARI, NOW)).to.deep.equal({ reuse: live })
  })

  it('starts a new connection elsewhere, even with a live pairing', () => {
    expect(choosePairing(pairing(NOW + 60_000), ELSEWHERE, NOW)).to.deep.equal({
      create: { expiresAt: NOW + 240_000 }
    })
  })

  it('creates a pairing lasting exactly 4 minutes when there is none', () => {
    expect(choosePairing(undefined, TELEGRAM, NOW)).to.deep.equal({ create: { expiresAt: NOW + 4 * 60_000 } })
  })

  it('does not reuse an expired pairing, even on Telegram', () => {
    expect(choosePairing(pairing(NOW + 9_999), TELEGRAM, NOW)).to.deep.equal({
      create: { expiresAt: NOW + 240_000 }
    })
    expect(choosePairing(pairing(NOW + 10_000), TELEGRAM, NOW)).to.have.property('reuse')
  })
})

describe('the stored pairing schema', () => {
  it('accepts a pairing', () => {
    const valid = pairing(NOW)
    expect(storedPairingSchema.safeParse(valid)).to.deep.equal({ success: true, data: valid })
  })

  it('rejects garbage', () => {
    const garbage: unknown[] = [
      null,
      'wc:abc@2',
      42,
      [],
      {},
      { ...pairing(NOW), topic: '' },
      { ...pairing(NOW), uri: 'https://example.com' },
      { ...pairing(NOW), uri: `wc:${'c'.repeat(64)}@2?relay-protocol=irn` },
      { ...pairing(NOW), expiresAt: '1700000000000' },
      { ...pairing(NOW), expiresAt: -1 },
      { ...pairing(NOW), expiresAt: 1.5 },
      { ...pairing(NOW), expiresAt: Number.NaN },
      { topic: TOPIC, uri: pairing(NOW).uri }
    ]
    for (const value of garbage) {
      expect(storedPairingSchema.safeParse(value).success, JSON.stringify(value)).to.be.false
    }
  })
})
