import { expect } from '@open-wc/testing'
import sinon from 'sinon'
import {
  $walletList,
  $wallets,
  addRecentWallet,
  fetchFeatured,
  fetchNextPage,
  fetchRecommended,
  loadWallets,
  resetWallets,
  retryWallets,
  searchWallets,
  setRecentWallets,
  type CatalogWallet
} from '../../../src/stores/connect/wallets.js'
import { hostileWallets, makeCatalog, walletId } from '../../fixtures/catalog.js'
import { getRecentWallets } from '../../../src/storage/recent-wallets.js'
import { setUpCatalog, tearDownCatalog } from './support.js'

const ids = (wallets: readonly CatalogWallet[]) => wallets.map(w => w.id)

describe('the wallets store', () => {
  afterEach(tearDownCatalog)

  it('recommended: the catalog’s first 4 wallets', async () => {
    const client = setUpCatalog()
    await fetchRecommended()
    expect(ids($wallets.get().recommended)).to.deep.equal([0, 1, 2, 3].map(walletId))
    expect(client.calls[0]).to.include({ page: 1, entries: 4 })
  })

  it('pages of 40 until the count is reached, then no more calls', async () => {
    const client = setUpCatalog({}, { wallets: makeCatalog(100) })
    await fetchNextPage()
    expect($wallets.get()).to.include({ page: 1, count: 100 })
    expect($wallets.get().wallets).to.have.length(40)
    await fetchNextPage()
    await fetchNextPage()
    expect($wallets.get().wallets).to.have.length(100)
    expect(ids($wallets.get().wallets).slice(38, 42)).to.deep.equal([38, 39, 40, 41].map(walletId))
    await fetchNextPage()
    expect(client.calls.map(call => [call.page, call.entries])).to.deep.equal([
      [1, 40],
      [2, 40],
      [3, 40]
    ])
  })

  it('asks for one page at a time', async () => {
    const client = setUpCatalog()
    await Promise.all([fetchNextPage(), fetchNextPage()])
    expect(client.calls).to.have.length(1)
  })

  it('featured: the app’s featuredWalletIds, 4 at most, in the app’s order', async () => {
    const featured = [7, 3, 11, 5, 9].map(walletId)
    const client = setUpCatalog({ featuredWalletIds: featured })
    await fetchFeatured()
    expect(ids($wallets.get().featured)).to.deep.equal(featured.slice(0, 4))
    expect(client.calls[0]).to.deep.include({ include: featured.slice(0, 4), entries: 4 })
  })

  it('no featuredWalletIds: no featured wallets and no call', async () => {
    const client = setUpCatalog()
    await fetchFeatured()
    expect($wallets.get().featured).to.deep.equal([])
    expect(client.calls).to.have.length(0)
  })

  it('passes the app’s include and exclude ids on every call', async () => {
    const include = makeCatalog(30).map(w => w.id)
    const exclude = [walletId(0), walletId(1)]
    const client = setUpCatalog({
      includeWalletIds: include,
      excludeWalletIds: exclude,
      featuredWalletIds: [walletId(5)]
    })
    const clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldClearNativeTimers: true })
    try {
      await loadWallets()
      const search = searchWallets('a')
      await clock.tickAsync(300)
      await search
    } finally {
      clock.restore()
    }
    expect(client.calls).to.have.length(4)
    for (const call of client.calls) expect(call.exclude).to.include.members(exclude)
    const [featured, recommended, page, search] = client.calls
    expect(featured!.include).to.deep.equal([walletId(5)])
    for (const call of [recommended!, page!, search!]) expect(call.include).to.deep.equal(include)
    expect(recommended!.exclude).to.include(walletId(5))
    expect(ids($wallets.get().recommended)).to.deep.equal([2, 3, 4, 6].map(walletId))
    expect($wallets.get().count).to.equal(28)
  })

  describe('search', () => {
    let clock: sinon.SinonFakeTimers
    beforeEach(() => {
      clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldClearNativeTimers: true })
    })
    afterEach(() => clock.restore())

    it('answers no sooner than 300 ms after it starts, with up to 100 entries', async () => {
      const client = setUpCatalog({}, { wallets: makeCatalog(400) })
      let done = false
      const search = searchWallets('  Aurora ').then(() => (done = true))
      expect($wallets.get()).to.include({ searching: true, searchQuery: 'Aurora' })
      await clock.tickAsync(299)
      expect(done).to.equal(false)
      expect(client.calls).to.have.length(0)
      await clock.tickAsync(1)
      await search
      expect(client.calls[0]).to.include({ search: 'Aurora', entries: 100, page: 1 })
      expect($wallets.get().searching).to.equal(false)
      expect($wallets.get().searchResults.every(w => w.name.startsWith('Aurora'))).to.equal(true)
      expect($walletList.get().mode).to.equal('search')
    })

    it('the latest query wins: a query replaced within its wait is never sent', async () => {
      const client = setUpCatalog()
      const first = searchWallets('Aurora')
      await clock.tickAsync(200)
      const second = searchWallets('Beacon')
      await clock.tickAsync(300)
      await Promise.all([first, second])
      expect(client.calls.map(call => call.search)).to.deep.equal(['Beacon'])
      expect($wallets.get().searchQuery).to.equal('Beacon')
      expect($wallets.get().searchResults.every(w => w.name.startsWith('Beacon'))).to.equal(true)
    })

    it('the latest query wins: a late answer to an older query is dropped', async () => {
      const client = setUpCatalog({}, { paused: true })
      const first = searchWallets('Aurora')
      await clock.tickAsync(300)
      const second = searchWallets('Beacon')
      await clock.tickAsync(300)
      client.resume()
      await Promise.all([first, second])
      expect(client.calls.map(call => call.search)).to.deep.equal(['Aurora', 'Beacon'])
      expect($wallets.get().searchResults.every(w => w.name.startsWith('Beacon'))).to.equal(true)
    })

    it('an empty query ends the search at once', async () => {
      setUpCatalog()
      const search = searchWallets('Aurora')
      await clock.tickAsync(300)
      await search
      await searchWallets('   ')
      expect($wallets.get()).to.include({ searchQuery: '', searching: false })
      expect($walletList.get().mode).to.equal('all')
    })

    it('a failed search becomes an error that a retry runs again', async () => {
      const client = setUpCatalog({}, { fail: new Error('HTTP status code: 503') })
      const search = searchWallets('Aurora')
      await clock.tickAsync(300)
      await search
      expect($wallets.get().error).to.deep.equal({ action: 'search', message: 'HTTP status code: 503' })
      client.fail = undefined
      const retry = retryWallets()
      await clock.tickAsync(300)
      await retry
      expect($wallets.get().error).to.equal(undefined)
      expect($wallets.get().searchResults.length).to.be.greaterThan(0)
    })
  })

  it('recent wallets: newest first, 2 kept, each once', () => {
    setUpCatalog()
    const [a, b, c] = ['a', 'b', 'c'].map(id => ({ ...wallet(id) }))
    addRecentWallet(a!)
    addRecentWallet(b!)
    addRecentWallet(a!)
    expect(ids($wallets.get().recent)).to.deep.equal(['a', 'b'])
    addRecentWallet(c!)
    expect(ids($wallets.get().recent)).to.deep.equal(['c', 'a'])
    setRecentWallets([b!, b!, a!, c!])
    expect(ids($wallets.get().recent)).to.deep.equal(['b', 'a'])
  })

  it('lists recent, featured, recommended, then the rest, each wallet once', async () => {
    setUpCatalog({ featuredWalletIds: [walletId(50), walletId(2)] })
    addRecentWallet(wallet(walletId(60)))
    addRecentWallet(wallet(walletId(50)))
    await loadWallets()
    const list = ids($walletList.get().wallets)
    expect(list.slice(0, 7)).to.deep.equal([50, 60, 2, 0, 1, 3, 4].map(walletId))
    expect(new Set(list).size).to.equal(list.length)
    expect(list).to.have.length(2 + 40)
  })

  it('a failed page keeps the pages it had and becomes an error; a retry loads it', async () => {
    const client = setUpCatalog()
    await loadWallets()
    client.fail = new Error('HTTP status code: 500')
    await fetchNextPage()
    expect($wallets.get()).to.include({ page: 1, loading: false })
    expect($wallets.get().wallets).to.have.length(40)
    expect($wallets.get().error).to.deep.equal({ action: 'page', message: 'HTTP status code: 500' })
    client.fail = undefined
    await retryWallets()
    expect($wallets.get()).to.include({ page: 2, error: undefined })
    expect($wallets.get().wallets).to.have.length(80)
  })

  it('a failed first load sets no list at all', async () => {
    setUpCatalog({}, { fail: new Error('HTTP status code: 500') })
    await loadWallets()
    expect($wallets.get()).to.include({ page: 0, loading: false })
    expect($wallets.get().wallets).to.deep.equal([])
    expect($wallets.get().recommended).to.deep.equal([])
    expect($wallets.get().error?.message).to.equal('HTTP status code: 500')
  })

  it('keeps image and link URLs only when they are safe; names stay text', async () => {
    setUpCatalog(
      {},
      {
        wallets: [...hostileWallets, ...makeCatalog(2)],
        imageUrl: id => (id === 'img-evil-image' ? 'http://evil.example/logo.svg' : `https://img.example/${id}.svg`),
        trustedOrigins: ['http://127.0.0.1:8787']
      }
    )
    await fetchNextPage()
    const [markup, httpImage, plain] = $wallets.get().wallets
    expect(markup!.name).to.equal(hostileWallets[0]!.name)
    expect(markup).to.include({ mobileLink: undefined, desktopLink: undefined, webappLink: 'https://evil.example/app' })
    expect(httpImage!.imageUrl).to.equal(undefined)
    expect(plain!.imageUrl).to.equal('https://img.example/img-w0000.svg')
  })

  it('a reset drops an answer still on its way', async () => {
    const client = setUpCatalog({}, { paused: true })
    const page = fetchNextPage()
    resetWallets()
    client.resume()
    await page
    expect($wallets.get()).to.include({ page: 0, loading: false, error: undefined })
  })
})

function wallet(id: string): CatalogWallet {
  return {
    id,
    name: `Wallet ${id}`,
    imageId: undefined,
    imageUrl: undefined,
    rdns: undefined,
    mobileLink: undefined,
    desktopLink: undefined,
    webappLink: undefined,
    chains: []
  }
}

describe('recent wallets and storage', () => {
  beforeEach(() => setUpCatalog())
  afterEach(() => tearDownCatalog())

  it('a wallet used is stored under @appkit-wallet/ and seeds the list after a reload', async () => {
    const used: CatalogWallet = {
      id: 'used-1',
      name: 'Used Wallet',
      imageId: undefined,
      imageUrl: undefined,
      rdns: undefined,
      mobileLink: undefined,
      desktopLink: undefined,
      webappLink: undefined,
      chains: []
    }
    addRecentWallet(used)
    expect(getRecentWallets().map(w => w.id)).to.deep.equal(['used-1'])
    resetWallets()
    expect($wallets.get().recent).to.have.length(0)
    await loadWallets()
    expect(ids($wallets.get().recent)).to.deep.equal(['used-1'])
  })
})
