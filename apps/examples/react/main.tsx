// The React example: the kit as an app installs it, `appkit-elements` and `appkit-elements/react`
// (resolved to the built dist/ through the package's exports map: see vite.config.ts here). Built on
// React 19, and on React 18 with REACT_VERSION=18.
import { StrictMode, version as reactVersion } from 'react'
import { version as reactDomVersion } from 'react-dom'
import { createRoot } from 'react-dom/client'
import { createAppKit } from 'appkit-elements'
import { AppKitButton, AppKitNetworkButton, useAppKit } from 'appkit-elements/react'
import { evmAdapter, localChainA, localChainB } from 'appkit-elements/evm'

const appKit = createAppKit({
  projectId: 'appkit-local',
  adapters: [evmAdapter()],
  networks: [localChainA, localChainB],
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
