import { expect, fixture, html } from '@open-wc/testing'
import { sendKeys } from '@web/test-runner-commands'
import '../../../src/elements/views/account/w3m-account-tabs.js'
import type { W3mAccountTabs } from '../../../src/elements/views/account/w3m-account-tabs.js'
import { setAccount } from '../../../src/stores/account.js'
import { $accountTab } from '../../../src/stores/account/account-tab.js'
import { connectedEvmAccount } from '../../fixtures/accounts.js'
import { evmTokenBalances } from '../../fixtures/tokens.js'
import { historyFirstPage } from '../../fixtures/transactions.js'
import { evmNfts } from '../../fixtures/nfts.js'
import { setUpConnection, setUpHistory, setUpNfts, tearDownConnection, until } from '../connect/support.js'

const tab = (el: Element, name: string) =>
  el.shadowRoot!.querySelector<HTMLElement>(`[data-testid=account-tab-${name}]`)!
const panel = (el: Element) => el.shadowRoot!.querySelector<HTMLElement>('[role=tabpanel]')!
const focused = (el: Element) => el.shadowRoot!.activeElement?.getAttribute('data-testid')

describe('the Account tabs', () => {
  beforeEach(() => {
    setUpConnection().tokenBalancesAnswer = evmTokenBalances
    setUpHistory({ '': { ...historyFirstPage, next: null } })
    setUpNfts(evmNfts)
    setAccount(connectedEvmAccount)
  })
  afterEach(() => tearDownConnection())

  it('are a tablist: one selected tab in the Tab order, its panel labelled by it; accessible', async () => {
    const el = await fixture<W3mAccountTabs>(html`<w3m-account-tabs></w3m-account-tabs>`)
    expect(el.shadowRoot!.querySelectorAll('[role=tablist] [role=tab]')).to.have.length(3)
    expect(tab(el, 'tokens').getAttribute('aria-selected')).to.equal('true')
    expect(tab(el, 'tokens').tabIndex).to.equal(0)
    for (const other of ['nfts', 'activity']) {
      expect(tab(el, other).getAttribute('aria-selected')).to.equal('false')
      expect(tab(el, other).tabIndex).to.equal(-1)
    }
    expect(panel(el).getAttribute('aria-labelledby')).to.equal(tab(el, 'tokens').id)
    expect(tab(el, 'tokens').getAttribute('aria-controls')).to.equal(panel(el).id)
    expect(panel(el).querySelector('w3m-account-tokens')).to.not.equal(null)
    await until(
      () =>
        panel(el).querySelector('w3m-account-tokens')!.shadowRoot!.querySelector('[data-testid=tokens-list]') !== null,
      'the tokens'
    )
    await expect(el).to.be.accessible()
  })

  it('the arrow keys, Home and End move focus and choose the tab; NFTs and Activity load their panels', async () => {
    const el = await fixture<W3mAccountTabs>(html`<w3m-account-tabs></w3m-account-tabs>`)
    tab(el, 'tokens').focus()
    await sendKeys({ press: 'ArrowRight' })
    await until(() => focused(el) === 'account-tab-nfts', 'focus on NFTs')
    expect(tab(el, 'nfts').getAttribute('aria-selected')).to.equal('true')
    expect(panel(el).getAttribute('aria-labelledby')).to.equal(tab(el, 'nfts').id)
    await until(
      () => panel(el).querySelector('w3m-account-nfts')?.shadowRoot?.querySelector('[data-testid=nft-card]') != null,
      'the NFT cards'
    )
    await expect(el).to.be.accessible()
    await sendKeys({ press: 'ArrowRight' })
    await until(() => focused(el) === 'account-tab-activity', 'focus on Activity')
    expect(tab(el, 'activity').getAttribute('aria-selected')).to.equal('true')
    await until(
      () =>
        panel(el).querySelector('w3m-account-activity')?.shadowRoot?.querySelector('[data-testid=activity-row]') !=
        null,
      'the activity rows'
    )
    await expect(el).to.be.accessible()
    await sendKeys({ press: 'ArrowRight' })
    await until(() => focused(el) === 'account-tab-tokens', 'wrapping to Tokens')
    await sendKeys({ press: 'End' })
    await until(() => focused(el) === 'account-tab-activity', 'End')
    await sendKeys({ press: 'Home' })
    await until(() => focused(el) === 'account-tab-tokens', 'Home')
    await sendKeys({ press: 'ArrowLeft' })
    await until(() => focused(el) === 'account-tab-activity', 'ArrowLeft wrapping')
  })

  it('mirror the arrow keys right to left', async () => {
    const box = await fixture<HTMLDivElement>(html`<div dir="rtl"><w3m-account-tabs></w3m-account-tabs></div>`)
    const el = box.querySelector('w3m-account-tabs')!
    tab(el, 'tokens').focus()
    await sendKeys({ press: 'ArrowLeft' })
    await until(() => focused(el) === 'account-tab-nfts', 'ArrowLeft moving forward')
  })

  it('keep the chosen tab while the page lives (a new Account view opens on it)', async () => {
    const first = await fixture<W3mAccountTabs>(html`<w3m-account-tabs></w3m-account-tabs>`)
    tab(first, 'activity').click()
    expect($accountTab.get()).to.equal('activity')
    first.remove()
    const again = await fixture<W3mAccountTabs>(html`<w3m-account-tabs></w3m-account-tabs>`)
    expect(tab(again, 'activity').getAttribute('aria-selected')).to.equal('true')
    expect(panel(again).querySelector('w3m-account-activity')).to.not.equal(null)
  })

  it('leave Activity out when the app turns features.history off (a kept Activity choice falls back to Tokens)', async () => {
    setUpConnection({ features: { history: false } }).tokenBalancesAnswer = evmTokenBalances
    setAccount(connectedEvmAccount)
    $accountTab.set('activity')
    const el = await fixture<W3mAccountTabs>(html`<w3m-account-tabs></w3m-account-tabs>`)
    expect(
      [...el.shadowRoot!.querySelectorAll('[role=tab]')].map(node => node.getAttribute('data-testid'))
    ).to.deep.equal(['account-tab-tokens', 'account-tab-nfts'])
    expect(tab(el, 'tokens').getAttribute('aria-selected')).to.equal('true')
    tab(el, 'tokens').focus()
    await sendKeys({ press: 'ArrowLeft' })
    await until(() => focused(el) === 'account-tab-nfts', 'wrapping to NFTs, the last shown tab')
  })
})
