import { bitcoinTestnet } from './definitions.js'
import type { CaipNetwork } from './types.js'

/**
 * The local Bitcoin regtest node of `npm start` (local/bitcoin: Bitcoin Core's JSON-RPC and the
 * Esplora REST API on one port); its genesis is Core's regtest genesis, so the CAIP-2 id is fixed.
 * Exported from `appkit-elements/bitcoin`, not among the script tag's `window.AppKit` networks: that
 * list is in the first load, which a Bitcoin network must not grow (issue 34); a script-tag page
 * passes this object (or `defineNetwork`'s) itself.
 */
export const localBitcoin = {
  ...bitcoinTestnet,
  id: '0f9188f13cb7b2c71f2a335e3a4fc328',
  caipNetworkId: 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328',
  name: 'Bitcoin Local',
  rpcUrls: { default: { http: ['http://127.0.0.1:18443'] } }
} as const satisfies CaipNetwork
