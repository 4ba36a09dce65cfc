/**
 * The AppKit Dev Wallet's EIP-1193 provider: one local account (viem, a public test key) over a list
 * of chains reached by their JSON-RPC URLs. Signing happens here; reads are proxied to the current
 * chain's RPC; transactions are signed locally and sent raw.
 */
import {
  formatEther,
  getAddress,
  hexToBigInt,
  hexToNumber,
  hexToString,
  isAddress,
  isAddressEqual,
  isHex,
  numberToHex,
  type Address,
  type Hex,
  type PrivateKeyAccount,
  type TransactionSerializable
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { ApprovalQueue, shorten, type ApprovalRequest, type AutoApprove } from '../shared/approval-panel.js'
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

interface CallBatch {
  id: string
  chainId: number
  hashes: Hex[]
  /** Calls that were never sent (an earlier one failed to send). */
  unsent: number
  error?: string
  /** Executed all-or-nothing: the status's `atomic`. */
  atomic: boolean
  /**
   * An atomic batch that was rolled back with evm_revert: its transactions are gone from the chain,
   * so the status is this one for good (400: a call could not be sent or mined, 500: one reverted).
   */
  rolledBack?: 400 | 500
}

/** The fields of an eth_getTransactionReceipt answer that wallet_getCallsStatus reports. */
interface RpcReceipt {
  status: Hex
  logs: { address: Hex; data: Hex; topics: Hex[] }[]
  blockHash: Hex
  blockNumber: Hex
  gasUsed: Hex
  transactionHash: Hex
}

/** How long an atomic batch waits for each call's receipt (hardhat's automine answers at once). */
const RECEIPT_TIMEOUT_MS = 30_000
const RECEIPT_POLL_MS = 100

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

function parseChainIdHex(value: unknown): number {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]+$/.test(value) || /^0x0+$/.test(value)) {
    throw invalidParams(`expected a chain id as a 0x-prefixed hex string, got ${JSON.stringify(value)}`)
  }
  const id = Number.parseInt(value.slice(2), 16)
  if (!Number.isSafeInteger(id)) throw invalidParams(`chain id ${value} is too large`)
  return id
}

function paramsArray(params: RequestArguments['params']): readonly unknown[] {
  if (params === undefined) return []
  if (Array.isArray(params)) return params
  return [params]
}

function optionalHex(value: unknown, field: string): Hex | undefined {
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'string' || !isHex(value)) throw invalidParams(`"${field}" must be a hex string`)
  return value
}

function optionalQuantity(value: unknown, field: string): bigint | undefined {
  const hex = optionalHex(value, field)
  return hex === undefined ? undefined : hexToBigInt(hex)
}

function randomId(): Hex {
  const bytes = crypto.getRandomValues(new Uint8Array(32))
  return `0x${Array.from(bytes, b => b.toString(16).padStart(2, '0')).join('')}`
}

/** A personal_sign payload as text when it is printable UTF-8, else as hex. */
function describeMessage(data: Hex | string): string {
  if (!isHex(data)) return data
  try {
    const text = hexToString(data)
    // eslint-disable-next-line no-control-regex -- printable text only, newlines and tabs allowed
    if (!/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffd]/.test(text)) return text
  } catch {
    // not UTF-8
  }
  return data
}

/**
 * The hash of a transaction that was mined although eth_sendRawTransaction answered an error:
 * hardhat mines a transaction that reverts, then answers with the revert and `data.txHash`.
 */
function minedHash(error: unknown): Hex | undefined {
  if (!(error instanceof ProviderRpcError) || !isRecord(error.data)) return undefined
  const { txHash } = error.data
  return typeof txHash === 'string' && isHex(txHash) ? txHash : undefined
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

function truncate(text: string, max = 400): string {
  return text.length > max ? `${text.slice(0, max)}… (${text.length} characters)` : text
}

export interface TransactionParams {
  from?: unknown
  to?: unknown
  value?: unknown
  data?: unknown
  input?: unknown
  gas?: unknown
  gasPrice?: unknown
  maxFeePerGas?: unknown
  maxPriorityFeePerGas?: unknown
  nonce?: unknown
  accessList?: unknown
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
  #batches = new Map<string, CallBatch>()
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
        return this.#personalSign(params)
      case 'eth_signTypedData_v4':
        return this.#signTypedData(params)
      case 'eth_sendTransaction':
        return this.#sendTransactionRequest(params)
      case 'wallet_sendCalls':
        return this.#sendCalls(params)
      case 'wallet_getCallsStatus':
        return this.#getCallsStatus(params)
      case 'wallet_getCapabilities':
        return this.#getCapabilities(params)
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

  // ---------------------------------------------------------------- signing

  async #personalSign(params: readonly unknown[]): Promise<Hex> {
    let [data, address] = params
    // Some apps send [address, message]: accept it when the first is this account and the second is not.
    if (
      typeof data === 'string' &&
      isAddress(data, { strict: false }) &&
      isAddressEqual(data, this.account.address) &&
      !(typeof address === 'string' && isAddress(address, { strict: false }))
    ) {
      ;[data, address] = [address, data]
    }
    if (typeof data !== 'string') throw invalidParams('personal_sign expects [message, address]')
    this.#requireConnected(address)
    await this.#ask({
      method: 'personal_sign',
      title: 'Sign a message',
      details: [
        ['Account', this.account.address],
        ['Message', truncate(describeMessage(data))]
      ]
    })
    return this.account.signMessage({ message: isHex(data) ? { raw: data } : data })
  }

  async #signTypedData(params: readonly unknown[]): Promise<Hex> {
    const [address, raw] = params
    this.#requireConnected(address)
    let typedData: unknown
    try {
      typedData = typeof raw === 'string' ? JSON.parse(raw) : raw
    } catch {
      throw invalidParams('eth_signTypedData_v4 expects the typed data as JSON')
    }
    if (
      !isRecord(typedData) ||
      !isRecord(typedData.types) ||
      typeof typedData.primaryType !== 'string' ||
      !isRecord(typedData.message)
    ) {
      throw invalidParams('typed data needs "types", "primaryType", "domain" and "message"')
    }
    const domain = isRecord(typedData.domain) ? typedData.domain : {}
    if (domain.chainId !== undefined && domain.chainId !== null) {
      const domainChain = Number(domain.chainId)
      if (domainChain !== this.#state.chainId) {
        throw invalidParams(
          `the typed data's domain.chainId ${String(domain.chainId)} is not the active chain ${this.#state.chainId}`
        )
      }
    }
    const describeDomain = ['name', 'version', 'chainId', 'verifyingContract']
      .filter(key => domain[key] !== undefined)
      .map(key => `${key}: ${String(domain[key])}`)
      .join('\n')
    await this.#ask({
      method: 'eth_signTypedData_v4',
      title: `Sign typed data: ${typedData.primaryType}`,
      details: [
        ['Account', this.account.address],
        ['Domain', describeDomain || '(none)'],
        ['Message', truncate(JSON.stringify(typedData.message, null, 1))]
      ]
    })
    try {
      // viem uses the EIP712Domain type as given, like eth-sig-util does.
      return await this.account.signTypedData(typedData as never)
    } catch (error) {
      throw invalidParams(
        `the typed data cannot be encoded: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`
      )
    }
  }

  // ---------------------------------------------------------------- transactions

  #describeTransaction(tx: TransactionParams, chainId: number): ApprovalRequest {
    const value = optionalQuantity(tx.value, 'value') ?? 0n
    const data = (optionalHex(tx.data ?? tx.input, 'data') ?? '0x') as Hex
    const to = typeof tx.to === 'string' ? tx.to : undefined
    const title = !to
      ? 'Deploy a contract'
      : data === '0x'
        ? `Send ${formatEther(value)} ETH to ${shorten(to)}`
        : `Call ${shorten(to)}${value > 0n ? ` with ${formatEther(value)} ETH` : ''}`
    const details: [string, string][] = [
      ['From', this.account.address],
      ['To', to ?? '(new contract)'],
      ['Value', `${formatEther(value)} ETH`],
      ['Network', this.#chainLabel(chainId)]
    ]
    if (data !== '0x') details.push(['Data', truncate(data, 200)])
    return { method: 'eth_sendTransaction', title, details }
  }

  async #sendTransactionRequest(params: readonly unknown[]): Promise<Hex> {
    const tx = params[0]
    if (!isRecord(tx)) throw invalidParams('eth_sendTransaction expects [transaction]')
    this.#requireConnected(tx.from ?? this.account.address)
    const chainId = this.#state.chainId
    const described = this.#describeTransaction(tx, chainId)
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
  async sendTransaction(tx: TransactionParams, chainId: number): Promise<Hex> {
    const from = this.account.address
    const to = tx.to === undefined || tx.to === null ? undefined : tx.to
    if (to !== undefined && !(typeof to === 'string' && isAddress(to, { strict: false })))
      throw invalidParams('"to" must be an address')
    // Any case is accepted (as wallets do); viem signs the checksummed form.
    const recipient = to === undefined ? undefined : getAddress((to as string).toLowerCase())
    const value = optionalQuantity(tx.value, 'value') ?? 0n
    const data = optionalHex(tx.data ?? tx.input, 'data')
    const nonceHex = optionalHex(tx.nonce, 'nonce')
    const rpc = (method: string, params: readonly unknown[] = []) => this.#rpc(chainId, method, params)

    const call = { from, ...(recipient ? { to: recipient } : {}), value: numberToHex(value), ...(data ? { data } : {}) }
    const nonce =
      nonceHex !== undefined
        ? hexToNumber(nonceHex)
        : hexToNumber((await rpc('eth_getTransactionCount', [from, 'pending'])) as Hex)
    const gas = optionalQuantity(tx.gas, 'gas') ?? hexToBigInt((await rpc('eth_estimateGas', [call])) as Hex)

    const gasPrice = optionalQuantity(tx.gasPrice, 'gasPrice')
    let fees: Pick<TransactionSerializable, 'gasPrice' | 'maxFeePerGas' | 'maxPriorityFeePerGas'> & {
      type: 'legacy' | 'eip1559'
    }
    if (gasPrice !== undefined) {
      fees = { type: 'legacy', gasPrice }
    } else {
      const block = (await rpc('eth_getBlockByNumber', ['latest', false])) as { baseFeePerGas?: Hex } | null
      if (block?.baseFeePerGas) {
        const baseFee = hexToBigInt(block.baseFeePerGas)
        const maxPriorityFeePerGas =
          optionalQuantity(tx.maxPriorityFeePerGas, 'maxPriorityFeePerGas') ??
          (await rpc('eth_maxPriorityFeePerGas').then(
            fee => hexToBigInt(fee as Hex),
            () => 1_000_000_000n
          ))
        const maxFeePerGas = optionalQuantity(tx.maxFeePerGas, 'maxFeePerGas') ?? baseFee * 2n + maxPriorityFeePerGas
        fees = { type: 'eip1559', maxFeePerGas, maxPriorityFeePerGas }
      } else {
        fees = { type: 'legacy', gasPrice: hexToBigInt((await rpc('eth_gasPrice')) as Hex) }
      }
    }
    const serialized = await this.account.signTransaction({
      chainId,
      nonce,
      gas,
      value,
      ...(recipient ? { to: recipient } : {}),
      ...(data ? { data } : {}),
      ...fees
    } as TransactionSerializable)
    return (await rpc('eth_sendRawTransaction', [serialized])) as Hex
  }

  // ---------------------------------------------------------------- EIP-5792

  #getCapabilities(params: readonly unknown[]): Record<Hex, Record<string, unknown>> {
    const [address, chainIds] = params
    this.#requireConnected(address ?? this.account.address)
    const wanted = Array.isArray(chainIds) ? new Set(chainIds.map(id => parseChainIdHex(id))) : undefined
    const result: Record<Hex, Record<string, unknown>> = {}
    for (const chain of this.chains) {
      if (wanted && !wanted.has(chain.chainId)) continue
      result[numberToHex(chain.chainId)] = { atomic: { status: this.#atomic ? 'supported' : 'unsupported' } }
    }
    return result
  }

  async #sendCalls(params: readonly unknown[]): Promise<{ id: string }> {
    const request = params[0]
    if (!isRecord(request) || !Array.isArray(request.calls) || request.calls.length === 0) {
      throw invalidParams('wallet_sendCalls expects [{ version, chainId, calls: [...] }]')
    }
    this.#requireConnected(request.from ?? this.account.address)
    const chainId = parseChainIdHex(request.chainId)
    if (!this.#chain(chainId)) {
      throw new ProviderRpcError(ERROR_CODES.unsupportedChain, `Unsupported chain id: ${numberToHex(chainId)}`)
    }
    if (request.atomicRequired === true && !this.#atomic) {
      throw new ProviderRpcError(
        ERROR_CODES.atomicityUnsupported,
        'The Dev Wallet sends calls one after another: atomic execution is not supported.'
      )
    }
    const required = [
      request.capabilities,
      ...request.calls.map(call => (isRecord(call) ? call.capabilities : undefined))
    ]
      .filter(isRecord)
      .flatMap(capabilities => Object.entries(capabilities))
      .filter(([, value]) => !(isRecord(value) && value.optional === true))
    if (required.length > 0) {
      throw new ProviderRpcError(
        ERROR_CODES.unsupportedCapability,
        `Unsupported non-optional capability: ${required.map(([name]) => name).join(', ')}`
      )
    }
    const id = typeof request.id === 'string' && request.id ? request.id : randomId()
    if (this.#batches.has(id))
      throw new ProviderRpcError(ERROR_CODES.duplicateId, `A batch with id ${id} was already sent.`)
    const calls = request.calls.map((call, index) => {
      if (!isRecord(call)) throw invalidParams(`call ${index} is not an object`)
      return { to: call.to, data: call.data, value: call.value } satisfies TransactionParams
    })
    await this.#ask({
      method: 'wallet_sendCalls',
      title: `Send ${calls.length} call${calls.length === 1 ? '' : 's'}`,
      details: [
        ['From', this.account.address],
        ['Network', this.#chainLabel(chainId)],
        ...(this.#atomic ? ([['Execution', 'atomic: every call or none']] as [string, string][]) : []),
        ...calls.map((call, index): [string, string] => {
          const value = optionalQuantity(call.value, 'value') ?? 0n
          const data = optionalHex(call.data, 'data') ?? '0x'
          return [
            `Call ${index + 1}`,
            `to ${String(call.to ?? '(new contract)')}\nvalue ${formatEther(value)} ETH${data !== '0x' ? `\ndata ${truncate(data, 74)}` : ''}`
          ]
        })
      ]
    })
    const batch = this.#atomic
      ? await this.#inLine(chainId, () => this.#sendAtomically(id, chainId, calls, request.atomicRequired === true))
      : await this.#sendOneAfterAnother(id, chainId, calls)
    this.#batches.set(id, batch)
    return { id }
  }

  /** The calls in order; the first that fails to send ends the batch (the earlier ones stay sent). */
  async #sendOneAfterAnother(id: string, chainId: number, calls: readonly TransactionParams[]): Promise<CallBatch> {
    const batch: CallBatch = { id, chainId, hashes: [], unsent: 0, atomic: false }
    for (const [index, call] of calls.entries()) {
      try {
        batch.hashes.push(await this.sendTransaction(call, chainId))
      } catch (error) {
        if (batch.hashes.length === 0) throw error
        batch.unsent = calls.length - index
        batch.error = errorMessage(error)
        break
      }
    }
    return batch
  }

  /**
   * All-or-nothing on a hardhat (or anvil) node: a snapshot, then the calls one after another, each
   * mined before the next is sent; if one cannot be sent, is not mined or reverts, the chain goes
   * back to the snapshot, so none of the batch's effects (nor its gas) remain.
   */
  async #sendAtomically(
    id: string,
    chainId: number,
    calls: readonly TransactionParams[],
    required: boolean
  ): Promise<CallBatch> {
    const snapshot = await this.#snapshot(chainId)
    if (snapshot === undefined) {
      // EIP-5792: with atomicRequired the wallet must refuse what it cannot make atomic; without it,
      // it may send the calls one after another (and says atomic: false in the status).
      if (!required) return this.#sendOneAfterAnother(id, chainId, calls)
      throw new ProviderRpcError(
        ERROR_CODES.atomicityUnsupported,
        `${this.#chainLabel(chainId)} does not answer evm_snapshot: the Dev Wallet cannot undo a failed batch there, so it cannot send one atomically.`
      )
    }
    const hashes: Hex[] = []
    const fail = (status: 400 | 500, error: string) =>
      this.#rollBack(
        { id, chainId, hashes, unsent: calls.length - hashes.length, atomic: true, error },
        snapshot,
        status
      )
    for (const [index, call] of calls.entries()) {
      const sent = await this.sendTransaction(call, chainId).then(
        hash => ({ hash, error: undefined as unknown }),
        (error: unknown) => ({ hash: minedHash(error), error })
      )
      if (sent.hash === undefined) {
        // Nothing was sent yet: nothing to undo, and the app gets the node's error, as without the option.
        if (hashes.length === 0) throw sent.error
        return fail(400, `call ${index} could not be sent: ${errorMessage(sent.error)}`)
      }
      hashes.push(sent.hash)
      const receipt = await this.#waitForReceipt(chainId, sent.hash).catch(() => null)
      if (receipt?.status === '0x1') continue
      return receipt
        ? fail(500, `call ${index} reverted onchain (${sent.hash})`)
        : fail(400, `call ${index} (${sent.hash}) has no receipt`)
    }
    return { id, chainId, hashes, unsent: 0, atomic: true }
  }

  /** hardhat's (and anvil's) evm_snapshot id; undefined when the chain's RPC has no such method. */
  async #snapshot(chainId: number): Promise<Hex | undefined> {
    try {
      const id = await this.#rpc(chainId, 'evm_snapshot')
      return typeof id === 'string' && isHex(id) ? id : undefined
    } catch (error) {
      // An unreachable chain is not a chain without snapshots: that error goes to the app as it is.
      if (error instanceof ProviderRpcError && error.code === ERROR_CODES.chainDisconnected) throw error
      return undefined
    }
  }

  /** The call's receipt once mined; null when it is not mined in time. */
  async #waitForReceipt(chainId: number, hash: Hex): Promise<RpcReceipt | null> {
    const end = Date.now() + RECEIPT_TIMEOUT_MS
    for (;;) {
      const receipt = (await this.#rpc(chainId, 'eth_getTransactionReceipt', [hash])) as RpcReceipt | null
      if (receipt || Date.now() > end) return receipt
      await new Promise(resolve => setTimeout(resolve, RECEIPT_POLL_MS))
    }
  }

  /**
   * Goes back to the batch's snapshot. Should the node refuse, what was mined stays on chain, and the
   * batch is reported as it is there: from its receipts, and not as atomic.
   */
  async #rollBack(batch: CallBatch, snapshot: Hex, status: 400 | 500): Promise<CallBatch> {
    const reverted = await this.#rpc(batch.chainId, 'evm_revert', [snapshot]).then(
      result => result === true,
      () => false
    )
    if (reverted) return { ...batch, hashes: [], unsent: 0, rolledBack: status }
    return {
      ...batch,
      atomic: false,
      error: `${batch.error ?? 'the batch failed'}; evm_revert to ${snapshot} failed, so its mined calls remain`
    }
  }

  async #getCallsStatus(params: readonly unknown[]) {
    const id = params[0]
    const batch = typeof id === 'string' ? this.#batches.get(id) : undefined
    if (!batch) throw new ProviderRpcError(ERROR_CODES.unknownBundle, `Unknown bundle id: ${String(id)}`)
    const receipts = (await Promise.all(
      batch.hashes.map(hash => this.#rpc(batch.chainId, 'eth_getTransactionReceipt', [hash]))
    )) as (RpcReceipt | null)[]
    const mined = receipts.filter(receipt => receipt !== null)
    const succeeded = mined.filter(receipt => receipt.status === '0x1').length
    let status: number
    // A rolled-back batch has no transactions left on chain, so no receipts either.
    if (batch.rolledBack) status = batch.rolledBack
    else if (mined.length < receipts.length) status = 100
    else if (succeeded === receipts.length && batch.unsent === 0) status = 200
    else if (succeeded === 0) status = 500
    else status = 600
    return {
      version: '2.0.0',
      id: batch.id,
      chainId: numberToHex(batch.chainId),
      atomic: batch.atomic,
      status,
      receipts: mined.map(receipt => ({
        logs: receipt.logs.map(log => ({ address: log.address, data: log.data, topics: log.topics })),
        status: receipt.status,
        blockHash: receipt.blockHash,
        blockNumber: receipt.blockNumber,
        gasUsed: receipt.gasUsed,
        transactionHash: receipt.transactionHash
      }))
    }
  }
}
