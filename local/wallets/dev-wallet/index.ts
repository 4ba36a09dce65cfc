/**
 * AppKit Dev Wallet: a browser wallet for the local stack, announced over EIP-6963.
 *
 *   import { installDevWallet } from '../../local/wallets/dev-wallet/index.js'
 *   const wallet = installDevWallet()                      // local chains 31337 and 31338, account #1
 *   const wallet = installDevWallet({ autoApprove: true })  // scripted use: no panel
 *   const wallet = installDevWallet({ atomic: true })       // EIP-5792 batches all-or-nothing
 *
 * It holds one of hardhat's public test accounts (TEST KEYS ONLY) and asks for approval in its own
 * panel (data-testid `dev-wallet-approve` / `dev-wallet-reject`) before connecting, signing or
 * sending. See local/wallets/README.md.
 */
import type { Hex } from 'viem'
import { CHAIN_A, CHAIN_B, TEST_ACCOUNTS } from '../../chain/deployment.js'
import type { AutoApprove } from '../shared/approval-panel.js'
import { DEV_WALLET_ICON } from '../shared/icons.js'
import { DevWalletProvider, type DevWalletChain } from './provider.js'

export { DevWalletProvider, type DevWalletChain } from './provider.js'
export { ProviderRpcError, ERROR_CODES } from './errors.js'
export type { ApprovalRequest, AutoApprove } from '../shared/approval-panel.js'

export const DEV_WALLET_NAME = 'AppKit Dev Wallet'
export const DEV_WALLET_RDNS = 'dev.appkit.wallet'

/** The two local chains of `npm start` (local/chain/deployment.ts), at their default ports. */
export const DEFAULT_DEV_WALLET_CHAINS: readonly DevWalletChain[] = [
  { chainId: CHAIN_A.chainId, rpcUrl: `http://127.0.0.1:${CHAIN_A.defaultPort}`, name: CHAIN_A.name },
  { chainId: CHAIN_B.chainId, rpcUrl: `http://127.0.0.1:${CHAIN_B.defaultPort}`, name: CHAIN_B.name }
]

export interface DevWalletOptions {
  /** Chains the wallet knows, `{ chainId, rpcUrl, name? }`; default: the two local chains on 8545 and 8546. */
  chains?: readonly DevWalletChain[]
  /** The chain it starts on (until the visitor switches; the choice persists); default the first chain. */
  defaultChainId?: number
  /** Which funded test account of local/chain/deployment.ts (hardhat's mnemonic): 0 to 4; default 1. */
  accountIndex?: number
  /** Any private key instead (overrides accountIndex). */
  privateKey?: Hex
  /** Decide without the panel: true approves everything, false rejects, a function decides per request. */
  autoApprove?: AutoApprove
  /** localStorage key of the connection and the chosen chain; default `appkit-dev-wallet`. */
  storageKey?: string
  /** Announce over EIP-6963 (default true). */
  announce?: boolean
  /** Also set `window.ethereum` when no other wallet did (default false). */
  injectWindowEthereum?: boolean
  /** Check the current chain's RPC at once, emitting `connect` when it answers (default true). */
  probe?: boolean
  /**
   * Execute wallet_sendCalls batches all-or-nothing and report EIP-5792 `atomic: supported` (default
   * false: the calls go one after another, `atomic: unsupported`). It rolls a failed batch back with
   * hardhat's evm_snapshot / evm_revert, which also undoes anything else mined on that chain
   * meanwhile: a test-bench guarantee for the local chains, not a real wallet's.
   */
  atomic?: boolean
}

export interface Eip6963ProviderInfo {
  readonly uuid: string
  readonly name: string
  readonly icon: string
  readonly rdns: string
}

export interface DevWallet {
  readonly provider: DevWalletProvider
  readonly info: Eip6963ProviderInfo
  /** The account's address (checksummed). */
  readonly address: Hex
  /** Dispatches `eip6963:announceProvider` again. */
  announce(): void
  /** Changes how requests are decided (undefined: the panel asks). */
  setAutoApprove(autoApprove: AutoApprove | undefined): void
  /** Forgets this site's approval: eth_accounts returns [] and accountsChanged fires with []. */
  disconnect(): void
  /** Stops answering eip6963:requestProvider, rejects pending requests and removes the panel. */
  uninstall(): void
}

const INSTALLED = Symbol.for('appkit-dev-wallet')

/** Installs the Dev Wallet on this page (once: a second call returns the first wallet). */
export function installDevWallet(options: DevWalletOptions = {}): DevWallet {
  const registry = globalThis as unknown as Record<symbol, DevWallet | undefined>
  const existing = registry[INSTALLED]
  if (existing) return existing

  const chains = options.chains ?? DEFAULT_DEV_WALLET_CHAINS
  const accountIndex = options.accountIndex ?? 1
  const privateKey = options.privateKey ?? TEST_ACCOUNTS[accountIndex]?.privateKey
  if (!privateKey) {
    throw new Error(`installDevWallet: accountIndex must be 0 to ${TEST_ACCOUNTS.length - 1}, got ${accountIndex}`)
  }
  const defaultChainId = options.defaultChainId ?? chains[0]?.chainId
  if (defaultChainId === undefined || !chains.some(chain => chain.chainId === defaultChainId)) {
    throw new Error(`installDevWallet: defaultChainId ${String(defaultChainId)} is not one of "chains"`)
  }

  const provider = new DevWalletProvider({
    privateKey,
    chains,
    defaultChainId,
    walletName: DEV_WALLET_NAME,
    autoApprove: options.autoApprove,
    storageKey: options.storageKey ?? 'appkit-dev-wallet',
    atomic: options.atomic ?? false
  })
  const info: Eip6963ProviderInfo = Object.freeze({
    uuid: crypto.randomUUID(),
    name: DEV_WALLET_NAME,
    icon: DEV_WALLET_ICON,
    rdns: DEV_WALLET_RDNS
  })
  const detail = Object.freeze({ info, provider })
  const announce = () => {
    window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
  }
  const shouldAnnounce = options.announce ?? true
  if (shouldAnnounce) {
    window.addEventListener('eip6963:requestProvider', announce)
    announce()
  }
  const win = window as unknown as { ethereum?: unknown }
  if (options.injectWindowEthereum && win.ethereum === undefined) win.ethereum = provider
  if (options.probe ?? true) void provider.probe()

  const wallet: DevWallet = {
    provider,
    info,
    address: provider.account.address,
    announce,
    setAutoApprove: autoApprove => {
      provider.approvals.autoApprove = autoApprove
    },
    disconnect: () => provider.revoke(),
    uninstall: () => {
      window.removeEventListener('eip6963:requestProvider', announce)
      provider.approvals.dispose()
      if (win.ethereum === provider) delete win.ethereum
      registry[INSTALLED] = undefined
    }
  }
  registry[INSTALLED] = wallet
  return wallet
}
