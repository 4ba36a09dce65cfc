import { expect, fixture, html } from '@open-wc/testing'
import { sendKeys } from '@web/test-runner-commands'
import '../../../src/elements/views/account/w3m-account-nfts.js'
import type { W3mAccountNfts } from '../../../src/elements/views/account/w3m-account-nfts.js'
import { setAccount } from '../../../src/stores/account.js'
import { $nfts, hiddenNftCount, showNfts, shownNfts } from '../../../src/stores/account/nfts.js'
import { connectedEvmAccount } from '../../fixtures/accounts.js'
import { evmNfts } from '../../fixtures/nfts.js'
import { setUpConnection, setUpNfts, tearDownConnection, until } from '../connect/support.js'

const ADDRESS = connectedEvmAccount.address ?? ''
const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector)
const cards = (el: Element) =>
  [...el.shadowRoot!.querySelectorAll('[data-testid=nft-name]')].map(name => name.textContent?.trim())

describe('the NFTs tab', () => {
  beforeEach(() => {
    setUpConnection()
    setAccount(connectedEvmAccount)
  })
  afterEach(() => tearDownConnection())

  it('asks once per account and network, and hides spam collections until "Show hidden"', async () => {
    const api = setUpNfts(evmNfts)
    await showNfts()
    await showNfts()
    expect(api.calls).to.deep.equal([`eip155:1:${ADDRESS}`])
    const state = $nfts.get()
    expect(shownNfts(state).map(nft => nft.tokenId)).to.deep.equal(['3', '4'])
    expect(hiddenNftCount(state)).to.equal(1)
    expect(shownNfts({ ...state, showHidden: true })).to.have.length(3)
    setAccount({ caipAddress: `eip155:56:${ADDRESS}` })
    await showNfts()
    expect(api.calls[1]).to.equal(`eip155:56:${ADDRESS}`)
  })

  it('an image the page may not load is left out (the card shows a placeholder)', async () => {
    setUpNfts([{ ...evmNfts[0]!, image: { url: 'http://tracker.example/nft.png' } }])
    await showNfts()
    expect($nfts.get().nfts[0]!.image).to.equal(undefined)
  })

  it('shows the grid with image, name and collection; the toggle shows and hides the spam; accessible', async () => {
    setUpNfts(evmNfts)
    const el = await fixture<W3mAccountNfts>(html`<w3m-account-nfts></w3m-account-nfts>`)
    await until(() => $(el, '[data-testid=nfts-grid]') !== null, 'the grid')
    expect(cards(el)).to.deep.equal(['AppKit Test Collection #3', 'AppKit Test Collection #4'])
    expect($(el, '[data-testid=nft-card]')!.textContent).to.contain('AppKit Test Collection')
    expect($(el, '[data-testid=nft-card] img')!.getAttribute('src')).to.match(/^data:image\/svg\+xml,/)
    const toggle = $(el, '[data-testid=nfts-toggle-hidden]')!
    expect(toggle.textContent?.trim()).to.equal('Show hidden (1)')
    expect(toggle.getAttribute('aria-pressed')).to.equal('false')
    await expect(el).to.be.accessible()
    toggle.click()
    await el.updateComplete
    expect(cards(el)).to.deep.equal([
      'AppKit Test Collection #3',
      'AppKit Test Collection #4',
      'Reward Claim Voucher #2'
    ])
    expect(toggle.getAttribute('aria-pressed')).to.equal('true')
    // The spam NFT has no image: its card shows the placeholder.
    expect(el.shadowRoot!.querySelectorAll('[data-testid=nft-card] wui-wallet-image')).to.have.length(1)
    toggle.click()
    await el.updateComplete
    expect(cards(el)).to.have.length(2)
  })

  it('a card opens the details (collection, token id, contract, description), focus on its name; Back returns focus to the card', async () => {
    setUpNfts(evmNfts)
    const el = await fixture<W3mAccountNfts>(html`<w3m-account-nfts></w3m-account-nfts>`)
    await until(() => $(el, '[data-testid=nft-card]') !== null, 'the cards')
    const second = el.shadowRoot!.querySelectorAll<HTMLElement>('[data-testid=nft-card]')[1]!
    second.focus()
    await sendKeys({ press: 'Enter' })
    await until(() => $(el, '[data-testid=nft-details]') !== null, 'the details')
    expect(el.shadowRoot!.activeElement?.getAttribute('data-testid')).to.equal('nft-details-name')
    expect($(el, '[data-testid=nft-details-name]')!.textContent).to.equal('AppKit Test Collection #4')
    expect($(el, '[data-testid=nft-details-collection]')!.textContent?.trim()).to.equal('AppKit Test Collection (AKTC)')
    expect($(el, '[data-testid=nft-details-description]')!.textContent).to.equal(
      'A test collection of the AppKit local chains.'
    )
    expect($(el, '[data-testid=nft-details]')!.textContent).to.contain('0x5FbD…0aa3')
    await expect(el).to.be.accessible()
    $(el, '[data-testid=nft-details-back]')!.click()
    await until(() => $(el, '[data-testid=nfts-grid]') !== null, 'the grid again')
    expect(el.shadowRoot!.activeElement?.getAttribute('data-token')).to.equal(
      `0x5FbDB2315678afecb367f032d93F642f64180aa3:4`
    )
  })

  it('loading, empty and unavailable states; unavailable asks again the next time the tab shows', async () => {
    const api = setUpNfts(new Error('HTTP status code: 500'))
    const el = await fixture<W3mAccountNfts>(html`<w3m-account-nfts></w3m-account-nfts>`)
    await until(() => $(el, '[data-testid=nfts-unavailable]') !== null, 'the unavailable state')
    expect($(el, '[data-testid=nfts-unavailable]')!.textContent?.trim()).to.equal('NFTs are unavailable right now.')
    api.answer = []
    el.remove()
    const again = await fixture<W3mAccountNfts>(html`<w3m-account-nfts></w3m-account-nfts>`)
    await until(() => $(again, '[data-testid=nfts-empty]') !== null, 'the empty state')
    expect(api.calls).to.have.length(2)
    expect($(again, '[data-testid=nfts-empty]')!.textContent?.trim()).to.equal('No NFTs on this network yet.')
    expect($(again, '[data-testid=nfts-toggle-hidden]')).to.equal(null)
    await expect(again).to.be.accessible()
  })
})
