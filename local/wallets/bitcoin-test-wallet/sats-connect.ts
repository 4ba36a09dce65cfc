/**
 * The Bitcoin test wallet's second face: the sats-connect request API (the protocol Xverse and
 * other Bitcoin wallets speak beside the Wallet Standard), over the same keys and the same approval
 * panel as the Wallet Standard face (wallet.ts).
 *
 * Discovery is the sats-connect way (WBIP004): the wallet puts its provider object at a path of
 * `window` (`AppKitBitcoinTestWallet.BitcoinProvider`) and adds `{ id: that path, name, icon,
 * methods }` to the array `window.btc_providers`. An app calls `provider.request(method, params)`
 * and gets a JSON-RPC 2.0 answer object back (never a rejected promise): `{ jsonrpc, id, result }` or
 * `{ jsonrpc, id, error: { code, message } }`; a refusal in the panel is the code -32000.
 *
 * Methods: `getInfo`, `wallet_connect`, `getAccounts`, `wallet_getAccount` (silent: the addresses
 * this site was given, else -32002), `wallet_disconnect` / `wallet_renouncePermissions`,
 * `signMessage` (BIP-322 simple, payment or ordinals address), `signPsbt` (signs the inputs asked per address,
 * finalizes and posts them to the node's Esplora `POST /tx` when `broadcast`), `sendTransfer`
 * (builds the payment over the payment address's UTXOs, signs, posts) and `getBalance` (Esplora).
 * Events through `addListener({ eventName, cb })`: `accountChange` and `disconnect`.
 */
import { base64, hex } from '@scure/base'
import * as btc from '@scure/btc-signer'
import { REGTEST_NETWORK, type BitcoinTestAccount, type BitcoinTestKey } from '../../bitcoin/accounts.js'
import { BITCOIN_WALLET_ICON } from '../shared/icons.js'
import { JsonStorage, isRecord } from '../shared/storage.js'
import { bip322MessageHash, signBip322P2tr, signBip322P2wpkh } from './bip322.js'

/** The sats-connect provider id: the path of the provider object on `window`. */
export const SATS_CONNECT_PROVIDER_ID = 'AppKitBitcoinTestWallet.BitcoinProvider'

/** The JSON-RPC error codes sats-connect uses. */
export const SatsConnectErrorCode = {
  USER_REJECTION: -32000,
  METHOD_NOT_SUPPORTED: -32001,
  ACCESS_DENIED: -32002,
  METHOD_NOT_FOUND: -32601,
  INVALID_PARAMS: -32602,
  INTERNAL_ERROR: -32603
} as const

export type SatsConnectPurpose = 'payment' | 'ordinals'
const PURPOSES: readonly SatsConnectPurpose[] = ['payment', 'ordinals']

export const SATS_CONNECT_METHODS = [
  'getInfo',
  'wallet_connect',
  'getAccounts',
  'wallet_getAccount',
  'wallet_disconnect',
  'wallet_renouncePermissions',
  'signMessage',
  'signPsbt',
  'sendTransfer',
  'getBalance'
] as const

export interface SatsConnectAddress {
  address: string
  publicKey: string
  purpose: SatsConnectPurpose
  addressType: 'p2wpkh' | 'p2tr'
  walletType: 'software'
}

export type SatsConnectResponse =
  | { jsonrpc: '2.0'; id: string; result: unknown }
  | { jsonrpc: '2.0'; id: string; error: { code: number; message: string } }

type EventName = 'accountChange' | 'disconnect'
type Listener = (event: { type: EventName; addresses?: SatsConnectAddress[] }) => void

/** A request to the visitor, as the wallet's approval panel (shared/approval-panel.ts) shows it. */
export interface ApprovalRequest {
  readonly method: string
  readonly title: string
  readonly details?: ReadonlyArray<readonly [label: string, value: string]>
}

export interface SatsConnectFaceConfig {
  account: BitcoinTestAccount
  /** The wallet's approval panel (its ApprovalQueue): true when the visitor approves. */
  approvals: { ask(request: ApprovalRequest): Promise<boolean> }
  /** The node's Esplora REST API (balance, UTXOs, fee estimates, POST /tx). */
  esploraUrl: string
  /** localStorage key of the sites this face connected. */
  storageKey: string
  /** The site asking (default `location.origin`; Node tests give their own). */
  origin?: () => string
}

class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string
  ) {
    super(message)
  }
}

const invalid = (message: string) => new RpcError(SatsConnectErrorCode.INVALID_PARAMS, message)

const btcText = (sats: bigint) => `${(Number(sats) / 1e8).toFixed(8)} BTC`

interface Persisted {
  version: 1
  address: string
  sites: Record<string, SatsConnectPurpose[]>
}

export class SatsConnectTestProvider {
  readonly #config: SatsConnectFaceConfig
  readonly #storage: JsonStorage<Persisted>
  readonly #listeners = new Set<{ eventName: EventName; cb: Listener }>()
  #nextId = 1

  constructor(config: SatsConnectFaceConfig) {
    this.#config = config
    this.#storage = new JsonStorage<Persisted>(config.storageKey)
  }

  #origin(): string {
    return this.#config.origin?.() ?? (globalThis as { location?: { origin: string } }).location?.origin ?? ''
  }

  #key(purpose: SatsConnectPurpose): BitcoinTestKey {
    return purpose === 'payment' ? this.#config.account.payment : this.#config.account.ordinals
  }

  #addressOf(purpose: SatsConnectPurpose): SatsConnectAddress {
    const key = this.#key(purpose)
    return {
      address: key.address,
      publicKey: key.publicKey,
      purpose,
      addressType: purpose === 'payment' ? 'p2wpkh' : 'p2tr',
      walletType: 'software'
    }
  }

  // ---------------------------------------------------------------- the sites it connected

  #sites(): Record<string, SatsConnectPurpose[]> {
    const address = this.#config.account.payment.address
    const stored = this.#storage.read(value => {
      if (!isRecord(value) || value.version !== 1 || value.address !== address || !isRecord(value.sites))
        return undefined
      const sites: Record<string, SatsConnectPurpose[]> = {}
      for (const [origin, purposes] of Object.entries(value.sites)) {
        if (Array.isArray(purposes)) sites[origin] = purposes.filter(p => PURPOSES.includes(p as SatsConnectPurpose))
      }
      return { version: 1, address, sites }
    })
    return stored?.sites ?? {}
  }

  #given(): SatsConnectPurpose[] {
    return this.#sites()[this.#origin()] ?? []
  }

  #remember(purposes: SatsConnectPurpose[] | undefined): void {
    const origin = this.#origin()
    const others = Object.entries(this.#sites()).filter(([site]) => site !== origin)
    const sites = Object.fromEntries(purposes ? [...others, [origin, purposes]] : others)
    this.#storage.write({ version: 1, address: this.#config.account.payment.address, sites })
  }

  /** The wallet's own "disconnect this site" (its UI): forgets the site and tells it (`disconnect`). */
  disconnectSite(): void {
    this.#remember(undefined)
    this.#emit('disconnect')
  }

  // ---------------------------------------------------------------- the request API

  /** sats-connect's entry point: always resolves, with a JSON-RPC 2.0 answer object. */
  request = async (method: unknown, params?: unknown): Promise<SatsConnectResponse> => {
    const id = String(this.#nextId++)
    try {
      return { jsonrpc: '2.0', id, result: await this.#dispatch(method, params ?? null) }
    } catch (error) {
      const code = error instanceof RpcError ? error.code : SatsConnectErrorCode.INTERNAL_ERROR
      const message = error instanceof Error ? error.message : String(error)
      return { jsonrpc: '2.0', id, error: { code, message } }
    }
  }

  /** `addListener({ eventName, cb })` (or the older `addListener(eventName, cb)`): returns the unsubscribe. */
  addListener = (first: unknown, second?: unknown): (() => void) => {
    const info = typeof first === 'string' ? { eventName: first, cb: second } : (first as Record<string, unknown>)
    if (!isRecord(info) || typeof info.cb !== 'function' || typeof info.eventName !== 'string') {
      throw new TypeError('addListener takes { eventName, cb }')
    }
    const entry = { eventName: info.eventName as EventName, cb: info.cb as Listener }
    this.#listeners.add(entry)
    return () => this.#listeners.delete(entry)
  }

  #emit(eventName: EventName, addresses?: SatsConnectAddress[]): void {
    for (const entry of [...this.#listeners]) {
      if (entry.eventName === eventName) entry.cb({ type: eventName, ...(addresses ? { addresses } : {}) })
    }
  }

  async #ask(request: ApprovalRequest): Promise<void> {
    if (!(await this.#config.approvals.ask(request))) {
      throw new RpcError(SatsConnectErrorCode.USER_REJECTION, 'User rejected the request.')
    }
  }

  #params(params: unknown): Record<string, unknown> {
    if (!isRecord(params)) throw invalid('params must be an object')
    return params
  }

  async #dispatch(method: unknown, params: unknown): Promise<unknown> {
    switch (method) {
      case 'getInfo':
        return { version: '1.0.0', methods: [...SATS_CONNECT_METHODS], supports: [] }
      case 'wallet_connect': {
        const asked = isRecord(params) ? params.addresses : undefined
        const addresses = await this.#connect(asked === undefined ? [...PURPOSES] : asked, params)
        return { id: 'appkit-test-account', addresses, walletType: 'software', network: this.#network() }
      }
      case 'getAccounts':
        return this.#connect(this.#params(params).purposes, params)
      case 'wallet_getAccount': {
        const given = this.#given()
        if (given.length === 0) throw new RpcError(SatsConnectErrorCode.ACCESS_DENIED, 'This site is not connected.')
        return {
          id: 'appkit-test-account',
          addresses: given.map(purpose => this.#addressOf(purpose)),
          walletType: 'software',
          network: this.#network()
        }
      }
      case 'wallet_disconnect':
      case 'wallet_renouncePermissions':
        this.#remember(undefined)
        return null
      case 'signMessage':
        return this.#signMessage(this.#params(params))
      case 'signPsbt':
        return this.#signPsbt(this.#params(params))
      case 'sendTransfer':
        return this.#sendTransfer(this.#params(params))
      case 'getBalance':
        return this.#balance()
      default:
        throw new RpcError(SatsConnectErrorCode.METHOD_NOT_FOUND, `Method not found: ${String(method)}`)
    }
  }

  #network() {
    return { bitcoin: { name: 'Regtest' }, stacks: { name: 'testnet' }, spark: { name: 'regtest' } }
  }

  async #connect(asked: unknown, params: unknown): Promise<SatsConnectAddress[]> {
    if (!Array.isArray(asked)) throw invalid('purposes must be a list of address purposes')
    const purposes = [...new Set(asked)].filter((p): p is SatsConnectPurpose => PURPOSES.includes(p))
    if (purposes.length === 0) throw invalid(`purposes must name some of ${PURPOSES.join(', ')}`)
    const given = this.#given()
    if (!purposes.every(purpose => given.includes(purpose))) {
      const message = isRecord(params) && typeof params.message === 'string' ? params.message.slice(0, 200) : undefined
      await this.#ask({
        method: 'sats-connect wallet_connect',
        title: `Connect to ${this.#origin()}`,
        details: [
          ...purposes.map((purpose): [string, string] => [
            purpose === 'payment' ? 'Payment (P2WPKH)' : 'Ordinals (P2TR)',
            this.#key(purpose).address
          ]),
          ...(message ? [['Message', message] as [string, string]] : [])
        ]
      })
      this.#remember([...new Set([...given, ...purposes])])
    }
    const addresses = purposes.map(purpose => this.#addressOf(purpose))
    this.#emit('accountChange', addresses)
    return addresses
  }

  /** The purpose of `address` when this site was given it; else an error. */
  #givenPurpose(address: unknown): SatsConnectPurpose {
    const purpose = this.#given().find(p => this.#key(p).address === address)
    if (!purpose) {
      throw new RpcError(SatsConnectErrorCode.ACCESS_DENIED, `The wallet gave this site no address ${String(address)}.`)
    }
    return purpose
  }

  async #signMessage(params: Record<string, unknown>) {
    const { address, message, protocol } = params
    if (typeof message !== 'string') throw invalid('message must be a string')
    const purpose = this.#givenPurpose(address)
    if (protocol !== undefined && protocol !== 'BIP322') {
      throw new RpcError(SatsConnectErrorCode.METHOD_NOT_SUPPORTED, 'The test wallet signs BIP-322 messages only.')
    }
    await this.#ask({
      method: 'sats-connect signMessage',
      title: 'Sign a message',
      details: [
        ['Account', String(address)],
        ['Message', message]
      ]
    })
    const bytes = new TextEncoder().encode(message)
    return {
      // BIP-322 simple: P2WPKH for the payment address, P2TR key path for the ordinals address.
      signature: (purpose === 'payment' ? signBip322P2wpkh : signBip322P2tr)(
        hex.decode(this.#key(purpose).privateKey),
        bytes
      ),
      messageHash: hex.encode(bip322MessageHash(bytes)),
      address,
      protocol: 'BIP322'
    }
  }

  /** The rows the panel shows for a transaction: its outputs, and the fee where the inputs say their amounts. */
  #describe(tx: btc.Transaction): [string, string][] {
    const rows: [string, string][] = []
    let out = 0n
    for (let i = 0; i < tx.outputsLength; i++) {
      const output = tx.getOutput(i)
      const amount = output.amount ?? 0n
      out += amount
      let to = 'a script'
      try {
        to = output.script ? btc.Address(REGTEST_NETWORK).encode(btc.OutScript.decode(output.script)) : to
      } catch {
        // not a standard address
      }
      rows.push([`Output ${i + 1}`, `${btcText(amount)} to ${to}`])
    }
    let spent = 0n
    for (let i = 0; i < tx.inputsLength; i++) {
      const amount = tx.getInput(i).witnessUtxo?.amount
      if (amount === undefined) return rows
      spent += amount
    }
    rows.push(['Fee', btcText(spent - out)])
    return rows
  }

  async #broadcast(tx: btc.Transaction): Promise<string> {
    const response = await fetch(`${this.#config.esploraUrl.replace(/\/+$/, '')}/tx`, { method: 'POST', body: tx.hex })
    const text = await response.text()
    if (!response.ok)
      throw new RpcError(SatsConnectErrorCode.INTERNAL_ERROR, `The node refused the transaction: ${text}`)
    return text.trim()
  }

  async #signPsbt(params: Record<string, unknown>) {
    const { psbt, signInputs, broadcast } = params
    if (typeof psbt !== 'string') throw invalid('psbt must be a base64 string')
    let tx: btc.Transaction
    try {
      tx = btc.Transaction.fromPSBT(base64.decode(psbt))
    } catch {
      throw invalid('psbt is not a PSBT')
    }
    const toSign: [SatsConnectPurpose, number][] = []
    for (const [address, indexes] of Object.entries(isRecord(signInputs) ? signInputs : {})) {
      const purpose = this.#givenPurpose(address)
      if (!Array.isArray(indexes)) throw invalid('signInputs maps an address to a list of input indexes')
      for (const index of indexes) {
        if (!Number.isInteger(index) || index < 0 || index >= tx.inputsLength)
          throw invalid(`no input ${String(index)}`)
        toSign.push([purpose, index as number])
      }
    }
    if (toSign.length === 0) throw invalid('signInputs names no input to sign')
    await this.#ask({
      method: 'sats-connect signPsbt',
      title: broadcast === true ? 'Sign and send a transaction' : 'Sign a transaction',
      details: [...this.#describe(tx), ['Inputs to sign', toSign.map(([, index]) => index).join(', ')]]
    })
    for (const [purpose, index] of toSign) {
      try {
        tx.signIdx(hex.decode(this.#key(purpose).privateKey), index)
      } catch (error) {
        throw invalid(`input ${index} cannot be signed by ${this.#key(purpose).address}: ${(error as Error).message}`)
      }
    }
    if (broadcast !== true) return { psbt: base64.encode(tx.toPSBT()) }
    tx.finalize()
    const txid = await this.#broadcast(tx)
    return { psbt: base64.encode(tx.toPSBT()), txid }
  }

  async #esplora<T>(path: string): Promise<T> {
    const response = await fetch(`${this.#config.esploraUrl.replace(/\/+$/, '')}${path}`)
    if (!response.ok)
      throw new RpcError(SatsConnectErrorCode.INTERNAL_ERROR, `Esplora ${path}: HTTP ${response.status}`)
    return (await response.json()) as T
  }

  async #sendTransfer(params: Record<string, unknown>) {
    const recipients = params.recipients
    if (!Array.isArray(recipients) || recipients.length === 0) throw invalid('recipients must be a non-empty list')
    const outputs = recipients.map(entry => {
      if (!isRecord(entry) || typeof entry.address !== 'string') throw invalid('each recipient has an address')
      const amount = entry.amount
      if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount <= 0) {
        throw invalid('each recipient has an amount in satoshis')
      }
      try {
        btc.Address(REGTEST_NETWORK).decode(entry.address)
      } catch {
        throw invalid(`${entry.address} is not a regtest address`)
      }
      return { address: entry.address, amount: BigInt(amount) }
    })
    this.#givenPurpose(this.#config.account.payment.address)
    const key = this.#config.account.payment
    const script = btc.OutScript.encode(btc.Address(REGTEST_NETWORK).decode(key.address))
    const [utxos, estimates] = await Promise.all([
      this.#esplora<{ txid: string; vout: number; value: number }[]>(`/address/${key.address}/utxo`),
      this.#esplora<Record<string, number>>('/fee-estimates')
    ])
    const rate = Math.max(1, Math.ceil(estimates['6'] ?? estimates['1'] ?? 1))
    const selected = btc.selectUTXO(
      utxos.map(utxo => ({ txid: utxo.txid, index: utxo.vout, witnessUtxo: { script, amount: BigInt(utxo.value) } })),
      outputs,
      'default',
      { changeAddress: key.address, feePerByte: BigInt(rate), bip69: false, createTx: true, network: REGTEST_NETWORK }
    )
    if (!selected?.tx) throw new RpcError(SatsConnectErrorCode.INTERNAL_ERROR, 'Insufficient funds for this transfer.')
    const tx = selected.tx
    await this.#ask({ method: 'sats-connect sendTransfer', title: 'Send bitcoin', details: this.#describe(tx) })
    tx.sign(hex.decode(key.privateKey))
    tx.finalize()
    return { txid: await this.#broadcast(tx) }
  }

  async #balance() {
    this.#givenPurpose(this.#config.account.payment.address)
    type Stats = { funded_txo_sum: number; spent_txo_sum: number }
    const info = await this.#esplora<{ chain_stats: Stats; mempool_stats: Stats }>(
      `/address/${this.#config.account.payment.address}`
    )
    const net = (stats: Stats) => BigInt(stats.funded_txo_sum - stats.spent_txo_sum)
    const confirmed = net(info.chain_stats)
    const unconfirmed = net(info.mempool_stats)
    return { confirmed: String(confirmed), unconfirmed: String(unconfirmed), total: String(confirmed + unconfirmed) }
  }
}

/** What sats-connect reads in `window.btc_providers` (WBIP004). */
export interface SatsConnectProviderInfo {
  id: string
  name: string
  icon: string
  methods: string[]
}

/**
 * Makes `provider` discoverable as sats-connect providers are: the object at
 * `window.AppKitBitcoinTestWallet.BitcoinProvider`, its entry in `window.btc_providers`.
 */
export function announceSatsConnectProvider(provider: SatsConnectTestProvider, name: string): SatsConnectProviderInfo {
  const scope = globalThis as unknown as Record<string, unknown>
  const [holder = '', field = ''] = SATS_CONNECT_PROVIDER_ID.split('.')
  scope[holder] = { ...(isRecord(scope[holder]) ? scope[holder] : {}), [field]: provider }
  const info: SatsConnectProviderInfo = {
    id: SATS_CONNECT_PROVIDER_ID,
    name,
    icon: BITCOIN_WALLET_ICON,
    methods: [...SATS_CONNECT_METHODS]
  }
  const list = Array.isArray(scope.btc_providers) ? (scope.btc_providers as unknown[]) : (scope.btc_providers = [])
  if (!list.some(entry => isRecord(entry) && entry.id === info.id)) list.push(info)
  return info
}
