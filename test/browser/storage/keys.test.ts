import { expect } from '@open-wc/testing'
import sinon from 'sinon'
import type { WalletCatalogItem } from '../../../src/api/schemas/catalog.js'
import { connectionsMostRecentFirst, removeConnection, saveConnection } from '../../../src/storage/connections.js'
import * as keys from '../../../src/storage/keys.js'
import { addRecentWallet, getRecentWallets } from '../../../src/storage/recent-wallets.js'

const EVM = 'eip155:1:0x1234567890abcdef1234567890abcdef12345678'
const SOL = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU'
const wallet = (id: string): WalletCatalogItem => ({ id, name: `Wallet ${id}` })

describe('the stored entries', () => {
  let warn: sinon.SinonStub

  beforeEach(() => {
    localStorage.clear()
    warn = sinon.stub(console, 'warn')
  })
  afterEach(() => {
    sinon.restore()
    localStorage.clear()
  })

  it("all live under '@appkit-wallet/'", () => {
    const entries = [
      keys.storedWalletId('eip155'),
      keys.storedWalletName('solana'),
      keys.storedActiveNetworkId,
      keys.storedConnections,
      keys.storedRecentWallets,
      keys.storedPreferredAccountTypes,
      keys.storedConnectedSocial,
      keys.storedSocialUsername,
      keys.storedEmailLoginUsed,
      keys.storedEmail,
      keys.storedLastEmailLoginTime,
      keys.storedLastUsedChain,
      keys.storedSmartAccountEnabledNetworks
    ]
    for (const entry of entries) expect(entry.key).to.match(/^@appkit-wallet\/\w/)
    expect(new Set(entries.map(entry => entry.key)).size).to.equal(entries.length)
  })

  it('keeps the wallet id and name per namespace', () => {
    keys.storedWalletId('eip155').set('io.metamask')
    keys.storedWalletName('eip155').set('MetaMask')
    keys.storedWalletId('solana').set('phantom')
    expect(keys.storedWalletId('eip155').get()).to.equal('io.metamask')
    expect(keys.storedWalletName('eip155').get()).to.equal('MetaMask')
    expect(keys.storedWalletId('solana').get()).to.equal('phantom')
    expect(keys.storedWalletName('solana').get()).to.equal(undefined)
  })

  it('the active network must be CAIP-2', () => {
    expect(keys.storedActiveNetworkId.set('eip155:1')).to.equal(true)
    expect(keys.storedActiveNetworkId.get()).to.equal('eip155:1')
    localStorage.setItem(keys.storedActiveNetworkId.key, '"eip155"')
    expect(keys.storedActiveNetworkId.get()).to.equal(undefined)
    expect(warn.callCount).to.equal(1)
  })

  it('checks preferred account types, social provider, e-mail and flags on read', () => {
    keys.storedPreferredAccountTypes.set({ eip155: 'smartAccount', solana: 'eoa' })
    expect(keys.storedPreferredAccountTypes.get()).to.deep.equal({ eip155: 'smartAccount', solana: 'eoa' })
    localStorage.setItem(keys.storedPreferredAccountTypes.key, '{"eip155":"wizard"}')
    expect(keys.storedPreferredAccountTypes.get()).to.equal(undefined)

    keys.storedConnectedSocial.set('github')
    expect(keys.storedConnectedSocial.get()).to.equal('github')
    localStorage.setItem(keys.storedConnectedSocial.key, '"myspace"')
    expect(keys.storedConnectedSocial.get()).to.equal(undefined)

    localStorage.setItem(keys.storedEmail.key, '"not-an-email"')
    expect(keys.storedEmail.get()).to.equal(undefined)
    localStorage.setItem(keys.storedEmailLoginUsed.key, '"yes"')
    expect(keys.storedEmailLoginUsed.get()).to.equal(undefined)
    localStorage.setItem(keys.storedSmartAccountEnabledNetworks.key, '[1, "10"]')
    expect(keys.storedSmartAccountEnabledNetworks.get()).to.equal(undefined)
    expect(warn.callCount).to.equal(5)

    keys.storedEmail.set('visitor@example.com')
    keys.storedEmailLoginUsed.set(true)
    keys.storedLastEmailLoginTime.set(1_700_000_000_000)
    keys.storedLastUsedChain.set(8453)
    keys.storedSmartAccountEnabledNetworks.set([1, 10, 8453])
    keys.storedSocialUsername.set('alice')
    expect(keys.storedEmail.get()).to.equal('visitor@example.com')
    expect(keys.storedEmailLoginUsed.get()).to.equal(true)
    expect(keys.storedLastEmailLoginTime.get()).to.equal(1_700_000_000_000)
    expect(keys.storedLastUsedChain.get()).to.equal(8453)
    expect(keys.storedSmartAccountEnabledNetworks.get()).to.deep.equal([1, 10, 8453])
    expect(keys.storedSocialUsername.get()).to.equal('alice')
  })
})

describe('recent wallets', () => {
  beforeEach(() => localStorage.clear())
  afterEach(() => localStorage.clear())

  it('puts the newest first and keeps 2', () => {
    addRecentWallet(wallet('a'))
    addRecentWallet(wallet('b'))
    expect(addRecentWallet(wallet('c')).map(w => w.id)).to.deep.equal(['c', 'b'])
    expect(getRecentWallets().map(w => w.id)).to.deep.equal(['c', 'b'])
  })

  it('a wallet chosen again moves to the front, once', () => {
    addRecentWallet(wallet('a'))
    addRecentWallet(wallet('b'))
    addRecentWallet({ ...wallet('a'), name: 'Wallet A renamed' })
    expect(getRecentWallets()).to.deep.equal([{ id: 'a', name: 'Wallet A renamed' }, wallet('b')])
  })

  it('reads at most 2 even when more were stored', () => {
    localStorage.setItem('@appkit-wallet/recent_wallets', JSON.stringify([wallet('x'), wallet('y'), wallet('z')]))
    expect(getRecentWallets().map(w => w.id)).to.deep.equal(['x', 'y'])
  })

  it('a corrupt list is dropped and starts over', () => {
    const warn = sinon.stub(console, 'warn')
    localStorage.setItem('@appkit-wallet/recent_wallets', '[{"name":"no id"}]')
    expect(getRecentWallets()).to.deep.equal([])
    expect(addRecentWallet(wallet('a')).map(w => w.id)).to.deep.equal(['a'])
    expect(warn.callCount).to.equal(1)
    warn.restore()
  })
})

describe('stored connections', () => {
  beforeEach(() => localStorage.clear())
  afterEach(() => {
    sinon.restore()
    localStorage.clear()
  })

  it('lists connections most recently used first, across namespaces', () => {
    saveConnection('eip155', { connectorId: 'injected', caipAddresses: [EVM] }, 100)
    saveConnection('solana', { connectorId: 'phantom', caipAddresses: [SOL] }, 300)
    saveConnection('eip155', { connectorId: 'walletConnect', caipAddresses: [EVM] }, 200)
    expect(connectionsMostRecentFirst().map(c => [c.namespace, c.connectorId])).to.deep.equal([
      ['solana', 'phantom'],
      ['eip155', 'walletConnect'],
      ['eip155', 'injected']
    ])
  })

  it('saving a connector again replaces its entry and its time', () => {
    saveConnection('eip155', { connectorId: 'injected', caipAddresses: [EVM] }, 100)
    saveConnection('eip155', { connectorId: 'walletConnect', caipAddresses: [EVM] }, 200)
    saveConnection('eip155', { connectorId: 'injected', caipAddresses: [] }, 300)
    expect(connectionsMostRecentFirst()).to.deep.equal([
      { namespace: 'eip155', connectorId: 'injected', caipAddresses: [], lastUsedAt: 300 },
      { namespace: 'eip155', connectorId: 'walletConnect', caipAddresses: [EVM], lastUsedAt: 200 }
    ])
  })

  it('removes one connector, or a whole namespace, and the key when empty', () => {
    saveConnection('eip155', { connectorId: 'injected', caipAddresses: [EVM] }, 100)
    saveConnection('eip155', { connectorId: 'walletConnect', caipAddresses: [EVM] }, 200)
    saveConnection('solana', { connectorId: 'phantom', caipAddresses: [SOL] }, 300)
    removeConnection('eip155', 'injected')
    expect(connectionsMostRecentFirst().map(c => c.connectorId)).to.deep.equal(['phantom', 'walletConnect'])
    removeConnection('eip155')
    expect(keys.storedConnections.get()).to.deep.equal({
      solana: [{ connectorId: 'phantom', caipAddresses: [SOL], lastUsedAt: 300 }]
    })
    removeConnection('solana', 'phantom')
    expect(localStorage.getItem('@appkit-wallet/connections')).to.equal(null)
  })

  it('drops stored connections whose addresses are not CAIP-10', () => {
    const warn = sinon.stub(console, 'warn')
    localStorage.setItem(
      '@appkit-wallet/connections',
      JSON.stringify({ eip155: [{ connectorId: 'injected', caipAddresses: ['0x1234'], lastUsedAt: 1 }] })
    )
    expect(connectionsMostRecentFirst()).to.deep.equal([])
    expect(String(warn.firstCall.args[0])).to.contain('@appkit-wallet/connections')
  })
})
