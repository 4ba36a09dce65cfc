/**
 * The demo's settings, fixed at build time from VITE_* environment variables (apps/demo/README.md).
 * Default: everything on 127.0.0.1, as `npm start` runs it.
 */
import { localChainA, localChainB } from 'appkit-elements/evm'
import { solanaLocal } from 'appkit-elements/solana'
import { localBitcoin } from 'appkit-elements/bitcoin'
import type { AppKitOptionsInput, CaipNetwork } from 'appkit-elements'
import { CONTRACTS } from '../../local/chain/deployment.js'
import { testUsdCoin } from '../../local/solana/accounts.js'

const env = import.meta.env

function setting(value: string | undefined, fallback: string): string {
  const trimmed = value?.trim()
  return trimmed ? trimmed : fallback
}

/**
 * `?project=<id>` on the demo's URL tries another project of the backend (one whose origin list
 * leaves this page out, or one the backend does not know) without a new build.
 */
const projectOverride = new URLSearchParams(globalThis.location?.search ?? '').get('project')

export const demoConfig = {
  projectId: projectOverride ?? setting(env.VITE_APPKIT_PROJECT_ID, 'appkit-local'),
  apiUrl: setting(env.VITE_APPKIT_API_URL, 'http://127.0.0.1:8787'),
  /** The embedded wallet's secure frame (the e-mail login), served by the backend on its own port. */
  frameUrl: setting(env.VITE_APPKIT_FRAME_URL, 'http://127.0.0.1:8788/'),
  chainARpc: setting(env.VITE_APPKIT_CHAIN_A_RPC, localChainA.rpcUrls.default.http[0]),
  chainBRpc: setting(env.VITE_APPKIT_CHAIN_B_RPC, localChainB.rpcUrls.default.http[0]),
  solanaRpc: setting(env.VITE_APPKIT_SOLANA_RPC, 'http://127.0.0.1:8899'),
  /** The local Bitcoin regtest node: Bitcoin Core's JSON-RPC and the Esplora REST API. */
  bitcoinUrl: setting(env.VITE_APPKIT_BITCOIN_URL, localBitcoin.rpcUrls.default.http[0]),
  testWallets: setting(env.VITE_APPKIT_TEST_WALLETS, 'true') !== 'false',
  /** A WalletConnect relay; without one WalletConnect stays off (no relay runs with `npm start`). */
  relayUrl: env.VITE_APPKIT_RELAY_URL?.trim() || undefined
} as const

/** A network with its RPC replaced (when VITE_APPKIT_*_RPC moves a chain). */
function withRpc<N extends CaipNetwork>(network: N, rpcUrl: string): N {
  return rpcUrl === network.rpcUrls.default.http[0] ? network : { ...network, rpcUrls: { default: { http: [rpcUrl] } } }
}

export { localBitcoin, solanaLocal }

export const demoNetworks = [
  withRpc(localChainA, demoConfig.chainARpc),
  withRpc(localChainB, demoConfig.chainBRpc),
  withRpc(solanaLocal, demoConfig.solanaRpc),
  withRpc(localBitcoin, demoConfig.bitcoinUrl)
] as const

/**
 * The tokens the Tokens list reads from the chains when the backend cannot answer (the `tokens`
 * option): the local chains' test tokens and the Solana runtime's Test USD Coin.
 */
export const demoTokens: NonNullable<AppKitOptionsInput['tokens']> = {
  [localChainA.caipNetworkId]: [{ address: CONTRACTS.tUSDC }, { address: CONTRACTS.TT }],
  [localChainB.caipNetworkId]: [{ address: CONTRACTS.tUSDC }, { address: CONTRACTS.TT }],
  [solanaLocal.caipNetworkId]: [{ address: testUsdCoin.address, symbol: testUsdCoin.symbol, name: testUsdCoin.name }]
}

/**
 * `?account-type=eoa` on the demo's URL: the embedded wallet uses its EOA from the start instead of
 * its smart account (the kit's default on eip155); the Account view switches either way.
 */
export function demoAccountTypes(
  search: string = globalThis.location?.search ?? ''
): Pick<AppKitOptionsInput, 'defaultAccountTypes'> {
  return new URLSearchParams(search).get('account-type') === 'eoa' ? { defaultAccountTypes: { eip155: 'eoa' } } : {}
}
