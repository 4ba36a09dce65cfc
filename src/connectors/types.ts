import type { SolanaSendOptions } from '../adapters/solana/solana-provider-types.js'
import type { CaipNetwork, ChainNamespace } from '../networks/types.js'

/**
 * What a connector is: one way to reach one wallet on one namespace. A connector talks to its
 * wallet (an EIP-1193 provider, the Wallet Standard, WalletConnect) and returns data or emits
 * events; it knows no store and no element (docs/architecture.md). The connection store drives it.
 */

export type ConnectorType = 'injected' | 'announced' | 'walletConnect' | 'auth' | 'external'

/** What the connect views show of a wallet the kit can reach. */
export interface ConnectorInfo {
  /** Stable across reloads (an EIP-6963 wallet's rdns, 'injected' for window.ethereum). */
  readonly id: string
  readonly name: string
  readonly type: ConnectorType
  readonly namespace: ChainNamespace
  /** A safe image (https, or a data:image URI): shown with `<img>`, never as markup. */
  readonly imageUrl?: string
  /** Reverse DNS name of the wallet (EIP-6963), matches catalog entries. */
  readonly rdns?: string
}

/** A chain id as a connector takes it: a number (1), a numeric string ("1", "0x1") or CAIP-2 ("eip155:1"). */
export type ConnectorChainId = number | string

export interface ConnectOptions {
  /** The chain to connect on (the active network's id, when it is of the connector's namespace). */
  readonly chainId?: ConnectorChainId
  /** That network: a connector that reads the chain itself (Solana) takes its RPC from it. */
  readonly network?: CaipNetwork
  /**
   * The account type the app prefers on the connector's namespace (docs/behaviour.md section 4):
   * a Bitcoin wallet gives its 'payment' (P2WPKH) or its 'ordinal' (P2TR) address.
   */
  readonly accountType?: string
}

export interface ConnectResult {
  /** The account the wallet put first: the one the kit shows. */
  readonly address: string
  /** The chain the wallet is on after connecting (its chain reference: 1, or a Solana genesis hash). */
  readonly chainId: number | string
  /** Every account the wallet exposes to this site, `address` first. */
  readonly accounts: readonly string[]
}

/** One of a wallet's accounts and its type (docs/behaviour.md section 3): a plain key (eoa) or a smart account. */
export interface TypedAccount {
  readonly address: string
  readonly type: 'eoa' | 'smartAccount'
}

/** What a wallet with more than plain accounts (the embedded wallet) says of them, as of its last answer. */
export interface AccountInfo {
  /** Every account it exposes with its type, the one in use first. */
  readonly accounts: readonly TypedAccount[]
  /** Whether the smart account is deployed on the chain (undefined: not asked, or no smart account). */
  readonly smartAccountDeployed?: boolean
  /** The chain ids where it offers a smart account (empty when it could not say). */
  readonly smartAccountNetworks: readonly number[]
}

export interface ConnectorEventMap {
  /** The accounts the wallet exposes now; empty when the visitor disconnected in the wallet. */
  accountsChanged: readonly string[]
  /** The chain the wallet moved to (its chain reference). */
  chainChanged: number | string
  /** The wallet ended the connection (or lost its chains). */
  disconnect: undefined
}

export type ConnectorEvent = keyof ConnectorEventMap

/**
 * A transfer the kit built for the wallet to sign and send. EVM: one transaction (native: value to
 * the receiver, data 0x; ERC-20: transfer(receiver, amount) to the token contract). Solana: a
 * serialized transaction for `solana:signAndSendTransaction` on the CAIP-2 `chain`, with the app's
 * send `options` when it gave some (the wallet answers once 'confirmed' unless they say otherwise).
 */
export type TransactionRequest =
  | {
      readonly namespace: 'eip155'
      readonly from: string
      readonly to: string
      readonly value: bigint
      readonly data: `0x${string}`
    }
  | {
      readonly namespace: 'solana'
      readonly from: string
      readonly chain: string
      readonly transaction: Uint8Array
      readonly options?: SolanaSendOptions
    }
  | BitcoinTransferRequest

/**
 * A Bitcoin payment the kit prepared (issue 34): `amount` satoshis from the payment address `from`
 * to `to` at `feeRate` sat/vB. `psbt` is the unsigned PSBT the kit built (coin selection over the
 * account's UTXOs, change back to `from`, the dust rule applied, `fee` satoshis of fee); the inputs
 * at `signInputs` are `from`'s. A connector signs the PSBT (`bitcoin:signTransaction`, sats-connect
 * `signPsbt`, WalletConnect `signPsbt`) and posts the signed transaction to the Esplora API at
 * `esploraUrl` (`POST /tx`), or hands the payment itself to a wallet that prefers to build it
 * (`sendTransfer`). Either way it resolves with the transaction id (64 hex characters).
 */
export interface BitcoinTransferRequest {
  readonly namespace: 'bip122'
  readonly from: string
  readonly to: string
  /** Satoshis the receiver gets. */
  readonly amount: bigint
  /** The fee rate the kit chose, in sat/vB. */
  readonly feeRate: number
  /** The fee of `psbt`, in satoshis. */
  readonly fee: bigint
  readonly psbt: Uint8Array
  readonly signInputs: readonly number[]
  /** The CAIP-2 id of the network (bip122:<genesis hash prefix>). */
  readonly chain: string
  readonly esploraUrl: string
}

export interface Connector extends ConnectorInfo {
  /** Asks the wallet for its accounts (it may prompt the visitor); then for its chain. */
  connect(options?: ConnectOptions): Promise<ConnectResult>
  /**
   * Restores a connection the visitor approved before, never prompting: undefined when the wallet
   * no longer exposes an account to this site.
   */
  reconnect(options?: Pick<ConnectOptions, 'network' | 'accountType'>): Promise<ConnectResult | undefined>
  /** Ends the connection in the wallet where it can; a wallet that cannot is not an error. */
  disconnect(): Promise<void>
  /** The accounts' types (the embedded wallet only); absent: every account is a plain one (eoa). */
  accountInfo?(): AccountInfo | undefined
  /**
   * Makes the wallet use its account of `type` (the embedded wallet only): 'accountsChanged' follows
   * when the address changes; throws when the wallet has none of that type here.
   */
  setAccountType?(type: TypedAccount['type']): Promise<void>
  /** The accounts exposed to this site now, without a prompt (EIP-1193 eth_accounts). */
  getAccounts(): Promise<readonly string[]>
  /** The chain the wallet is on now. */
  getChainId(): Promise<number | string>
  /** Moves the wallet to `network` (adding it first where the wallet does not know it). */
  switchNetwork(network: CaipNetwork): Promise<void>
  /** The native balance of `address` on the wallet's current chain, in the smallest unit. */
  getBalance(address: string): Promise<bigint>
  /**
   * Asks the wallet to sign and send `request` (the visitor approves in the wallet). Resolves with
   * what the wallet answered: the transaction hash on EVM; on Solana the signature's bytes as 0x hex.
   * Absent on connectors that cannot send yet: the kit then offers no Send.
   */
  sendTransaction?(request: TransactionRequest): Promise<string>
  /**
   * A request to an EVM wallet as EIP-1193 has it (wallet_getCapabilities, wallet_sendCalls,
   * wallet_getCallsStatus for EIP-5792 batches); what it answers is for the caller to parse.
   */
  evmRequest?(method: string, params: readonly unknown[]): Promise<unknown>
  /**
   * Asks the wallet to sign `message` (UTF-8 text) as `address`: EIP-191 personal_sign on EVM,
   * answered as 0x hex; the Solana sign-message feature, answered as the signature in base58.
   */
  signMessage?(message: string, address: string): Promise<string>
  /**
   * Solana: asks the wallet to sign `message` (any bytes, not only text) as `address`; resolves with
   * the 64-byte ed25519 signature. A wallet's refusal is thrown as the wallet gave it.
   */
  signMessageBytes?(message: Uint8Array, address: string): Promise<Uint8Array>
  /**
   * Solana: asks the wallet to sign each of `transactions` (wire format, legacy or v0) as `address`
   * for the CAIP-2 `chain`, without sending them (one approval); resolves with each signed, in order,
   * in wire format. A wallet's refusal is thrown as the wallet gave it.
   */
  solanaSignTransactions?(transactions: readonly Uint8Array[], address: string, chain: string): Promise<Uint8Array[]>
  /** Follows a wallet event; returns the function that stops following it. */
  on<E extends ConnectorEvent>(event: E, listener: (payload: ConnectorEventMap[E]) => void): () => void
}
