// Spec.md section 9, restricted time zones (mainland China and its special regions): Buy and Swap
// are not offered there. The Account view is checked under Chromium's own time zone override (the
// DevTools protocol's, as Playwright's `timezoneId`: see test/browser/time-zone-command.mjs), with
// a live connection that may buy and swap anywhere else.
import { expect, fixture, html } from '@open-wc/testing'
import { executeServerCommand } from '@web/test-runner-commands'
import '../../../src/elements/views/account/w3m-account-view.js'
import {
  RESTRICTED_TIME_ZONES,
  inRestrictedTimeZone,
  isRestrictedTimeZone,
  visitorTimeZone
} from '../../../src/config/restricted-time-zones.js'
import { canBuy, canSwap, connect } from '../../../src/stores/connect/connection.js'
import { loadConnectors } from '../../../src/stores/connect/connectors.js'
import { FakeEip1193Provider, announceWallet } from '../../fixtures/eip1193-provider.js'
import { TEST_NETWORKS, setUpConnection, tearDownConnection, track } from '../connect/support.js'

const emulateTimeZone = (timeZone: string) => executeServerCommand('emulate-time-zone', { timeZone })

async function featureButtons(): Promise<string[]> {
  const el = await fixture(html`<w3m-account-view></w3m-account-view>`)
  return [...el.shadowRoot!.querySelectorAll('[data-testid=wallet-features] button')].map(
    button => button.getAttribute('data-testid') ?? ''
  )
}

describe('restricted time zones (docs/behaviour.md section 9)', () => {
  it('are the zones of mainland China, Hong Kong and Macau, by name in any case; their neighbours are not', () => {
    for (const zone of ['Asia/Shanghai', 'Asia/Urumqi', 'Asia/Hong_Kong', 'Asia/Macau', 'asia/shanghai', 'PRC'])
      expect(isRestrictedTimeZone(zone), zone).to.equal(true)
    for (const zone of ['Asia/Taipei', 'Asia/Tokyo', 'Asia/Singapore', 'Europe/Berlin', 'UTC', '', undefined])
      expect(isRestrictedTimeZone(zone), String(zone)).to.equal(false)
    expect(RESTRICTED_TIME_ZONES.every(zone => isRestrictedTimeZone(zone))).to.equal(true)
  })

  describe('in the Account view, under Chromium’s time zone override', () => {
    beforeEach(async () => {
      setUpConnection({ networks: [...TEST_NETWORKS], defaultNetwork: TEST_NETWORKS[2] })
      track(announceWallet(new FakeEip1193Provider({ chainId: 31337 }), { rdns: 'com.example.fake' }))
      await loadConnectors()
      expect(await connect('com.example.fake')).to.equal(true)
    })
    afterEach(async () => {
      await emulateTimeZone('')
      tearDownConnection()
    })

    for (const zone of ['Asia/Shanghai', 'Asia/Hong_Kong', 'Asia/Macau', 'Asia/Urumqi']) {
      it(`in ${zone}: no Buy and no Swap; Receive and Send stay`, async () => {
        await emulateTimeZone(zone)
        expect(visitorTimeZone()).to.equal(zone)
        expect(inRestrictedTimeZone()).to.equal(true)
        expect([canBuy(), canSwap()]).to.deep.equal([false, false])
        expect(await featureButtons()).to.deep.equal(['wallet-feature-receive', 'wallet-feature-send'])
      })
    }

    for (const zone of ['Asia/Taipei', 'Europe/Berlin']) {
      it(`in ${zone}: Buy, Swap, Receive and Send`, async () => {
        await emulateTimeZone(zone)
        expect(visitorTimeZone()).to.equal(zone)
        expect(await featureButtons()).to.deep.equal([
          'wallet-feature-onramp',
          'wallet-feature-swaps',
          'wallet-feature-receive',
          'wallet-feature-send'
        ])
      })
    }

    it('follows a zone that changes while the page is open (read each time, never cached)', async () => {
      await emulateTimeZone('Europe/Berlin')
      expect(canBuy()).to.equal(true)
      await emulateTimeZone('Asia/Shanghai')
      expect(canBuy()).to.equal(false)
    })
  })
})
