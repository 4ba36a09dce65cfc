/**
 * The AppKit Dev Wallet's EIP-1193 provider: one local account (viem, a public test key) over a list
 * of chains reached by their JSON-RPC URLs. Signing happens here; reads are proxied to the current
 * chain's RPC; transactions are signed locally and sent raw.
 */
import { isAddress, isAddressEqual, numberToHex, type Address, type Hex, type PrivateKeyAccount } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { ApprovalQueue, type ApprovalRequest, type AutoApprove } from '../shared/approval-panel.js'
import { Emitter } from '../shared/emitter.js'
import { JsonStorage, isRecord } from '../shared/storage.js'
import {
  ERROR_CODES,
  ProviderRpcError,
  invalidParams,
  unauthorized,
  unrecognizedChain,
  unsupportedMethod,
  userRejected
} from './errors.js'
import { CallBatches } from './batches.js'
import { paramsArray, parseChainIdHex, type TransactionParams } from './params.js'
import { personalSign, signTypedData } from './signing.js'
import { describeTransaction, signAndSend } from './transactions.js'
import type { WalletHost } from './wallet-host.js'

export type { TransactionParams } from './params.js'

export interface DevWalletChain {
  chainId: number
  rpcUrl: string
  /** Shown in the approval panel; defaults to `Chain <id>`. */
  name?: string
}

export interface DevWalletProviderOptions {
  privateKey: Hex
  chains: readonly DevWalletChain[]
  defaultChainId: number
  walletName: string
  autoApprove?: AutoApprove
  storageKey: string
  /**
   * Executes wallet_sendCalls batches all-or-nothing (EIP-5792 `atomic: supported`), by taking an
   * `evm_snapshot` before the batch and going back to it with `evm_revert` when a call fails: only a
   * hardhat or anvil node can do that. Default false: the calls go one after another.
   */
  atomic?: boolean
}

export interface RequestArguments {
  readonly method: string
  readonly params?: readonly unknown[] | object
}

interface Persisted {
  version: 1
  /** The account the approvals below belong to. */
  address: string
  /** Origins that approved eth_requestAccounts. */
  origins: string[]
  chainId: number
  /** Chains added with wallet_addEthereumChain. */
  addedChains: DevWalletChain[]
}

/** Methods proxied to the chain as they are; anything else that is not handled here is refused. */
const READ_METHOD = /^(eth_|net_|web3_)/
/** eth_ methods that would let the node sign with its own keys, or that belong to this wallet. */
const NEVER_PROXIED = new Set([
  'eth_sign',
  'eth_signTransaction',
  'eth_signTypedData',
  'eth_signTypedData_v1',
  'eth_signTypedData_v3',
  'eth_coinbase',
  'eth_submitWork',
  'eth_submitHashrate'
])

function parseChain(value: unknown): DevWalletChain | undefined {
  if (!isRecord(value)) return undefined
  const { chainId, rpcUrl, name } = value
  if (typeof chainId !== 'number' || !Number.isSafeInteger(chainId) || chainId <= 0) return undefined
  if (typeof rpcUrl !== 'string') return undefined
  return typeof name === 'string' ? { chainId, rpcUrl, name } : { chainId, rpcUrl }
}

export class DevWalletProvider extends Emitter {
  /** Lets pages and tests recognise the provider (like `isMetaMask` for MetaMask). */
  readonly isAppKitDevWallet = true
  readonly account: PrivateKeyAccount
  readonly approvals: ApprovalQueue

  #configuredChains: readonly DevWalletChain[]
  #defaultChainId: number
  #storage: JsonStorage<Persisted>
  #state: Persisted
  #rpcId = 0
  /** Whether the current chain's RPC answered last time: drives `connect` / `disconnect`. */
  #reachable: boolean | undefined
  #pendingConnect: Promise<Address[]> | undefined
  readonly #batches: CallBatches
  /** What the signing, transaction and batch modules use of this provider. */
  readonly #host: WalletHost
  #atomic: boolean
  /** Per chain, the last send in line (atomic mode only): see #inLine. */
  #sendLines = new Map<number, Promise<unknown>>()

  constructor(options: DevWalletProviderOptions) {
    super()
    if (options.chains.length === 0) throw new Error('installDevWallet: "chains" must list at least one chain')
    this.account = privateKeyToAccount(options.privateKey)
    this.#configuredChains = options.chains
    this.#defaultChainId = options.defaultChainId
    this.#storage = new JsonStorage<Persisted>(options.storageKey)
    this.approvals = new ApprovalQueue({
      walletName: options.walletName,
      testIdPrefix: 'dev-wallet',
      placement: 'right',
      autoApprove: options.autoApprove
    })
    this.#atomic = options.atomic ?? false
    this.#state = this.#load()
    this.#host = {
      account: this.account,
      atomic: this.#atomic,
      chainId: () => this.#state.chainId,
      chains: () => this.chains,
      knows: chainId => Boolean(this.#chain(chainId)),
      chainLabel: chainId => this.#chainLabel(chainId),
      requireConnected: address => this.#requireConnected(address),
      ask: request => this.#ask(request),
      rpc: (chainId, method, params) => this.#rpc(chainId, method, params),
      send: (tx, chainId) => this.sendTransaction(tx, chainId),
      inLine: (chainId, send) => this.#inLine(chainId, send)
    }
    this.#batches = new CallBatches(this.#host)
  }

  // ---------------------------------------------------------------- state

  #load(): Persisted {
    const fresh: Persisted = {
      version: 1,
      address: this.account.address,
      origins: [],
      chainId: this.#defaultChainId,
      addedChains: []
    }
    const stored = this.#storage.read(value => {
      if (!isRecord(value) || value.version !== 1 || typeof value.address !== 'string') return undefined
      const origins = Array.isArray(value.origins) ? value.origins.filter(o => typeof o === 'string') : []
      const addedChains = Array.isArray(value.addedChains)
        ? value.addedChains.map(parseChain).filter((c): c is DevWalletChain => Boolean(c))
        : []
      const chainId = typeof value.chainId === 'number' ? value.chainId : this.#defaultChainId
      return { version: 1, address: value.address, origins, chainId, addedChains }
    })
    if (!stored) return fresh
    // Approvals were given to another account (the options changed): they do not carry over.
    const sameAccount = stored.address.toLowerCase() === this.account.address.toLowerCase()
    const state: Persisted = { ...stored, address: this.account.address, origins: sameAccount ? stored.origins : [] }
    const known = [...this.#configuredChains, ...state.addedChains].some(chain => chain.chainId === state.chainId)
    if (!known) state.chainId = this.#defaultChainId
    return state
  }

  #save(): void {
    this.#storage.write(this.#state)
  }

  /** Configured chains first, then the ones added by wallet_addEthereumChain. */
  get chains(): readonly DevWalletChain[] {
    const configured = new Set(this.#configuredChains.map(chain => chain.chainId))
    return [...this.#configuredChains, ...this.#state.addedChains.filter(chain => !configured.has(chain.chainId))]
  }

  get chainId(): number {
    return this.#state.chainId
  }

  get chainIdHex(): Hex {
    return numberToHex(this.#state.chainId)
  }

  get currentChain(): DevWalletChain {
    const chain = this.#chain(this.#state.chainId)
    if (!chain) throw unrecognizedChain(this.chainIdHex)
    return chain
  }

  #chain(chainId: number): DevWalletChain | undefined {
    return this.chains.find(chain => chain.chainId === chainId)
  }

  #chainLabel(chainId: number): string {
    return `${this.#chain(chainId)?.name ?? 'Chain'} (${chainId})`
  }

  /** Whether this page's origin approved the connection. */
  get isConnected(): boolean {
    return this.#state.origins.includes(location.origin)
  }

  #requireConnected(address?: unknown): void {
    if (!this.isConnected)
      throw unauthorized('The Dev Wallet is not connected to this site: call eth_requestAccounts first.')
    if (
      address !== undefined &&
      !(
        typeof address === 'string' &&
        isAddress(address, { strict: false }) &&
        isAddressEqual(address, this.account.address)
      )
    ) {
      throw unauthorized(`The Dev Wallet holds ${this.account.address}, not ${String(address)}.`)
    }
  }

  async #ask(request: ApprovalRequest): Promise<void> {
    if (!(await this.approvals.ask(request))) throw userRejected()
  }

  /** Forgets this origin's approval (emits accountsChanged with no accounts). */
  revoke(): void {
    if (!this.isConnected) return
    this.#state.origins = this.#state.origins.filter(origin => origin !== location.origin)
    this.#save()
    this.emit('accountsChanged', [])
  }

  // ---------------------------------------------------------------- EIP-1193

  async request(args: RequestArguments): Promise<unknown> {
    try {
      return await this.#handle(args)
    } catch (error) {
      if (error instanceof ProviderRpcError) throw error
      const message =
        (error as { shortMessage?: string })?.shortMessage ?? (error instanceof Error ? error.message : String(error))
      throw new ProviderRpcError(ERROR_CODES.internal, message)
    }
  }

  async #handle(args: RequestArguments): Promise<unknown> {
    if (!isRecord(args) || typeof args.method !== 'string' || args.method === '') {
      throw new ProviderRpcError(
        ERROR_CODES.invalidRequest,
        'Invalid request: expected { method: string, params?: array | object }'
      )
    }
    const params = paramsArray(args.params as RequestArguments['params'])
    const { method } = args
    switch (method) {
      case 'eth_requestAccounts':
        return this.#requestAccounts()
      case 'eth_accounts':
        return this.isConnected ? [this.account.address] : []
      case 'eth_chainId':
        return this.chainIdHex
      case 'net_version':
        return String(this.#state.chainId)
      case 'wallet_switchEthereumChain':
        return this.#switchChain(params)
      case 'wallet_addEthereumChain':
        return this.#addChain(params)
      case 'wallet_requestPermissions':
        return this.#requestPermissions(params)
      case 'wallet_getPermissions':
        return this.isConnected ? [this.#permission()] : []
      case 'wallet_revokePermissions':
        this.revoke()
        return null
      case 'personal_sign':
        return personalSign(this.#host, params)
      case 'eth_signTypedData_v4':
        return signTypedData(this.#host, params)
      case 'eth_sendTransaction':
        return this.#sendTransactionRequest(params)
      case 'wallet_sendCalls':
        return this.#batches.sendCalls(params)
      case 'wallet_getCallsStatus':
        return this.#batches.getCallsStatus(params)
      case 'wallet_getCapabilities':
        return this.#batches.getCapabilities(params)
      default:
        if (READ_METHOD.test(method) && !NEVER_PROXIED.has(method)) {
          return this.#rpc(this.#state.chainId, method, params)
        }
        throw unsupportedMethod(method)
    }
  }

  // ---------------------------------------------------------------- accounts

  #requestAccounts(): Promise<Address[]> {
    // One panel for concurrent calls (a page that asks twice gets the same answer).
    this.#pendingConnect ??= this.#ask({
      method: 'eth_requestAccounts',
      title: `Connect to ${location.host || location.origin}`,
      details: [
        ['Account', this.account.address],
        ['Network', this.#chainLabel(this.#state.chainId)]
      ]
    })
      .then(() => {
        const wasConnected = this.isConnected
        if (!wasConnected) {
          this.#state.origins = [...this.#state.origins, location.origin]
          this.#save()
          this.emit('accountsChanged', [this.account.address])
        }
        return [this.account.address]
      })
      .finally(() => {
        this.#pendingConnect = undefined
      })
    return this.#pendingConnect
  }

  #permission() {
    return {
      parentCapability: 'eth_accounts',
      invoker: location.origin,
      date: Date.now(),
      caveats: [{ type: 'restrictReturnedAccounts', value: [this.account.address] }]
    }
  }

  async #requestPermissions(params: readonly unknown[]) {
    const wanted = params[0]
    if (!isRecord(wanted) || !('eth_accounts' in wanted)) {
      throw invalidParams('only the "eth_accounts" permission can be requested')
    }
    await this.#requestAccounts()
    return [this.#permission()]
  }

  // ---------------------------------------------------------------- chains

  #switchChain(params: readonly unknown[]): null {
    const request = params[0]
    if (!isRecord(request)) throw invalidParams('expected [{ chainId }]')
    const chainId = parseChainIdHex(request.chainId)
    if (!this.#chain(chainId)) throw unrecognizedChain(numberToHex(chainId))
    this.selectChain(chainId)
    return null
  }

  /** Makes a known chain the current one; emits chainChanged when it changes. */
  selectChain(chainId: number): void {
    if (!this.#chain(chainId)) throw unrecognizedChain(numberToHex(chainId))
    if (chainId === this.#state.chainId) return
    this.#state.chainId = chainId
    this.#save()
    this.#reachable = undefined
    this.emit('chainChanged', numberToHex(chainId))
    void this.probe()
  }

  #addChain(params: readonly unknown[]): null {
    const request = params[0]
    if (!isRecord(request)) throw invalidParams('expected [{ chainId, chainName, rpcUrls, nativeCurrency }]')
    const chainId = parseChainIdHex(request.chainId)
    const rpcUrls = request.rpcUrls
    const rpcUrl = Array.isArray(rpcUrls)
      ? rpcUrls.find(url => typeof url === 'string' && /^https?:\/\//.test(url))
      : undefined
    if (typeof rpcUrl !== 'string') throw invalidParams('"rpcUrls" must hold at least one http(s) URL')
    if (this.#chain(chainId)) return null
    const name = typeof request.chainName === 'string' && request.chainName ? request.chainName : undefined
    this.#state.addedChains = [...this.#state.addedChains, name ? { chainId, rpcUrl, name } : { chainId, rpcUrl }]
    this.#save()
    return null
  }

  // ---------------------------------------------------------------- RPC

  /** One JSON-RPC call to a chain; node errors come back as ProviderRpcError with the node's code. */
  async #rpc(chainId: number, method: string, params: readonly unknown[] = []): Promise<unknown> {
    const chain = this.#chain(chainId)
    if (!chain) throw unrecognizedChain(numberToHex(chainId))
    let response: Response
    try {
      response = await fetch(chain.rpcUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: ++this.#rpcId, method, params })
      })
    } catch (error) {
      if (chainId === this.#state.chainId) this.#setReachable(false)
      throw new ProviderRpcError(
        ERROR_CODES.chainDisconnected,
        `The Dev Wallet cannot reach ${this.#chainLabel(chainId)} at ${chain.rpcUrl}: ${error instanceof Error ? error.message : String(error)}`
      )
    }
    if (chainId === this.#state.chainId) this.#setReachable(true)
    let body: unknown
    try {
      body = await response.json()
    } catch {
      throw new ProviderRpcError(
        ERROR_CODES.internal,
        `${chain.rpcUrl} answered ${method} with HTTP ${response.status} and no JSON`
      )
    }
    if (!isRecord(body))
      throw new ProviderRpcError(ERROR_CODES.internal, `${chain.rpcUrl} answered ${method} with no JSON-RPC object`)
    if (isRecord(body.error)) {
      const { code, message, data } = body.error
      throw new ProviderRpcError(
        typeof code === 'number' ? code : ERROR_CODES.internal,
        typeof message === 'string' ? message : `${method} failed`,
        data
      )
    }
    return body.result
  }

  #setReachable(reachable: boolean): void {
    if (this.#reachable === reachable) return
    const before = this.#reachable
    this.#reachable = reachable
    if (reachable) this.emit('connect', { chainId: this.chainIdHex })
    else if (before === true) {
      this.emit(
        'disconnect',
        new ProviderRpcError(ERROR_CODES.disconnected, 'The Dev Wallet lost its connection to the chain.')
      )
    }
  }

  /** Asks the current chain for its id: emits `connect` when it answers. */
  async probe(): Promise<boolean> {
    try {
      await this.#rpc(this.#state.chainId, 'eth_chainId')
      return true
    } catch {
      return false
    }
  }

  async #sendTransactionRequest(params: readonly unknown[]): Promise<Hex> {
    const tx = params[0]
    if (!isRecord(tx)) throw invalidParams('eth_sendTransaction expects [transaction]')
    this.#requireConnected(tx.from ?? this.account.address)
    const chainId = this.#state.chainId
    const described = describeTransaction(this.#host, tx, chainId)
    await this.#ask(described)
    return this.#inLine(chainId, () => this.sendTransaction(tx, chainId))
  }

  /**
   * In atomic mode, runs the wallet's sends on a chain one at a time: a failed atomic batch goes
   * back to its snapshot with evm_revert, which would also undo a transaction of this wallet that
   * was mined meanwhile (after the app got its hash). Without the option it just runs `send`.
   */
  #inLine<T>(chainId: number, send: () => Promise<T>): Promise<T> {
    if (!this.#atomic) return send()
    const previous = this.#sendLines.get(chainId) ?? Promise.resolve()
    const run = previous.then(send)
    this.#sendLines.set(
      chainId,
      run.catch(() => undefined)
    )
    return run
  }

  /** Fills nonce, gas and fees from the chain, signs locally and sends it raw. No approval here. */
  sendTransaction(tx: TransactionParams, chainId: number): Promise<Hex> {
    return signAndSend(this.account, chainId, tx, (method, params) => this.#rpc(chainId, method, params))
  }
}
