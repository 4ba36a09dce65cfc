/**
 * The appkit-elements demo: a React 19 app on the kit's public API only (`appkit-elements`,
 * `appkit-elements/react`, `/evm`, `/solana`, `/bitcoin`), with the test wallets installed on the page.
 * Settings: apps/demo/README.md.
 */
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { createAppKit } from 'appkit-elements'
import { evmAdapter } from 'appkit-elements/evm'
import { solanaAdapter } from 'appkit-elements/solana'
import { bitcoinAdapter } from 'appkit-elements/bitcoin'
import { App } from './App.js'
import { demoAccountTypes, demoConfig, demoNetworks, demoTokens } from './config.js'
import { demoSiwx } from './siwx.js'
import { installTestWallets } from './wallets.js'
import './demo.css'

// The wallets first: they announce (EIP-6963) and register (Wallet Standard) as the page loads, and
// answer the kit's own requests for them whenever it makes them.
const wallets = installTestWallets()

const appKit = createAppKit({
  projectId: demoConfig.projectId,
  apiUrl: demoConfig.apiUrl,
  frameUrl: demoConfig.frameUrl,
  adapters: [evmAdapter(), solanaAdapter(), bitcoinAdapter()],
  networks: [...demoNetworks],
  tokens: demoTokens,
  enableWalletConnect: demoConfig.relayUrl !== undefined,
  ...(demoConfig.relayUrl ? { relayUrl: demoConfig.relayUrl } : {}),
  ...demoSiwx(),
  ...demoAccountTypes(),
  // Smart sessions (off by default): window.appKit.grantPermissions works on the demo (docs/guides/smart-sessions.md).
  features: { smartSessions: true },
  metadata: {
    name: 'appkit-elements demo',
    description: 'The kit on local chains, with test wallets',
    url: window.location.origin,
    icons: []
  }
})

// For the console and the end-to-end tests.
Object.assign(window, { appKit, testWallets: wallets })

const container = document.getElementById('root')
if (!container) throw new Error('demo: #root is missing from index.html')
createRoot(container).render(
  <StrictMode>
    <App wallets={wallets} />
  </StrictMode>
)
