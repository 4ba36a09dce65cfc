import * as z from 'zod/mini'
import type { Connector, ConnectResult, ConnectorEventMap } from '../../connectors/types.js'
import { AccountNotFoundError, ConnectorNotConnectedError } from '../../errors/connector-errors.js'
import { USER_REJECTED_CODE } from '../../errors/visitor-message.js'
import type { CaipNetwork } from '../../networks/types.js'
import { isBitcoinAddress } from '../../utils/address.js'
import type { BitcoinNetworkSlot } from './network-slot.js'

/**
 * A connector over a wallet's sats-connect request API (Xverse and others): the provider found
 * through `window.btc_providers` (connectors.ts), called as `provider.request(method, params)`,
 * which answers a JSON-RPC 2.0 object (`result`, or `error: { code, message }`). The kit speaks the
 * protocol itself (no sats-connect package): `wallet_connect` (or `getAccounts` where the wallet
 * has no `wallet_connect`) for the payment address, or the ordinals address when the account type
 * is 'ordinal'; `wallet_getAccount` to reconnect without a prompt (it answers only the addresses the
 * wallet gave this site); `signMessage` with BIP-322; `signPsbt` with the inputs to sign and
 * `broadcast` (the txid checked to be the kit's transaction's), or `sendTransfer` where the wallet
 * lists it and not signPsbt; `wallet_disconnect`;
 * the events `accountChange` and `disconnect` through `addListener`. Every answer is parsed; a
 * refusal (-32000) is the kit's user-rejected error (code 4001).
 */

const MAX_NAME_LENGTH = 64

/** sats-connect's error codes the kit acts on. */
const USER_REJECTION = -32000
const ACCESS_DENIED = -32002
const METHOD_NOT_FOUND = -32601

/** What the kit needs of a provider object: `request`, and `addListener` where it has events. */
export interface SatsConnectProvider {
  readonly request: (...args: never[]) => unknown
  readonly addListener?: unknown
}

/** A provider's entry in `window.btc_providers` (WBIP004). */
export interface SatsConnectProviderInfo {
  readonly id: string
  readonly name: string
  readonly icon?: string | undefined
  readonly methods?: readonly string[] | undefined
}

const errorAnswerSchema = z.object({ error: z.object({ code: z.number(), message: z.string() }) })
const addressSchema = z.object({ address: z.string(), purpose: z.string() })
const addressesSchema = z.array(addressSchema)
const connectResultSchema = z.object({ addresses: addressesSchema })
const signMessageResultSchema = z.object({
  signature: z.string().check(z.regex(/^[A-Za-z0-9+/]+={0,2}$/, 'a base64 signature'))
})
const txidSchema = z.string().check(z.regex(/^[0-9a-fA-F]{64}$/, 'a txid'))
const signPsbtResultSchema = z.object({ psbt: z.string(), txid: z.optional(txidSchema) })

/**
 * The txid of a PSBT's unsigned transaction (BIP-174 version 0: the global map's key 0x00), that is
 * the double SHA-256 of its bytes, reversed, in hex (WebCrypto).
 */
async function unsignedTxid(psbt: Uint8Array): Promise<string> {
  let at = 5
  const compactSize = () => {
    const first = psbt[at++] ?? 0
    const width = first === 0xfd ? 2 : first === 0xfe ? 4 : first === 0xff ? 8 : 0
    let value = width ? 0 : first
    for (let i = 0; i < width; i++) value += (psbt[at++] ?? 0) * 2 ** (8 * i)
    return value
  }
  if (String.fromCharCode(...psbt.subarray(0, 5)) !== 'psbt\xff') throw new Error('not a PSBT')
  for (let keyLength = compactSize(); keyLength > 0 && at < psbt.length; keyLength = compactSize()) {
    const keyType = psbt[at]
    at += keyLength
    const valueLength = compactSize()
    const value = psbt.subarray(at, (at += valueLength))
    if (keyType === 0 && keyLength === 1) {
      const hash = async (bytes: Uint8Array) =>
        new Uint8Array(await crypto.subtle.digest('SHA-256', new Uint8Array(bytes)))
      const id = (await hash(await hash(value))).reverse()
      return Array.from(id, byte => byte.toString(16).padStart(2, '0')).join('')
    }
  }
  throw new Error('the PSBT has no unsigned transaction')
}
const sendTransferResultSchema = z.object({ txid: txidSchema })

/** A wallet's error answer, with its code; a refusal carries the kit's user-rejected code (4001). */
export class SatsConnectError extends Error {
  override readonly name = 'SatsConnectError'
  readonly code: number
  constructor(
    readonly method: string,
    readonly walletCode: number,
    message: string
  ) {
    super(`${method}: ${message}`)
    this.code = walletCode === USER_REJECTION ? USER_REJECTED_CODE : walletCode
  }
}

type Purpose = 'payment' | 'ordinals'
interface State {
  accounts: string[]
  purpose: Purpose
}
const purposeOf = (accountType: string | undefined): Purpose => (accountType === 'ordinal' ? 'ordinals' : 'payment')
const walletCode = (error: unknown) => (error instanceof SatsConnectError ? error.walletCode : undefined)

/** The addresses of `wanted`'s purpose among a wallet's answer, Bitcoin addresses only. */
const addressesFor = (list: readonly { address: string; purpose: string }[], wanted: Purpose) =>
  list.filter(entry => entry.purpose === wanted && isBitcoinAddress(entry.address)).map(entry => entry.address)

const base64Of = (bytes: Uint8Array): string => {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary)
}

/** `addListener` for the kit's events: accountChange -> accountsChanged, disconnect -> disconnect. */
function onWalletEvent<E extends keyof ConnectorEventMap>(
  provider: SatsConnectProvider,
  call: (method: string, params: unknown) => Promise<unknown>,
  state: State,
  event: E,
  listener: (payload: ConnectorEventMap[E]) => void
): () => void {
  if (event === 'chainChanged' || !provider.addListener) return () => undefined
  const deliver = listener as (payload: readonly string[] | undefined) => void
  const add = provider.addListener as (info: { eventName: string; cb: (value: unknown) => void }) => unknown
  const onAccounts = (value: unknown) => {
    const changed = z.object({ addresses: z.optional(addressesSchema) }).safeParse(value)
    if (!changed.success) return
    if (changed.data.addresses) {
      state.accounts = addressesFor(changed.data.addresses, state.purpose)
      deliver(state.accounts.slice())
      return
    }
    // No addresses in the event: ask the wallet, silently, what this site has now.
    void call('wallet_getAccount', null).then(
      answer => {
        const parsed = connectResultSchema.safeParse(answer)
        state.accounts = parsed.success ? addressesFor(parsed.data.addresses, state.purpose) : []
        deliver(state.accounts.slice())
      },
      (error: unknown) => {
        if (walletCode(error) !== ACCESS_DENIED) return
        state.accounts = []
        deliver([])
      }
    )
  }
  let stop: unknown
  try {
    stop =
      event === 'accountsChanged'
        ? add({ eventName: 'accountChange', cb: onAccounts })
        : add({
            eventName: 'disconnect',
            cb: () => {
              state.accounts = []
              deliver(undefined)
            }
          })
  } catch {
    return () => undefined
  }
  return () => {
    if (typeof stop === 'function') (stop as () => void)()
  }
}

/**
 * The connector of `provider` (its entry `info`) on the network `network` holds (network-slot.ts:
 * given by the discovery chunk, which has that module, so that this chunk imports nothing from it).
 */
export function createSatsConnectConnector(
  info: SatsConnectProviderInfo,
  provider: SatsConnectProvider,
  network: BitcoinNetworkSlot
): Connector {
  const name = info.name.slice(0, MAX_NAME_LENGTH)
  /** The addresses connected (of the purpose asked), shared with the event listeners. */
  const state: State = { accounts: [], purpose: 'payment' }

  /** One request: the wallet's result, or its error thrown (a thrown call is passed on as it is). */
  async function call(method: string, params: unknown): Promise<unknown> {
    const request = provider.request as (method: string, params: unknown) => unknown
    const answer: unknown = await request(method, params)
    const failed = errorAnswerSchema.safeParse(answer)
    if (failed.success) throw new SatsConnectError(method, failed.data.error.code, failed.data.error.message)
    if (typeof answer !== 'object' || answer === null || !('result' in answer)) {
      throw new Error(`${name} answered ${method} unreadably`)
    }
    return answer.result
  }

  function parse<T>(schema: z.ZodMiniType<T>, method: string, value: unknown): T {
    const parsed = schema.safeParse(value)
    if (!parsed.success) throw new Error(`${name} answered ${method} unreadably`)
    return parsed.data
  }

  function result(found: string[], wanted: CaipNetwork | undefined): ConnectResult | undefined {
    const [address] = found
    if (!address) return undefined
    const { id } = network.use(wanted)
    state.accounts = found
    return { address, accounts: found, chainId: id }
  }

  function requireAccount(address: string): void {
    if (state.accounts.length === 0) throw new ConnectorNotConnectedError(name)
    if (!state.accounts.includes(address)) throw new AccountNotFoundError(address, name)
  }

  const lists = (method: string) => info.methods === undefined || info.methods.includes(method)

  return {
    id: name,
    name,
    type: 'announced',
    namespace: 'bip122',

    async connect(options = {}) {
      state.purpose = purposeOf(options.accountType)
      let list: readonly { address: string; purpose: string }[]
      try {
        list = parse(
          connectResultSchema,
          'wallet_connect',
          await call('wallet_connect', { addresses: [state.purpose] })
        ).addresses
      } catch (error) {
        // An older wallet: getAccounts asks for the purposes and answers the addresses.
        if (walletCode(error) !== METHOD_NOT_FOUND) throw error
        list = parse(addressesSchema, 'getAccounts', await call('getAccounts', { purposes: [state.purpose] }))
      }
      const connected = result(addressesFor(list, state.purpose), options.network)
      if (!connected) throw new AccountNotFoundError('(none)', name)
      return connected
    },

    async reconnect(options = {}) {
      // wallet_getAccount never prompts: it answers the addresses the wallet gave this site before,
      // or refuses (-32002). Anything but an answer means nothing to restore.
      state.purpose = purposeOf(options.accountType)
      let answer: unknown
      try {
        answer = await call('wallet_getAccount', null)
      } catch {
        return undefined
      }
      const parsed = connectResultSchema.safeParse(answer)
      return parsed.success ? result(addressesFor(parsed.data.addresses, state.purpose), options.network) : undefined
    },

    async disconnect() {
      state.accounts = []
      try {
        await call('wallet_disconnect', null)
      } catch {
        // A wallet without wallet_disconnect (or one that refuses) keeps its permission; the kit forgets.
      }
    },

    getAccounts: async () => state.accounts.slice(),

    getChainId: network.getChainId,
    switchNetwork: network.switchNetwork,
    getBalance: network.getBalance,

    /** `signMessage` with BIP-322 as `address`: the signature in base64, as the wallet gives it. */
    async signMessage(message, address) {
      requireAccount(address)
      const answer = await call('signMessage', { address, message, protocol: 'BIP322' })
      return parse(signMessageResultSchema, 'signMessage', answer).signature
    },

    /**
     * A payment the Send flow prepared: `signPsbt` with the payment address's inputs and
     * `broadcast` (the wallet signs and posts it), or `sendTransfer` (the wallet builds it) when the
     * wallet lists sendTransfer and not signPsbt, or has no signPsbt. Resolves with the txid.
     */
    async sendTransaction(request) {
      if (request.namespace !== 'bip122') throw new Error(`${name} sends Bitcoin payments only`)
      requireAccount(request.from)
      const transfer = async () => {
        const answer = await call('sendTransfer', {
          recipients: [{ address: request.to, amount: Number(request.amount) }]
        })
        return parse(sendTransferResultSchema, 'sendTransfer', answer).txid.toLowerCase()
      }
      if (!lists('signPsbt') && lists('sendTransfer')) return transfer()
      let answer: unknown
      try {
        answer = await call('signPsbt', {
          psbt: base64Of(request.psbt),
          signInputs: { [request.from]: [...request.signInputs] },
          broadcast: true
        })
      } catch (error) {
        if (walletCode(error) === METHOD_NOT_FOUND) return transfer()
        throw error
      }
      const { txid } = parse(signPsbtResultSchema, 'signPsbt', answer)
      if (!txid) throw new Error(`${name} signed the transaction but did not broadcast it`)
      // The kit's inputs are segwit: the id of its unsigned transaction is the id of the signed one.
      if (txid.toLowerCase() !== (await unsignedTxid(request.psbt))) {
        throw new Error(`${name} answered signPsbt with another transaction's id`)
      }
      return txid.toLowerCase()
    },

    on: (event, listener) => onWalletEvent(provider, call, state, event, listener)
  }
}
