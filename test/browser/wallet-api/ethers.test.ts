// ethers v6 on the kit's wallet provider (issue 31, "ethers"): new BrowserProvider(appKit's
// getWalletProvider('eip155')) reads the chain and signs through the connected wallet. The wallet
// is the fake EIP-6963 one, signing with a real key (viem), so the signature is checked for real.
import { expect } from '@open-wc/testing'
import { BrowserProvider, verifyMessage } from 'ethers'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import type { Hex } from 'viem'
import { localChainA } from '../../../src/networks/definitions.js'
import { walletApi } from '../../../src/wallet-api.js'
import { connect } from '../../../src/stores/connect/connection.js'
import { loadConnectors } from '../../../src/stores/connect/connectors.js'
import { switchNetwork } from '../../../src/stores/networks/network-switch.js'
import { FakeEip1193Provider, announceWallet } from '../../fixtures/eip1193-provider.js'
import { setUpConnection, tearDownConnection, track } from '../connect/support.js'

describe('ethers v6 on getWalletProvider (issue 31)', () => {
  const account = privateKeyToAccount(generatePrivateKey())
  let wallet: FakeEip1193Provider

  beforeEach(async () => {
    setUpConnection({ defaultNetwork: localChainA })
    wallet = new FakeEip1193Provider({ chainId: 31337, accounts: [account.address] })
    wallet.failures.set('personal_sign', params => account.signMessage({ message: { raw: (params as Hex[])[0]! } }))
    track(announceWallet(wallet, { rdns: 'com.example.fake' }))
    await loadConnectors()
    expect(await connect('com.example.fake')).to.equal(true)
  })
  afterEach(tearDownConnection)

  it('BrowserProvider reads the chain id and signs a message with the connected account', async () => {
    const provider = new BrowserProvider(walletApi.getWalletProvider('eip155')!)
    expect((await provider.getNetwork()).chainId).to.equal(31337n)
    const signer = await provider.getSigner()
    expect(signer.address).to.equal(account.address)
    const signature = await signer.signMessage('Hello from ethers')
    expect(verifyMessage('Hello from ethers', signature)).to.equal(account.address)
    expect(wallet.methods()).to.include('personal_sign')
  })

  it("follows a switch made in the kit (a new BrowserProvider reads the wallet's new chain)", async () => {
    expect(await switchNetwork('eip155:31338')).to.equal(true)
    const provider = new BrowserProvider(walletApi.getWalletProvider('eip155')!)
    expect((await provider.getNetwork()).chainId).to.equal(31338n)
  })
})
