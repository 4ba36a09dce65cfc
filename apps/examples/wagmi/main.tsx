// The wagmi example (issue 31; docs/guides/wagmi.md): a React app on wagmi's hooks that connects
// through our modal. appkit-elements/wagmi gives wagmi a config whose one connector is the kit's
// connection; after connecting, the page reads the tUSDC balance (useReadContract), transfers
// tUSDC (useWriteContract) and signs typed data (useSignTypedData), all through the wallet the
// visitor chose in the modal: a browser wallet, or the e-mail wallet (its EOA or its smart account,
// switched in the modal's Account view), whose approvals show in its frame.
import { StrictMode, useState, type FormEvent } from 'react'
import { createRoot } from 'react-dom/client'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { WagmiProvider, useConnection, useReadContract, useSignTypedData, useWriteContract } from 'wagmi'
import { erc20Abi, formatUnits, isAddress, parseUnits } from 'viem'
import { createAppKit } from 'appkit-elements'
import { AppKitButton, AppKitNetworkButton } from 'appkit-elements/react'
import { localChainA, localChainB } from 'appkit-elements/evm'
import { wagmiAdapter } from 'appkit-elements/wagmi'

/** tUSDC ("Test USD Coin", 6 decimals), deployed at this address on both local chains (local/chain/). */
const TUSDC = '0x73511669fd4dE447feD18BB79bAFeAC93aB7F31f'

// The local chains, the reference backend and the embedded wallet's frame (the e-mail login) at
// the ports `npm start` runs them on; `?chain-a=<rpc>`, `?chain-b=<rpc>`, `?api=<url>` and
// `?frame=<url>` move them (the end-to-end test's stack runs on free ports).
const query = new URLSearchParams(window.location.search)
const withRpc = <T extends { readonly rpcUrls: unknown }>(network: T, rpc: string | null): T =>
  rpc ? { ...network, rpcUrls: { default: { http: [rpc] } } } : network

// One list of networks for both sides.
const networks = [withRpc(localChainA, query.get('chain-a')), withRpc(localChainB, query.get('chain-b'))]
const adapter = wagmiAdapter({ networks })
const appKit = createAppKit({
  projectId: 'appkit-local',
  apiUrl: query.get('api') ?? 'http://127.0.0.1:8787',
  frameUrl: query.get('frame') ?? 'http://127.0.0.1:8788/',
  adapters: [adapter],
  networks,
  metadata: { name: 'appkit-elements wagmi example', description: 'wagmi hooks', url: window.location.origin }
})
const queryClient = new QueryClient()

// For the console and the end-to-end tests.
Object.assign(window, { appKit, wagmiConfig: adapter.wagmiConfig })

function Balance({ address }: { address: `0x${string}` }) {
  const { data, refetch } = useReadContract({
    address: TUSDC,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [address]
  })
  return (
    <p>
      tUSDC: <output data-testid="balance">{data === undefined ? '…' : formatUnits(data, 6)}</output>{' '}
      <button type="button" data-testid="refresh" onClick={() => void refetch()}>
        Refresh
      </button>
    </p>
  )
}

function Transfer() {
  const [recipient, setRecipient] = useState('')
  const { data: hash, error, isPending, mutate: writeContract } = useWriteContract()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!isAddress(recipient)) return
    writeContract({ address: TUSDC, abi: erc20Abi, functionName: 'transfer', args: [recipient, parseUnits('1.5', 6)] })
  }
  return (
    <form onSubmit={submit}>
      <label>
        Send 1.5 tUSDC to{' '}
        <input data-testid="recipient" value={recipient} onChange={event => setRecipient(event.target.value)} />
      </label>{' '}
      <button type="submit" data-testid="transfer" disabled={isPending}>
        Transfer
      </button>
      <output data-testid="transaction">{hash ?? error?.message ?? ''}</output>
    </form>
  )
}

function SignTypedData({ address, chainId }: { address: `0x${string}`; chainId: number }) {
  const { data: signature, error, mutate: signTypedData } = useSignTypedData()
  const sign = () =>
    signTypedData({
      domain: { name: 'appkit-elements wagmi example', version: '1', chainId },
      types: {
        Greeting: [
          { name: 'from', type: 'address' },
          { name: 'text', type: 'string' }
        ]
      },
      primaryType: 'Greeting',
      message: { from: address, text: 'Hello from wagmi' }
    })
  return (
    <p>
      <button type="button" data-testid="sign" onClick={sign}>
        Sign typed data
      </button>{' '}
      <output data-testid="signature">{signature ?? error?.message ?? ''}</output>
    </p>
  )
}

function App() {
  const { address, chainId, status } = useConnection()
  return (
    <main>
      <h1>appkit-elements with wagmi</h1>
      <p>wagmi's hooks on the connection made in the modal.</p>
      <div className="buttons">
        <AppKitButton />
        <AppKitNetworkButton />
      </div>
      <p>
        wagmi: <output data-testid="status">{status}</output> <output data-testid="address">{address ?? ''}</output> on{' '}
        <output data-testid="chain-id">{chainId ?? ''}</output>
      </p>
      {address && chainId !== undefined && (
        <>
          <Balance address={address} />
          <Transfer />
          <SignTypedData address={address} chainId={chainId} />
        </>
      )}
    </main>
  )
}

const container = document.getElementById('root')
if (!container) throw new Error('apps/examples/wagmi: #root is missing from index.html')
createRoot(container).render(
  <StrictMode>
    <WagmiProvider config={adapter.wagmiConfig}>
      <QueryClientProvider client={queryClient}>
        <App />
      </QueryClientProvider>
    </WagmiProvider>
  </StrictMode>
)
