import { expect, fixture, html } from '@open-wc/testing'
import sinon from 'sinon'
import '../../../src/elements/views/account/w3m-account-tokens.js'
import '../../../src/elements/views/account/w3m-account-view.js'
import type { TokenBalance } from '../../../src/api/schemas/balance.js'
import { setAccount } from '../../../src/stores/account.js'
import { $tokenBalances, portfolioValue, refreshTokenBalances } from '../../../src/stores/account/token-balances.js'
import { $toast, hideToast } from '../../../src/stores/toast.js'
import { connectedEvmAccount } from '../../fixtures/accounts.js'
import { setUpConnection, tearDownConnection, until, type FakeAccountClient } from '../connect/support.js'
import { localChainA } from '../../../src/networks/definitions.js'
import { HttpError } from '../../../src/api/errors.js'
import { $alert, dismissAlert } from '../../../src/stores/alert.js'
import { resetBalanceBlock } from '../../../src/stores/account/balance-block.js'

const CHAIN = 'eip155:1'
const ADDRESS = connectedEvmAccount.address ?? ''
const token = (symbol: string, numeric: string, extra: Partial<TokenBalance> = {}): TokenBalance => ({
  name: `${symbol} token`,
  symbol,
  chainId: CHAIN,
  price: 1,
  value: 1234.5,
  quantity: { decimals: '18', numeric },
  iconUrl: 'https://example.com/icon.png',
  ...extra
})
const byTestId = (el: Element, id: string) => el.shadowRoot!.querySelector<HTMLElement>(`[data-testid="${id}"]`)

describe('the Tokens list', () => {
  let backend: FakeAccountClient
  let clock: sinon.SinonFakeTimers | undefined

  beforeEach(() => {
    backend = setUpConnection()
    setAccount(connectedEvmAccount)
  })
  afterEach(() => {
    clock?.restore()
    clock = undefined
    tearDownConnection()
  })

  it('shows each token with its icon, name, amount cut to 3 decimals with the symbol, and USD value; accessible', async () => {
    backend.tokenBalancesAnswer = [token('ETH', '1.23456'), token('tUSDC', '99.9999', { value: 99.99 })]
    const el = await fixture(html`<w3m-account-tokens></w3m-account-tokens>`)
    await until(() => byTestId(el, 'tokens-list') !== null, 'the list')
    expect(backend.tokenBalanceCalls).to.deep.equal([`${CHAIN}:${ADDRESS}`])
    const eth = byTestId(el, 'token-ETH')!
    expect(eth.querySelector('[data-testid=token-amount]')!.textContent).to.equal('1.234 ETH')
    expect(eth.querySelector('[data-testid=token-value]')!.textContent).to.equal('$1,234.50')
    expect(eth.textContent).to.contain('ETH token')
    expect(eth.querySelector('wui-wallet-image')!.src).to.equal('https://example.com/icon.png')
    const usdc = byTestId(el, 'token-tUSDC')!
    expect(usdc.querySelector('[data-testid=token-amount]')!.textContent).to.equal('99.999 tUSDC')
    expect(usdc.querySelector('[data-testid=token-amount]')!.getAttribute('dir')).to.equal('ltr')
    expect(byTestId(el, 'account-tokens')!.getAttribute('aria-busy')).to.equal('false')
    await expect(el).to.be.accessible()
  })

  it('an icon the page may not load (http elsewhere) shows the placeholder', async () => {
    backend.tokenBalancesAnswer = [token('BAD', '1', { iconUrl: 'http://tracker.example/icon.png' })]
    await refreshTokenBalances()
    expect($tokenBalances.get().balances[0]!.iconUrl).to.equal('')
  })

  it('a provider error from the backend shows its alert for the app’s developer (docs/behaviour.md section 8)', async () => {
    const warn = console.warn
    console.warn = () => undefined
    try {
      for (const [detail, alert] of [
        ['JWT validation error', 'session-expired'],
        ['Unauthorized: invalid key', 'invalid-project-id'],
        ['Unauthorized: origin not allowed', 'invalid-app-configuration']
      ] as const) {
        dismissAlert()
        // Each failure blocks balance reads for 30 s (docs/behaviour.md section 9): lifted for the next case.
        resetBalanceBlock()
        backend.tokenBalancesAnswer = new HttpError(401, 'http://127.0.0.1:8787/v1/account/x/balance', detail)
        await refreshTokenBalances({ force: true })
        expect($alert.get().id, detail).to.equal(alert)
      }
      dismissAlert()
      resetBalanceBlock()
      backend.tokenBalancesAnswer = new HttpError(500, 'http://127.0.0.1:8787/v1/account/x/balance', 'Internal error')
      await refreshTokenBalances({ force: true })
      expect($alert.get().id).to.equal(undefined)
    } finally {
      console.warn = warn
      dismissAlert()
    }
  })

  it('says so when the account holds no token on this network', async () => {
    backend.tokenBalancesAnswer = []
    const el = await fixture(html`<w3m-account-tokens></w3m-account-tokens>`)
    await until(() => byTestId(el, 'tokens-empty') !== null, 'the empty state')
    expect(byTestId(el, 'tokens-empty')!.textContent).to.equal('No tokens on this network yet.')
  })

  it('keeps the list 30 s in storage (across reloads): no request inside, a new one after', async () => {
    clock = sinon.useFakeTimers({ now: Date.now(), toFake: ['Date'] })
    backend.tokenBalancesAnswer = [token('ETH', '1')]
    await refreshTokenBalances()
    // A reload: the store starts empty, the stored cache answers.
    $tokenBalances.set({ status: 'idle', balances: [], caipAddress: undefined })
    clock.tick(29_000)
    await refreshTokenBalances()
    expect($tokenBalances.get().balances.map(balance => balance.symbol)).to.deep.equal(['ETH'])
    expect(backend.tokenBalanceCalls).to.have.length(1)
    clock.tick(2_000)
    await refreshTokenBalances()
    expect(backend.tokenBalanceCalls).to.have.length(2)
  })

  it('a read under way answers another for the same account (asked once); a forced one asks anew', async () => {
    backend.tokenBalancesAnswer = [token('ETH', '1')]
    await Promise.all([refreshTokenBalances(), refreshTokenBalances({ maxAgeMs: 5000 })])
    expect(backend.tokenBalanceCalls).to.deep.equal([`${CHAIN}:${ADDRESS}`])
    localStorage.clear()
    await Promise.all([refreshTokenBalances(), refreshTokenBalances({ force: true })])
    expect(backend.tokenBalanceCalls).to.deep.equal([
      `${CHAIN}:${ADDRESS}`,
      `${CHAIN}:${ADDRESS}`,
      `${CHAIN}:${ADDRESS} force`
    ])
  })

  it('a read may ask for a list younger than 30 s (maxAgeMs): an older one is read again', async () => {
    // The portfolio cache is docs/behaviour.md section 9's 30 s; the Account and Send views ask for 5 s (issue 29).
    clock = sinon.useFakeTimers({ now: Date.now(), toFake: ['Date'] })
    backend.tokenBalancesAnswer = [token('ETH', '1')]
    await refreshTokenBalances()
    clock.tick(4_999)
    await refreshTokenBalances({ maxAgeMs: 5_000 })
    expect(backend.tokenBalanceCalls).to.have.length(1)
    clock.tick(1)
    backend.tokenBalancesAnswer = [token('ETH', '2')]
    await refreshTokenBalances({ maxAgeMs: 5_000 })
    expect(backend.tokenBalanceCalls).to.have.length(2)
    expect($tokenBalances.get().balances[0]!.quantity.numeric).to.equal('2')
  })

  it('force asks the backend to skip its cache, even inside the 30 s', async () => {
    backend.tokenBalancesAnswer = [token('ETH', '1')]
    await refreshTokenBalances()
    await refreshTokenBalances({ force: true })
    expect(backend.tokenBalanceCalls).to.deep.equal([`${CHAIN}:${ADDRESS}`, `${CHAIN}:${ADDRESS} force`])
  })

  it("a failure shows 'Token Balance Unavailable' once and asks nothing for 30 s", async () => {
    clock = sinon.useFakeTimers({ now: Date.now(), toFake: ['Date'] })
    backend.tokenBalancesAnswer = new Error('backend down')
    const el = await fixture(html`<w3m-account-tokens></w3m-account-tokens>`)
    await until(() => byTestId(el, 'tokens-unavailable') !== null, 'the unavailable state')
    expect($toast.get()).to.include({ open: true, variant: 'error', message: 'Token Balance Unavailable' })
    hideToast()
    clock.tick(20_000)
    await refreshTokenBalances()
    expect(backend.tokenBalanceCalls).to.have.length(1)
    expect($toast.get().open).to.equal(false)
    clock.tick(11_000)
    backend.tokenBalancesAnswer = [token('ETH', '2')]
    await refreshTokenBalances()
    expect(backend.tokenBalanceCalls).to.have.length(2)
    await until(() => byTestId(el, 'token-ETH') !== null, 'the list after the block')
  })

  it('a network without balances (polkadot) shows the toast and asks nothing', async () => {
    // bip122 had none until issue 34 (the backend reads Bitcoin balances from Esplora: asked below).
    const address = '15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5'
    setAccount({
      ...connectedEvmAccount,
      namespace: 'polkadot',
      caipAddress: `polkadot:91b171bb158e2d3848fa23a9f1c25182:${address}`,
      address
    })
    await refreshTokenBalances()
    expect($tokenBalances.get().status).to.equal('unavailable')
    expect(backend.tokenBalanceCalls).to.deep.equal([])
    expect($toast.get()).to.include({ variant: 'error', message: 'Token Balance Unavailable' })
  })

  it('a Bitcoin account (bip122) is asked of the balance API, as EVM and Solana ones are (issue 34)', async () => {
    const address = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'
    setAccount({
      ...connectedEvmAccount,
      namespace: 'bip122',
      caipAddress: `bip122:000000000019d6689c085ae165831e93:${address}`,
      address
    })
    await refreshTokenBalances()
    expect(backend.tokenBalanceCalls).to.deep.equal([`bip122:000000000019d6689c085ae165831e93:${address}`])
    expect($tokenBalances.get().status).to.not.equal('loading')
  })

  it('follows the account: another account or network gets its own list', async () => {
    backend.tokenBalancesAnswer = [token('ETH', '1')]
    const el = await fixture(html`<w3m-account-tokens></w3m-account-tokens>`)
    await until(() => byTestId(el, 'token-ETH') !== null, 'the first list')
    backend.tokenBalancesAnswer = [token('BNB', '3', { chainId: 'eip155:56' })]
    setAccount({ ...connectedEvmAccount, caipAddress: `eip155:56:${ADDRESS}` })
    await until(() => byTestId(el, 'token-BNB') !== null, 'the list on the other network')
    expect(backend.tokenBalanceCalls).to.deep.equal([`${CHAIN}:${ADDRESS}`, `eip155:56:${ADDRESS}`])
  })

  it("the Account view shows the tokens' total USD value once the list is there", async () => {
    backend.tokenBalancesAnswer = [token('ETH', '1', { value: 3000.25 }), token('tUSDC', '99', { value: 99 })]
    const el = await fixture(html`<w3m-account-view></w3m-account-view>`)
    await until(() => byTestId(el, 'account-portfolio-value') !== null, 'the total')
    expect(byTestId(el, 'account-portfolio-value')!.textContent).to.equal('$3,099.25')
    expect(byTestId(el, 'account-portfolio')!.textContent!.trim()).to.match(/^Total value/)
    await expect(el).to.be.accessible()
  })

  it('has no total while there is no list or no token has a value', () => {
    expect(portfolioValue({ status: 'loading', balances: [], caipAddress: undefined })).to.equal(undefined)
    const valueless = token('X', '1', { value: undefined })
    expect(portfolioValue({ status: 'ready', balances: [valueless], caipAddress: undefined })).to.equal(undefined)
    expect(
      portfolioValue({ status: 'ready', balances: [valueless, token('Y', '1', { value: 2 })], caipAddress: undefined })
    ).to.equal(2)
  })

  describe('the chain fallback (the tokens option)', () => {
    const fetches: string[] = []
    let realFetch: typeof fetch

    // The dev server transforms viem's module graph on its first import: seconds on a busy
    // machine. Loaded once here, so that the tests time the fallback, not the transform.
    before(async function () {
      this.timeout(60_000)
      await import('../../../src/api/chain-token-balances.js')
    })

    beforeEach(() => {
      realFetch = window.fetch
      window.fetch = (input, init) => {
        fetches.push(input instanceof Request ? input.url : String(input))
        return realFetch(input, init)
      }
    })
    afterEach(() => {
      window.fetch = realFetch
      fetches.length = 0
    })

    it('a network the app listed no tokens for is never read from the chain', async () => {
      backend.tokenBalancesAnswer = new Error('backend down')
      await refreshTokenBalances()
      expect(fetches).to.deep.equal([])
      expect($tokenBalances.get().status).to.equal('unavailable')
      expect($toast.get()).to.include({ variant: 'error', message: 'Token Balance Unavailable' })
    })

    it("a listed network is read from its RPC when the backend fails; when the chain fails too, the spec's toast", async () => {
      const deadRpc = 'http://127.0.0.1:9/'
      const local = { ...localChainA, rpcUrls: { default: { http: [deadRpc] } } }
      tearDownConnection()
      backend = setUpConnection({
        networks: [local],
        tokens: { [local.caipNetworkId]: [{ address: '0x73511669fd4dE447feD18BB79bAFeAC93aB7F31f' }] }
      })
      setAccount({ ...connectedEvmAccount, caipAddress: `${local.caipNetworkId}:${ADDRESS}` })
      backend.tokenBalancesAnswer = new Error('backend down')
      await refreshTokenBalances()
      expect(fetches.some(url => url.startsWith(deadRpc))).to.equal(true)
      expect($tokenBalances.get().status).to.equal('unavailable')
      expect($toast.get()).to.include({ variant: 'error', message: 'Token Balance Unavailable' })
    })
  })
})
