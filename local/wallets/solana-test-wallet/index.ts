/**
 * AppKit Solana Test Wallet: a Wallet Standard wallet for the local Solana runtime.
 *
 *   import { installSolanaTestWallet } from '../../local/wallets/solana-test-wallet/index.js'
 *   const wallet = installSolanaTestWallet()                                   // http://127.0.0.1:8899, Alice
 *   const wallet = installSolanaTestWallet({ rpcUrl, autoApprove: true })      // scripted use
 *
 * It registers through the Wallet Standard's window events (`wallet-standard:register-wallet`, and
 * `wallet-standard:app-ready` for apps that load later), holds one of local/solana/accounts.ts's public
 * test keys (TEST KEYS ONLY) and asks in its own panel (data-testid `solana-wallet-approve` /
 * `solana-wallet-reject`) before connecting, signing or sending. See local/wallets/README.md.
 */
import { registerWallet, type IdentifierString } from '@wallet-standard/core'
import { solanaTestAccounts } from '../../solana/accounts.js'
import type { AutoApprove } from '../shared/approval-panel.js'
import { SolanaTestWallet } from './wallet.js'

export { SolanaTestWallet, SolanaWalletError, SOLANA_TEST_WALLET_NAME } from './wallet.js'
export { encodeBase58, decodeBase58 } from './base58.js'

/** The Wallet Standard's conventional id for a local validator. */
export const SOLANA_LOCALNET = 'solana:localnet'

/**
 * The local runtime's CAIP-2 id: `solana:` + the first 32 characters of its genesis hash, which is
 * the same on every start (local/solana/start.ts). The wallet checks it at install (getGenesisHash) and
 * adds the real one if the runtime ever answers differently.
 */
export const SOLANA_LOCAL_CAIP_NETWORK_ID = 'solana:CmpNeggWJ4JaWJeJ8YKN1Zypmk7uvQq3'

/** The kit's Solana networks (src/networks/definitions.ts: solana, solanaDevnet, solanaTestnet). */
export const KIT_SOLANA_CHAINS = [
  'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z'
] as const

export const DEFAULT_SOLANA_CHAINS: readonly IdentifierString[] = [
  SOLANA_LOCALNET,
  SOLANA_LOCAL_CAIP_NETWORK_ID,
  ...KIT_SOLANA_CHAINS
]

export interface SolanaTestWalletOptions {
  /** The Solana JSON-RPC endpoint every transaction goes to; default http://127.0.0.1:8899. */
  rpcUrl?: string
  /** Which funded test account of local/solana/accounts.ts: 0 Alice (default), 1 Bob, 2 Carol, 3 Dave. */
  accountIndex?: number
  /** Any 64-byte secret key instead (overrides accountIndex). */
  secretKey?: readonly number[]
  /** Chains the wallet claims; default solana:localnet, the local runtime's CAIP id and the kit's three. */
  chains?: readonly IdentifierString[]
  /** Decide without the panel: true approves everything, false rejects, a function decides per request. */
  autoApprove?: AutoApprove
  /** localStorage key of the approved sites; default `appkit-solana-test-wallet`. */
  storageKey?: string
  /** Ask the RPC for its genesis hash and add that chain when missing (default true). */
  detectGenesis?: boolean
  /** How long signAndSendTransaction waits for `options.commitment`; default 30000 ms. */
  confirmTimeoutMs?: number
}

export interface InstalledSolanaTestWallet {
  readonly wallet: SolanaTestWallet
  readonly address: string
  setAutoApprove(autoApprove: AutoApprove | undefined): void
}

const INSTALLED = Symbol.for('appkit-solana-test-wallet')

/** Registers the Solana test wallet with the page's Wallet Standard apps (once per page). */
export function installSolanaTestWallet(options: SolanaTestWalletOptions = {}): InstalledSolanaTestWallet {
  const registry = globalThis as unknown as Record<symbol, InstalledSolanaTestWallet | undefined>
  const existing = registry[INSTALLED]
  if (existing) return existing

  const accountIndex = options.accountIndex ?? 0
  const account = options.secretKey
    ? { name: 'Solana test account', secretKey: options.secretKey }
    : solanaTestAccounts[accountIndex]
  if (!account) {
    throw new Error(
      `installSolanaTestWallet: accountIndex must be 0 to ${solanaTestAccounts.length - 1}, got ${accountIndex}`
    )
  }
  const wallet = new SolanaTestWallet({
    secretKey: account.secretKey,
    label: options.secretKey ? account.name : `${account.name} (test account)`,
    rpcUrl: options.rpcUrl ?? 'http://127.0.0.1:8899',
    chains: [...(options.chains ?? DEFAULT_SOLANA_CHAINS)],
    autoApprove: options.autoApprove,
    storageKey: options.storageKey ?? 'appkit-solana-test-wallet',
    confirmTimeoutMs: options.confirmTimeoutMs ?? 30_000
  })
  registerWallet(wallet)
  if (options.detectGenesis ?? true) {
    wallet.rpc('getGenesisHash').then(
      hash => {
        if (typeof hash === 'string' && hash.length >= 32) wallet.addChain(`solana:${hash.slice(0, 32)}`)
      },
      () => {
        // No runtime yet: the default chains stand.
      }
    )
  }
  const installed: InstalledSolanaTestWallet = {
    wallet,
    address: wallet.address,
    setAutoApprove: autoApprove => {
      wallet.approvals.autoApprove = autoApprove
    }
  }
  registry[INSTALLED] = installed
  return installed
}
