// Public state that an app reads (docs/behaviour.md sections 3 and 4): the modal's `loading` while the kit
// waits on a connector or a view's first data, and the account state's `tokenBalance` and
// `addressLabels`, filled from what the kit reads.
import { expect } from '@open-wc/testing'
import type { TokenBalance } from '../../../src/api/schemas/balance.js'
import { $account, setAccount } from '../../../src/stores/account.js'
import { connect } from '../../../src/stores/connect/connection.js'
import { loadConnectors } from '../../../src/stores/connect/connectors.js'
import { $modal } from '../../../src/stores/modal.js'
import { $publicState } from '../../../src/stores/public-state.js'
import { refreshTokenBalances } from '../../../src/stores/account/token-balances.js'
import { connectedEvmAccount } from '../../fixtures/accounts.js'
import { FAKE_ADDRESS, FakeEip1193Provider, ProviderError, announceWallet } from '../../fixtures/eip1193-provider.js'
import { setUpConnection, tearDownConnection, track, until, type FakeAccountClient } from '../connect/support.js'

const TOKEN: TokenBalance = {
  name: 'Test USD Coin',
  symbol: 'tUSDC',
  chainId: 'eip155:1',
  price: 1,
  value: 10_000,
  quantity: { decimals: '6', numeric: '10000' },
  iconUrl: ''
}

describe('public state (docs/behaviour.md section 3 account state, §4 modal loading)', () => {
  let backend: FakeAccountClient

  beforeEach(() => {
    backend = setUpConnection()
  })
  afterEach(tearDownConnection)

  async function walletReady(): Promise<FakeEip1193Provider> {
    const provider = new FakeEip1193Provider()
    track(announceWallet(provider, { rdns: 'com.example.state', name: 'State Wallet' }))
    await loadConnectors()
    return provider
  }

  it('loading is true while the kit waits on the connector, false once it answered', async () => {
    const provider = await walletReady()
    provider.held.add('eth_requestAccounts')
    expect($publicState.get().loading).to.equal(false)
    const connecting = connect('com.example.state')
    await until(() => provider.methods().includes('eth_requestAccounts'), 'the wallet asked')
    expect($publicState.get().loading).to.equal(true)
    provider.release('eth_requestAccounts')
    expect(await connecting).to.equal(true)
    expect($publicState.get().loading).to.equal(false)
  })

  it('loading ends too when the connector refuses', async () => {
    const provider = await walletReady()
    provider.failures.set('eth_requestAccounts', new ProviderError(4001, 'User rejected the request.'))
    expect(await connect('com.example.state')).to.equal(false)
    expect($modal.get().loading).to.equal(false)
  })

  it('loading is true while the Tokens list waits for its first data, not for a refresh of a list shown', async () => {
    setAccount(connectedEvmAccount)
    let answer: (balances: TokenBalance[]) => void = () => undefined
    let calls = 0
    backend.tokenBalances = () => {
      calls++
      return new Promise(resolve => (answer = resolve))
    }
    const first = refreshTokenBalances()
    await until(() => $publicState.get().loading, 'loading')
    answer([TOKEN])
    await first
    expect($publicState.get().loading).to.equal(false)
    const again = refreshTokenBalances({ force: true })
    await until(() => calls === 2, 'the second read')
    expect($publicState.get().loading, 'a list is shown meanwhile').to.equal(false)
    answer([TOKEN])
    await again
  })

  it('tokenBalance is the shown account’s token list', async () => {
    setAccount(connectedEvmAccount)
    backend.tokenBalancesAnswer = [TOKEN]
    expect($account.get().tokenBalance).to.deep.equal([])
    await refreshTokenBalances()
    expect($account.get().tokenBalance).to.deep.equal([TOKEN])
  })

  it('addressLabels names each connected address by its resolved name', async () => {
    backend.identityAnswer = { name: 'visitor.eth', avatar: null }
    await walletReady()
    expect(await connect('com.example.state')).to.equal(true)
    await until(() => $account.get().profileName === 'visitor.eth', 'the name')
    expect($account.get().addressLabels).to.deep.equal({ [FAKE_ADDRESS]: 'visitor.eth' })
  })
})
