import { expect, fixture, html } from '@open-wc/testing'
import '../../../src/elements/views/account/w3m-account-activity.js'
import type { W3mAccountActivity } from '../../../src/elements/views/account/w3m-account-activity.js'
import { setAccount } from '../../../src/stores/account.js'
import { onKitEvent, type KitEvent } from '../../../src/stores/kit-events.js'
import { selectNetwork } from '../../../src/stores/network.js'
import { $toast } from '../../../src/stores/toast.js'
import {
  $transactions,
  $transactionsByYear,
  fetchMoreTransactions,
  fetchTransactions,
  NO_ACCOUNT_ADDRESS,
  resetTransactions,
  showActivity
} from '../../../src/stores/account/transactions.js'
import { connectedEvmAccount } from '../../fixtures/accounts.js'
import { HISTORY_ADDRESSES, historyFirstPage, historySecondPage } from '../../fixtures/transactions.js'
import { createFakeNameClient } from '../../fixtures/names.js'
import { setNameClient } from '../../../src/api/name-client.js'
import { nameCache } from '../../../src/storage/caches.js'
import { setUpConnection, setUpHistory, tearDownConnection, until } from '../connect/support.js'
import { watchCalls } from '../wait.js'

const ADDRESS = connectedEvmAccount.address ?? ''
const ids = () => $transactions.get().transactions.map(entry => entry.id.slice(-1))
const rows = (el: Element) => [...el.shadowRoot!.querySelectorAll<HTMLElement>('[data-testid=activity-row]')]
const text = (el: Element | null | undefined) => el?.textContent?.replace(/\s+/g, ' ').trim()

describe('the Activity list: the store (docs/behaviour.md section 5)', () => {
  beforeEach(() => {
    setUpConnection()
    setAccount(connectedEvmAccount)
  })
  afterEach(() => {
    setNameClient(undefined)
    tearDownConnection()
  })

  it("refuses to fetch without an address, with the spec's text", async () => {
    setUpHistory()
    let error: unknown
    try {
      await fetchTransactions(undefined)
    } catch (caught) {
      error = caught
    }
    expect((error as Error).message).to.equal("Transactions can't be fetched without an accountAddress")
    expect(NO_ACCOUNT_ADDRESS).to.equal((error as Error).message)
  })

  it("keeps the active network's transactions, drops those whose every transfer is a spam NFT, keeps the cursor", async () => {
    const history = setUpHistory({ '': historyFirstPage })
    await showActivity()
    expect(history.calls).to.deep.equal([`${ADDRESS} eip155:1 -`])
    // 4 is a spam NFT alone, 5 is on BNB Smart Chain.
    expect(ids()).to.deep.equal(['1', '2', '3'])
    expect($transactions.get().next).to.equal('page-2')
    expect($transactions.get().empty).to.equal(false)
    expect($transactions.get().loading).to.equal(false)
  })

  it('appends the next page with its cursor; the last page leaves no cursor', async () => {
    const history = setUpHistory({ '': historyFirstPage, 'page-2': historySecondPage })
    await showActivity()
    await fetchMoreTransactions()
    expect(history.calls[1]).to.equal(`${ADDRESS} eip155:1 page-2`)
    expect(ids()).to.deep.equal(['1', '2', '3', '6'])
    expect($transactions.get().next).to.equal(undefined)
    await fetchMoreTransactions()
    expect(history.calls).to.have.length(2)
  })

  it('is empty when nothing is left to show', async () => {
    setUpHistory({ '': { data: [historyFirstPage.data[3]!], next: null } })
    await showActivity()
    expect($transactions.get().transactions).to.deep.equal([])
    expect($transactions.get().empty).to.equal(true)
  })

  it('does not ask for a page twice while one is on its way', async () => {
    const history = setUpHistory({ '': historyFirstPage })
    let open = () => {}
    history.gate = new Promise(resolve => (open = resolve))
    const first = showActivity()
    expect($transactions.get().loading).to.equal(true)
    await fetchTransactions(ADDRESS)
    open()
    await first
    expect(history.calls).to.have.length(1)
  })

  it("on the first page's failure: the spec's toast, the ERROR_FETCH_TRANSACTIONS event, an empty list and no cursor", async () => {
    const history = setUpHistory({ '': new Error('HTTP status code: 500') })
    const events: KitEvent[] = []
    const stop = onKitEvent(event => events.push(event))
    try {
      await showActivity()
    } finally {
      stop()
    }
    expect(history.calls).to.have.length(1)
    expect($toast.get()).to.include({ variant: 'error', message: 'Failed to fetch transactions' })
    expect(events.map(event => event.event)).to.deep.equal(['ERROR_FETCH_TRANSACTIONS'])
    expect($transactions.get()).to.include({ empty: true, next: undefined, loading: false })
    expect($transactions.get().transactions).to.deep.equal([])
  })

  it("on a later page's failure: the spec's toast and event, no cursor, and the rows already shown kept (issue 33; docs/behaviour.md section 10)", async () => {
    const history = setUpHistory({ '': historyFirstPage, 'page-2': new Error('HTTP status code: 500') })
    const events: KitEvent[] = []
    const stop = onKitEvent(event => events.push(event))
    try {
      await showActivity()
      await fetchMoreTransactions()
    } finally {
      stop()
    }
    expect(history.calls).to.have.length(2)
    expect($toast.get()).to.include({ variant: 'error', message: 'Failed to fetch transactions' })
    expect(events.map(event => event.event)).to.deep.equal(['ERROR_FETCH_TRANSACTIONS'])
    expect(events[0]!.properties).to.include({ address: ADDRESS, projectId: 'test-project', cursor: 'page-2' })
    expect($transactions.get()).to.include({ empty: false, next: undefined, loading: false })
    expect(ids()).to.deep.equal(['1', '2', '3'])
  })

  it('reset clears everything, and an answer still on its way is dropped', async () => {
    const history = setUpHistory({ '': historyFirstPage })
    let open = () => {}
    history.gate = new Promise(resolve => (open = resolve))
    const pending = showActivity()
    resetTransactions()
    open()
    await pending
    expect($transactions.get()).to.deep.include({ transactions: [], next: undefined, loading: false, empty: false })
    expect($transactions.get().caipAddress).to.equal(undefined)
  })

  it('switching network starts the list over and fetches that network', async () => {
    const history = setUpHistory({ '': historyFirstPage })
    await showActivity()
    selectNetwork('eip155:56')
    setAccount({ caipAddress: `eip155:56:${ADDRESS}` })
    await showActivity()
    expect(history.calls[1]).to.equal(`${ADDRESS} eip155:56 -`)
    expect(ids()).to.deep.equal(['5'])
  })

  it('asks for the onramp purchases with the first page only (onramp=coinbase), and keeps those of the network', async () => {
    const purchase = historyFirstPage.data[0]!
    const pending = { ...purchase, metadata: { ...purchase.metadata, status: 'pending' as const } }
    const history = setUpHistory({
      '': historyFirstPage,
      'page-2': historySecondPage,
      coinbase: { data: [pending, historyFirstPage.data[4]!], next: null }
    })
    await showActivity()
    await fetchMoreTransactions()
    expect(history.onrampCalls).to.deep.equal([`${ADDRESS} eip155:1`])
    expect($transactions.get().coinbaseTransactions.map(entry => entry.metadata.status)).to.deep.equal(['pending'])
  })

  it('without the onramp feature, asks for no purchases; their failure costs nothing else', async () => {
    tearDownConnection()
    setUpConnection({ features: { onramp: false } })
    setAccount(connectedEvmAccount)
    const off = setUpHistory({ '': historyFirstPage })
    await showActivity()
    expect(off.onrampCalls).to.deep.equal([])
    resetTransactions()
    setUpConnection()
    setAccount(connectedEvmAccount)
    setUpHistory({ '': historyFirstPage, coinbase: new Error('HTTP status code: 500') })
    await showActivity()
    expect(ids()).to.deep.equal(['1', '2', '3'])
    expect($toast.get().open).to.equal(false)
  })

  it('groups by year, then month, newest first', async () => {
    setUpHistory({ '': historyFirstPage, 'page-2': historySecondPage })
    await showActivity()
    await fetchMoreTransactions()
    const groups = $transactionsByYear.get()
    expect(groups.map(group => group.year)).to.deep.equal([2026, 2025])
    expect(groups[0]!.months.map(month => [month.month, month.transactions.length])).to.deep.equal([
      [10, 2],
      [9, 1]
    ])
    expect(groups[1]!.months.map(month => month.month)).to.deep.equal([5])
  })

  it("looks up the counterparties' names in the registry (reverse lookup, cached 5 min)", async () => {
    setUpHistory({ '': historyFirstPage })
    const names = createFakeNameClient({ 'alice.appkit.id': HISTORY_ADDRESSES.ALICE })
    setNameClient(names)
    await showActivity()
    await until(() => Object.keys($transactions.get().names).length > 0, 'the names')
    expect($transactions.get().names).to.deep.equal({ [HISTORY_ADDRESSES.ALICE.toLowerCase()]: 'alice.appkit.id' })
    expect(names.reverseCalls).to.include(HISTORY_ADDRESSES.ALICE.toLowerCase())
    expect(nameCache('eip155:1', HISTORY_ADDRESSES.ALICE.toLowerCase()).get()).to.equal('alice.appkit.id')
  })

  it('a failed reverse lookup leaves the addresses', async () => {
    setUpHistory({ '': historyFirstPage })
    const names = createFakeNameClient({ 'alice.appkit.id': HISTORY_ADDRESSES.ALICE })
    names.reverseError = new Error('HTTP status code: 502')
    const reverse = watchCalls(names, 'reverse')
    setNameClient(names)
    await showActivity()
    await until(
      () => reverse.asked.length > 0 && reverse.answered.length === reverse.asked.length,
      'the failed lookups answered'
    )
    expect($transactions.get().names).to.deep.equal({})
  })
})

describe('the Activity list: the element', () => {
  beforeEach(() => {
    setUpConnection()
    setAccount(connectedEvmAccount)
  })
  afterEach(() => {
    setNameClient(undefined)
    tearDownConnection()
  })

  it('shows headings per year and month, and each row: what, with whom, amounts, status, time, explorer link; accessible', async () => {
    setUpHistory({ '': { ...historyFirstPage, next: null } })
    const el = await fixture<W3mAccountActivity>(html`<w3m-account-activity></w3m-account-activity>`)
    await until(() => rows(el).length === 3, 'three rows')
    const headings = (selector: string) => [...el.shadowRoot!.querySelectorAll(selector)].map(text)
    expect(headings('[data-testid=activity-year]')).to.deep.equal(['2026'])
    expect(headings('[data-testid=activity-month]')).to.deep.equal(['November', 'October'])
    const [received, sent, minted] = rows(el)
    expect(text(received!.querySelector('[data-testid=activity-operation]'))).to.equal('Received')
    expect(text(received!.querySelector('[data-testid=activity-counterparty]'))).to.equal('From 0x7099…Bf27')
    expect(text(received!.querySelector('[data-testid=activity-amount]'))).to.equal('+12.345 USDC')
    expect(text(received!.querySelector('[data-testid=activity-meta]'))).to.match(/^Confirmed · /)
    expect(text(sent!.querySelector('[data-testid=activity-amount]'))).to.equal('-0.5 ETH')
    expect(text(sent!.querySelector('[data-testid=activity-counterparty]'))).to.match(/^To 0x3C44/)
    expect(sent!.querySelector('[data-testid=activity-meta]')!.getAttribute('data-status')).to.equal('failed')
    expect(text(sent!.querySelector('[data-testid=activity-meta]'))).to.match(/^Failed · /)
    expect(minted!.querySelector('[data-testid=activity-nft-preview]')).to.not.equal(null)
    expect(text(minted!.querySelector('[data-testid=activity-amount]'))).to.equal('+AKTC #1')
    const link = received!.querySelector('a')!
    expect(link.href).to.equal(`https://etherscan.io/tx/${historyFirstPage.data[0]!.id}`)
    expect(link.target).to.equal('_blank')
    expect(link.rel).to.equal('noopener noreferrer')
    expect(el.shadowRoot!.textContent).to.not.contain('RCV #9')
    await expect(el).to.be.accessible()
  })

  it('shows an onramp purchase as Bought, with the status of the purchase', async () => {
    const purchase = historyFirstPage.data[0]!
    setUpHistory({
      '': { data: [purchase], next: null },
      coinbase: { data: [{ ...purchase, metadata: { ...purchase.metadata, status: 'pending' } }], next: null }
    })
    const el = await fixture<W3mAccountActivity>(html`<w3m-account-activity></w3m-account-activity>`)
    await until(() => text(rows(el)[0]?.querySelector('[data-testid=activity-operation]')) === 'Bought', 'the purchase')
    const meta = rows(el)[0]!.querySelector('[data-testid=activity-meta]')!
    expect(meta.getAttribute('data-status')).to.equal('pending')
    expect(text(meta)).to.match(/^Pending · /)
    await expect(el).to.be.accessible()
  })

  it('a purchase not paid out yet (not in the list) leads it as Bought, pending; with it the list is not empty', async () => {
    const open = {
      ...historyFirstPage.data[0]!,
      id: 'onramp-order:o-1',
      metadata: {
        ...historyFirstPage.data[0]!.metadata,
        minedAt: '2026-11-21T12:00:00.000Z',
        status: 'pending' as const
      }
    }
    const { hash: _none, ...withoutHash } = open.metadata
    setUpHistory({ '': { data: [], next: null }, coinbase: { data: [{ ...open, metadata: withoutHash }], next: null } })
    const el = await fixture<W3mAccountActivity>(html`<w3m-account-activity></w3m-account-activity>`)
    await until(() => rows(el).length === 1, 'the open purchase')
    expect(text(rows(el)[0]!.querySelector('[data-testid=activity-operation]'))).to.equal('Bought')
    expect(rows(el)[0]!.querySelector('[data-testid=activity-meta]')!.getAttribute('data-status')).to.equal('pending')
    expect(rows(el)[0]!.querySelector('a')).to.equal(null)
    expect(el.shadowRoot!.querySelector('[data-testid=activity-empty]')).to.equal(null)
    await expect(el).to.be.accessible()
  })

  it('a network without a block explorer shows rows without a link', async () => {
    selectNetwork('eip155:31337')
    setAccount({ caipAddress: `eip155:31337:${ADDRESS}` })
    const local = historyFirstPage.data.slice(0, 3).map(entry => ({
      ...entry,
      metadata: { ...entry.metadata, chain: 'eip155:31337' }
    }))
    setUpHistory({ '': { data: local, next: null } })
    const el = await fixture<W3mAccountActivity>(html`<w3m-account-activity></w3m-account-activity>`)
    await until(() => rows(el).length === 3, 'three rows')
    expect(el.shadowRoot!.querySelector('[data-testid=activity-row] a')).to.equal(null)
  })

  it('asks the next page only when the end of the list scrolls into view', async () => {
    const history = setUpHistory({ '': historyFirstPage, 'page-2': historySecondPage })
    const box = await fixture<HTMLDivElement>(
      html`<div style="height: 80px; overflow: auto"><w3m-account-activity></w3m-account-activity></div>`
    )
    const el = box.querySelector('w3m-account-activity')!
    await until(() => rows(el).length === 3, 'the first page')
    // Two frames for the observer to report, had the end been in view.
    for (let frame = 0; frame < 3; frame++) await new Promise(requestAnimationFrame)
    expect(history.calls).to.have.length(1)
    box.scrollTop = box.scrollHeight
    await until(() => rows(el).length === 4, 'the second page')
    expect(history.calls[1]).to.match(/ page-2$/)
    expect(el.shadowRoot!.querySelector('[data-testid=activity-more]')).to.equal(null)
  })

  it('says so when there is no activity, and while loading', async () => {
    const history = setUpHistory({ '': { data: [], next: null } })
    let open = () => {}
    history.gate = new Promise(resolve => (open = resolve))
    const el = await fixture<W3mAccountActivity>(html`<w3m-account-activity></w3m-account-activity>`)
    await until(() => el.shadowRoot!.querySelector('[data-testid=activity-loading]') !== null, 'loading')
    expect(el.shadowRoot!.querySelector('section')!.getAttribute('aria-busy')).to.equal('true')
    open()
    await until(() => el.shadowRoot!.querySelector('[data-testid=activity-empty]') !== null, 'the empty state')
    expect(text(el.shadowRoot!.querySelector('[data-testid=activity-empty]'))).to.equal(
      'No activity on this network yet.'
    )
    await expect(el).to.be.accessible()
  })

  it("shows the counterparty's registry name instead of its address", async () => {
    setNameClient(createFakeNameClient({ 'alice.appkit.id': HISTORY_ADDRESSES.ALICE }))
    setUpHistory({ '': { data: [historyFirstPage.data[0]!], next: null } })
    const el = await fixture<W3mAccountActivity>(html`<w3m-account-activity></w3m-account-activity>`)
    await until(
      () => text(el.shadowRoot!.querySelector('[data-testid=activity-counterparty]')) === 'From alice.appkit.id',
      'the name'
    )
  })
})
