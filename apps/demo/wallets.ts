/**
 * The test wallets on the demo page (they are not part of the kit: local/wallets/ in the repository).
 * The AppKit Dev Wallet announces itself over EIP-6963; the Solana test wallet registers through
 * the Wallet Standard, and so does the Bitcoin test wallet (with the `bitcoin:` features; it also
 * shows the sats-connect request API). All ask in their own panel before connecting, signing or sending.
 */
import { installDevWallet, type DevWallet } from '../../local/wallets/dev-wallet/index.js'
import {
  installSolanaTestWallet,
  type InstalledSolanaTestWallet
} from '../../local/wallets/solana-test-wallet/index.js'
import {
  installBitcoinTestWallet,
  type InstalledBitcoinTestWallet
} from '../../local/wallets/bitcoin-test-wallet/index.js'
import { demoConfig } from './config.js'

export interface TestWallets {
  readonly dev: DevWallet
  readonly solana: InstalledSolanaTestWallet
  readonly bitcoin: InstalledBitcoinTestWallet
}

export function installTestWallets(): TestWallets | undefined {
  if (!demoConfig.testWallets) return undefined
  const query = new URLSearchParams(location.search)
  const dev = installDevWallet({
    // ?dev-wallet-account=N: the Dev Wallet holds test account #N (default #1, which owns alice.appkit.id).
    ...(query.get('dev-wallet-account') ? { accountIndex: Number(query.get('dev-wallet-account')) } : {}),
    // ?dev-wallet-atomic=1: the wallet batches EIP-5792 calls atomically (the kit then sends an
    // approval and a swap as one wallet_sendCalls).
    atomic: query.get('dev-wallet-atomic') === '1',
    chains: [
      { chainId: 31337, rpcUrl: demoConfig.chainARpc, name: 'Local Chain A' },
      { chainId: 31338, rpcUrl: demoConfig.chainBRpc, name: 'Local Chain B' }
    ]
  })
  const solana = installSolanaTestWallet({
    rpcUrl: demoConfig.solanaRpc,
    // ?solana-wallet-account=N: the Solana test wallet holds test account #N (default #0, Alice).
    ...(query.get('solana-wallet-account') ? { accountIndex: Number(query.get('solana-wallet-account')) } : {})
  })
  const face = query.get('bitcoin-wallet-face')
  const bitcoin = installBitcoinTestWallet({
    // ?bitcoin-wallet-account=N: the Bitcoin test wallet holds test account #N (default #0, Alice).
    ...(query.get('bitcoin-wallet-account') ? { accountIndex: Number(query.get('bitcoin-wallet-account')) } : {}),
    // ?bitcoin-wallet-face=sats-connect (or wallet-standard): the wallet shows that protocol alone;
    // by default both, as real Bitcoin wallets do (the kit lists it once).
    ...(face === 'sats-connect' || face === 'wallet-standard' ? { faces: face } : {}),
    esploraUrl: demoConfig.bitcoinUrl
  })
  return { dev, solana, bitcoin }
}
