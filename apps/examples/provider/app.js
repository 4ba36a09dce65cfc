// The wallet-provider example: after the visitor connects in the modal, the page reads and sends
// through the EIP-1193 provider the kit hands over (appKit.getWalletProvider('eip155')), whatever
// wallet the visitor chose. Everything comes from window.AppKit, set by the kit's script before
// this one runs (docs/guides/using-the-connection.md).
{
  const { createAppKit, evmAdapter, localChainA, localChainB } = window.AppKit

  // The local chains at the ports `npm start` runs them on; `?chain-a=<rpc>&chain-b=<rpc>` moves
  // them (the end-to-end test's stack runs on free ports).
  const query = new URLSearchParams(window.location.search)
  const withRpc = (network, rpc) => (rpc ? { ...network, rpcUrls: { default: { http: [rpc] } } } : network)

  const appKit = createAppKit({
    projectId: 'appkit-local',
    adapters: [evmAdapter()],
    networks: [withRpc(localChainA, query.get('chain-a')), withRpc(localChainB, query.get('chain-b'))],
    metadata: {
      name: 'appkit-elements wallet-provider example',
      description: 'A plain HTML page using the wallet provider',
      url: window.location.origin
    }
  })

  const byTestId = id => document.querySelector(`[data-testid="${id}"]`)
  const chainIdOutput = byTestId('chain-id')
  const accountsOutput = byTestId('accounts')
  const sendButton = byTestId('send')
  const transactionOutput = byTestId('transaction')

  const log = (name, value) => {
    const item = document.createElement('li')
    item.textContent = `${name} ${JSON.stringify(value)}`
    byTestId('events').append(item)
  }
  const showAccounts = accounts => {
    accountsOutput.textContent = accounts.join(', ') || 'none'
  }
  const onChainChanged = chainId => {
    log('chainChanged', chainId)
    chainIdOutput.textContent = chainId
  }
  const onAccountsChanged = accounts => {
    log('accountsChanged', accounts)
    showAccounts(accounts)
  }

  /** The provider of the current connection (one object for the whole connection), or undefined. */
  let provider
  async function use(next) {
    provider?.removeListener('chainChanged', onChainChanged)
    provider?.removeListener('accountsChanged', onAccountsChanged)
    provider = next
    sendButton.disabled = !provider
    if (!provider) {
      chainIdOutput.textContent = accountsOutput.textContent = 'not connected'
      return
    }
    provider.on('chainChanged', onChainChanged)
    provider.on('accountsChanged', onAccountsChanged)
    chainIdOutput.textContent = await provider.request({ method: 'eth_chainId' })
    showAccounts(await provider.request({ method: 'eth_accounts' }))
  }
  // Already there after a reload that restored the connection; then told of every new connection.
  void use(appKit.getWalletProvider('eip155'))
  appKit.subscribeWalletProvider('eip155', provider => void use(provider))

  byTestId('send-form').addEventListener('submit', async event => {
    event.preventDefault()
    if (!provider) return
    const to = new FormData(event.currentTarget).get('to')
    transactionOutput.textContent = 'waiting for the wallet'
    try {
      const [from] = await provider.request({ method: 'eth_accounts' })
      // 0.001 ETH in wei, as a hex quantity.
      const value = `0x${(10n ** 15n).toString(16)}`
      transactionOutput.textContent = await provider.request({
        method: 'eth_sendTransaction',
        params: [{ from, to, value }]
      })
    } catch (error) {
      transactionOutput.textContent = `${error.message} (${error.code})`
    }
  })

  // For the console and the end-to-end tests.
  window.appKit = appKit
}
