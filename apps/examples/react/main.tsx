// The React example: the kit as an app installs it, `appkit-elements` and `appkit-elements/react`
// (resolved to the built dist/ through the package's exports map: see vite.config.ts here). Built on
// React 19, and on React 18 with REACT_VERSION=18.
import { StrictMode, version as reactVersion } from 'react'
import { version as reactDomVersion } from 'react-dom'
import { createRoot } from 'react-dom/client'
import { createAppKit } from 'appkit-elements'
import type { CaipNetwork } from 'appkit-elements'
import { AppKitButton, AppKitNetworkButton, useAppKit } from 'appkit-elements/react'
import { evmAdapter, localChainA, localChainB } from 'appkit-elements/evm'
import { solanaAdapter, solanaLocal } from 'appkit-elements/solana'
import { ConnectionPanel } from './connection-panel.js'

// The local chains, Solana runtime and backend (balances, tokens) at the ports `npm start` runs
// them on; `?chain-a=<rpc>`, `?chain-b=<rpc>`, `?solana=<rpc>` and `?api=<url>` move them (the
// end-to-end test's stack runs on free ports).
const query = new URLSearchParams(window.location.search)
function withRpc<N extends CaipNetwork>(network: N, key: string): N {
  const rpc = query.get(key)
  return rpc ? { ...network, rpcUrls: { default: { http: [rpc] } } } : network
}

const appKit = createAppKit({
  projectId: 'appkit-local',
  apiUrl: query.get('api') ?? 'http://127.0.0.1:8787',
  adapters: [evmAdapter(), solanaAdapter()],
  networks: [withRpc(localChainA, 'chain-a'), withRpc(localChainB, 'chain-b'), withRpc(solanaLocal, 'solana')],
  metadata: {
    name: 'appkit-elements React example',
    description: `A React ${reactVersion} page using the generated wrappers and hooks`,
    url: window.location.origin
  }
})

// For the console and the end-to-end tests.
Object.assign(window, { appKit, reactVersions: { react: reactVersion, reactDom: reactDomVersion } })

function App() {
  const { open } = useAppKit()
  return (
    <main>
      <h1>appkit-elements in React</h1>
      <p>The generated wrappers and the hooks of appkit-elements/react, on React {reactVersion}.</p>
      <div className="buttons">
        <AppKitButton />
        <AppKitNetworkButton />
        <button type="button" data-testid="open-networks" onClick={() => void open({ view: 'Networks' })}>
          Choose a network
        </button>
      </div>
      <ConnectionPanel />
    </main>
  )
}

const container = document.getElementById('root')
if (!container) throw new Error('apps/examples/react: #root is missing from index.html')
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>
)
