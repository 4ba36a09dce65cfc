// getWalletProvider('solana') through the kit (issue 31): the bridge store builds the Solana
// provider (src/adapters/solana/solana-provider.ts, loaded with web3.js) for a connected Wallet
// Standard wallet, publishes it, raises accountsChanged from the kit's state, and drops it on
// disconnect. The fake wallet signs for real with Alice's local test key.
import { expect } from '@open-wc/testing'
import { ed25519 } from '@noble/curves/ed25519'
import { PublicKey } from '@solana/web3.js'
import { solanaAdapter } from '../../../src/adapters/solana/index.js'
import { resetSolanaConnectors } from '../../../src/adapters/solana/connectors.js'
import { resetWalletStandardDiscovery } from '../../../src/adapters/solana/wallet-standard.js'
import type { AppKitSolanaProvider } from '../../../src/adapters/solana/solana-provider-types.js'
import { evmAdapter } from '../../../src/adapters/evm/index.js'
import { solanaLocal } from '../../../src/networks/definitions.js'
import { connect, disconnect } from '../../../src/stores/connect/connection.js'
import { loadConnectors } from '../../../src/stores/connect/connectors.js'
import { walletApi } from '../../../src/wallet-api.js'
import {
  FakeStandardWallet,
  SOLANA_ADDRESS,
  SOLANA_ADDRESS_2,
  registerStandardWallet
} from '../../fixtures/standard-wallet.js'
import { TEST_NETWORKS, setUpConnection, tearDownConnection, until } from '../connect/support.js'

describe("getWalletProvider('solana') (issue 31)", () => {
  let wallet: FakeStandardWallet
  let unregister: () => void

  beforeEach(async () => {
    resetWalletStandardDiscovery()
    resetSolanaConnectors()
    setUpConnection({
      adapters: [evmAdapter(), solanaAdapter()],
      networks: [...TEST_NETWORKS, solanaLocal],
      defaultNetwork: solanaLocal
    })
    wallet = new FakeStandardWallet('Fake Solana Wallet', {
      chains: [solanaLocal.caipNetworkId],
      addresses: [SOLANA_ADDRESS, SOLANA_ADDRESS_2]
    })
    unregister = registerStandardWallet(wallet)
    await loadConnectors()
  })
  afterEach(() => {
    unregister()
    resetWalletStandardDiscovery()
    tearDownConnection()
  })

  it('is published once its code has loaded: the account, a real signature, the events, the end', async () => {
    const seen: unknown[] = []
    const stop = walletApi.subscribeWalletProvider<AppKitSolanaProvider>('solana', provider => seen.push(provider))
    expect(await connect('Fake Solana Wallet', 'solana')).to.equal(true)
    await until(() => walletApi.getWalletProvider('solana'), 'the Solana provider')
    const provider = walletApi.getWalletProvider<AppKitSolanaProvider>('solana')!
    expect(seen).to.deep.equal([provider])
    expect(provider.publicKey.toBase58()).to.equal(SOLANA_ADDRESS)
    expect(walletApi.getWalletInfo('solana')).to.include({ name: 'Fake Solana Wallet', type: 'announced' })

    const message = new TextEncoder().encode('Hello from the app')
    const signature = await provider.signMessage(message)
    expect(ed25519.verify(signature, message, new PublicKey(SOLANA_ADDRESS).toBytes())).to.equal(true)

    const accounts: string[] = []
    provider.on('accountsChanged', key => accounts.push(key.toBase58()))
    wallet.changeAccounts([SOLANA_ADDRESS_2, SOLANA_ADDRESS])
    await until(() => accounts.length > 0, "the provider's accountsChanged")
    expect(accounts).to.deep.equal([SOLANA_ADDRESS_2])
    expect(provider.publicKey.toBase58()).to.equal(SOLANA_ADDRESS_2)
    expect(walletApi.getWalletProvider('solana')).to.equal(provider)

    let ended = false
    provider.on('disconnect', () => (ended = true))
    expect(await disconnect('solana')).to.equal(true)
    await until(() => ended, "the provider's disconnect")
    expect(walletApi.getWalletProvider('solana')).to.equal(undefined)
    expect(seen).to.deep.equal([provider, undefined])
    stop()
  })
})
