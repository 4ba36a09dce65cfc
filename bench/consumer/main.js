// The consumer page of bench/first-load.mjs (issue 35): what an app writes after
// `npm install appkit-elements`, built by the app's own Vite production build (no chunk grouping of
// the kit's, only Vite's defaults): the main entry and the EVM adapter, one <appkit-button>.
import { createAppKit } from 'appkit-elements'
import { evmAdapter, localChainA, localChainB } from 'appkit-elements/evm'

window.appKit = createAppKit({
  projectId: 'appkit-local',
  adapters: [evmAdapter()],
  networks: [localChainA, localChainB],
  metadata: {
    name: 'appkit-elements consumer build',
    description: 'An app that installed the package and built it with Vite',
    url: window.location.origin
  }
})
