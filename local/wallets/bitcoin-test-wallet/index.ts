/**
 * AppKit Bitcoin Test Wallet: a Wallet Standard wallet (the `bitcoin:` extensions) for the local
 * Bitcoin regtest node.
 *
 *   import { installBitcoinTestWallet } from '../../local/wallets/bitcoin-test-wallet/index.js'
 *   const wallet = installBitcoinTestWallet()                        // Alice's payment and ordinals addresses
 *   const wallet = installBitcoinTestWallet({ autoApprove: true })   // scripted use
 *
 * It registers through the Wallet Standard's window events (`wallet-standard:register-wallet`, and
 * `wallet-standard:app-ready` for apps that load later), holds one of local/bitcoin/accounts.ts's
 * public test keys (TEST KEYS ONLY) and asks in its own panel (data-testid `bitcoin-wallet-approve`
 * / `bitcoin-wallet-reject`) before connecting or signing. The same wallet also shows the
 * sats-connect request API (sats-connect.ts: `window.btc_providers`), as Xverse does; `faces`
 * chooses one face alone. See local/wallets/README.md.
 */
import { registerWallet, type IdentifierString } from '@wallet-standard/core'
import { bitcoinTestAccounts, DEFAULT_BITCOIN_PORT, REGTEST_CAIP_NETWORK_ID } from '../../bitcoin/accounts.js'
import type { AutoApprove } from '../shared/approval-panel.js'
import { announceSatsConnectProvider, SatsConnectTestProvider } from './sats-connect.js'
import { BitcoinTestWallet } from './wallet.js'

export { BitcoinTestWallet, BitcoinWalletError, BITCOIN_TEST_WALLET_NAME } from './wallet.js'
export { signBip322P2wpkh } from './bip322.js'
export { SatsConnectTestProvider, SATS_CONNECT_PROVIDER_ID } from './sats-connect.js'

/**
 * Which faces the wallet shows a page: both (as real Bitcoin wallets do), only the Wallet Standard
 * one, or only the sats-connect request API (window.btc_providers).
 */
export type BitcoinWalletFaces = 'both' | 'wallet-standard' | 'sats-connect'

/** The Bitcoin wallet standard's regtest chain, and the local node's CAIP-2 id. */
export const DEFAULT_BITCOIN_CHAINS: readonly IdentifierString[] = ['bitcoin:regtest', REGTEST_CAIP_NETWORK_ID]

export interface BitcoinTestWalletOptions {
  /** Which funded test account of local/bitcoin/accounts.ts: 0 Alice (default), 1 Bob, 2 Carol, 3 Dave. */
  accountIndex?: number
  /** Chains the wallet claims; default bitcoin:regtest and the local node's CAIP-2 id. */
  chains?: readonly IdentifierString[]
  /** Decide without the panel: true approves everything, false rejects, a function decides per request. */
  autoApprove?: AutoApprove
  /** localStorage key of the connected sites; default `appkit-bitcoin-test-wallet`. */
  storageKey?: string
  /** Default 'both'. */
  faces?: BitcoinWalletFaces
  /** The node's Esplora API, for the sats-connect face's balance and sends; default the local node's. */
  esploraUrl?: string
}

export interface InstalledBitcoinTestWallet {
  readonly wallet: BitcoinTestWallet
  /** The payment address (P2WPKH). */
  readonly address: string
  /** The ordinals address (P2TR). */
  readonly ordinalsAddress: string
  /** The sats-connect face, when shown. */
  readonly satsConnect?: SatsConnectTestProvider
  setAutoApprove(autoApprove: AutoApprove | undefined): void
}

const INSTALLED = Symbol.for('appkit-bitcoin-test-wallet')

/** Registers the Bitcoin test wallet with the page's Wallet Standard apps (once per page). */
export function installBitcoinTestWallet(options: BitcoinTestWalletOptions = {}): InstalledBitcoinTestWallet {
  const registry = globalThis as unknown as Record<symbol, InstalledBitcoinTestWallet | undefined>
  const existing = registry[INSTALLED]
  if (existing) return existing
  const accountIndex = options.accountIndex ?? 0
  const account = bitcoinTestAccounts[accountIndex]
  if (!account) {
    throw new Error(
      `installBitcoinTestWallet: accountIndex must be 0 to ${bitcoinTestAccounts.length - 1}, got ${accountIndex}`
    )
  }
  const wallet = new BitcoinTestWallet({
    account,
    label: `${account.name} (test account)`,
    chains: [...(options.chains ?? DEFAULT_BITCOIN_CHAINS)],
    autoApprove: options.autoApprove,
    storageKey: options.storageKey ?? 'appkit-bitcoin-test-wallet',
    ...(options.esploraUrl ? { esploraUrl: options.esploraUrl } : {})
  })
  const faces = options.faces ?? 'both'
  if (faces !== 'sats-connect') registerWallet(wallet)
  let satsConnect: SatsConnectTestProvider | undefined
  if (faces !== 'wallet-standard') {
    satsConnect = new SatsConnectTestProvider({
      account,
      approvals: wallet.approvals,
      esploraUrl: options.esploraUrl ?? `http://127.0.0.1:${DEFAULT_BITCOIN_PORT}`,
      storageKey: `${options.storageKey ?? 'appkit-bitcoin-test-wallet'}-sats-connect`
    })
    announceSatsConnectProvider(satsConnect, wallet.name)
  }
  const installed: InstalledBitcoinTestWallet = {
    wallet,
    address: wallet.address,
    ordinalsAddress: wallet.ordinalsAddress,
    ...(satsConnect ? { satsConnect } : {}),
    setAutoApprove: autoApprove => {
      wallet.approvals.autoApprove = autoApprove
    }
  }
  registry[INSTALLED] = installed
  return installed
}
