/**
 * The test wallets as a browser extension would put them on a page: a classic script the end-to-end
 * tests add before any of the page's own (test-wallets.mjs: addTestWallets), so that an example page
 * needs no code of the test wallets. Reads its settings from `globalThis.testWalletsConfig`: the
 * stack's RPC URLs, and the Dev Wallet's private key (each test file a sender of its own).
 */
import type { Hex } from 'viem'
import { installDevWallet } from '../../../local/wallets/dev-wallet/index.js'
import { installSolanaTestWallet } from '../../../local/wallets/solana-test-wallet/index.js'

interface TestWalletsConfig {
  readonly chainA: string
  readonly chainB: string
  readonly solana: string
  readonly devWalletKey?: Hex
  readonly solanaAccountIndex?: number
}

const config = (globalThis as { testWalletsConfig?: TestWalletsConfig }).testWalletsConfig
// Only in the top page (init scripts run in every frame, the embedded wallet's too).
if (config && window.top === window) {
  installDevWallet({
    chains: [
      { chainId: 31337, rpcUrl: config.chainA, name: 'Local Chain A' },
      { chainId: 31338, rpcUrl: config.chainB, name: 'Local Chain B' }
    ],
    ...(config.devWalletKey ? { privateKey: config.devWalletKey } : {})
  })
  installSolanaTestWallet({
    rpcUrl: config.solana,
    ...(config.solanaAccountIndex === undefined ? {} : { accountIndex: config.solanaAccountIndex })
  })
}
