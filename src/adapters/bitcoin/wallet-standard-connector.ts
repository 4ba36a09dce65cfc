import * as z from 'zod/mini'
import type { Connector, ConnectResult } from '../../connectors/types.js'
import { AccountNotFoundError } from '../../errors/connector-errors.js'
import type { CaipNetwork } from '../../networks/types.js'
import { isBitcoinAddress } from '../../utils/address.js'
import { isSafeImageUrl } from '../../utils/safe-image.js'
import {
  connectOutputSchema,
  disconnectFeatureSchema,
  onStandardAccounts,
  type StandardAccount,
  type StandardWallet
} from '../solana/wallet-standard.js'
import { bitcoinNetworkSlot } from './network-slot.js'

/**
 * A connector over a Wallet Standard wallet on Bitcoin (the `bitcoin:` extensions: `bitcoin:connect`
 * with the address purposes the app wants, `standard:events`, `standard:disconnect` where the
 * wallet has it). The kit asks for the payment address (P2WPKH: the spec's default account type for
 * bip122), or the ordinals address (P2TR) when the app or the visitor prefers the 'ordinal' type.
 * A Bitcoin wallet has no "current chain" the kit can read: the kit chooses the network. The balance
 * is the backend's (account details ask it first); `getBalance` reads the network's Esplora API
 * (the local node serves it at its RPC URL); sendTransaction signs and posts a payment
 * (wallet-standard-send.ts, loaded with the Send flow). Every answer of the wallet is parsed.
 */

const MAX_NAME_LENGTH = 64

const fn = z.custom<(...args: never[]) => unknown>(value => typeof value === 'function', 'a function')
const bitcoinConnectFeatureSchema = z.object({ version: z.string(), connect: fn })
const bitcoinSignMessageFeatureSchema = z.object({ version: z.string(), signMessage: fn })
/** `bitcoin:signMessage`'s answer: one signature per message (BIP-322: the serialized witness). */
const signMessageOutputSchema = z.array(
  z.object({ signature: z.custom<Uint8Array>(value => value instanceof Uint8Array && value.length > 0, 'a signature') })
)

/** The address purposes of `bitcoin:connect`: payment (P2WPKH) and ordinals (P2TR). */
export type BitcoinAddressPurpose = 'payment' | 'ordinals'

/** The Bitcoin addresses among a wallet's accounts (those of no chain, or of some `bitcoin:` chain). */
export function bitcoinAddresses(accounts: readonly StandardAccount[]): string[] {
  return accounts
    .filter(account => account.chains.length === 0 || account.chains.some(chain => chain.startsWith('bitcoin:')))
    .map(account => account.address)
    .filter(isBitcoinAddress)
}

/** The Esplora balance reader (esplora-balance.ts), where the Bitcoin connectors' callers found it. */
export { readEsploraBalance } from './esplora-balance.js'

/** The `bitcoin:connect` purpose of an account type: 'ordinal' asks for ordinals, anything else payment. */
const purposeOf = (accountType: string | undefined): BitcoinAddressPurpose =>
  accountType === 'ordinal' ? 'ordinals' : 'payment'

/** Whether `address` is the kind a purpose gives: taproot (P2TR) for ordinals, anything else for payment. */
const isTaproot = (address: string) => /^(bc|tb|bcrt)1p/i.test(address)

export function createBitcoinStandardConnector(wallet: StandardWallet): Connector {
  const network = bitcoinNetworkSlot()
  const features = wallet.features

  function feature<T>(name: string, schema: z.ZodMiniType<T>): T | undefined {
    const parsed = schema.safeParse(features[name])
    return parsed.success ? parsed.data : undefined
  }

  function result(accounts: string[], wanted: CaipNetwork | undefined): ConnectResult | undefined {
    const [address] = accounts
    if (!address) return undefined
    return { address, accounts, chainId: network.use(wanted).id }
  }

  return {
    id: wallet.name.slice(0, MAX_NAME_LENGTH),
    name: wallet.name.slice(0, MAX_NAME_LENGTH),
    type: 'announced',
    namespace: 'bip122',
    ...(isSafeImageUrl(wallet.icon) ? { imageUrl: wallet.icon } : {}),

    async connect(options = {}) {
      const connectFeature = feature('bitcoin:connect', bitcoinConnectFeatureSchema)
      if (!connectFeature) throw new Error(`${wallet.name} has no bitcoin:connect feature`)
      const call = connectFeature.connect as (input: object) => unknown
      const output = connectOutputSchema.parse(await call({ purposes: [purposeOf(options.accountType)] }))
      const connected = result(bitcoinAddresses(output.accounts), options.network)
      if (!connected) throw new AccountNotFoundError('(none)', wallet.name)
      return connected
    },

    async reconnect(options = {}) {
      // bitcoin:connect has no silent mode: the accounts the wallet already exposes to this site are
      // the ones it approved before; none of the wanted type means nothing to restore, and the
      // visitor is never asked.
      const ordinals = purposeOf(options.accountType) === 'ordinals'
      const wanted = bitcoinAddresses(wallet.accounts).filter(address => isTaproot(address) === ordinals)
      return result(wanted, options.network)
    },

    async disconnect() {
      const disconnectFeature = feature('standard:disconnect', disconnectFeatureSchema)
      if (disconnectFeature) await (disconnectFeature.disconnect as () => unknown)()
    },

    getAccounts: async () => bitcoinAddresses(wallet.accounts),

    getChainId: network.getChainId,
    switchNetwork: network.switchNetwork,
    getBalance: network.getBalance,

    /**
     * `bitcoin:signMessage` as `address` (UTF-8 text): the wallet's signature in base64, as BIP-322
     * simple signatures are written (for a segwit address, the serialized witness).
     */
    async signMessage(message, address) {
      const signFeature = feature('bitcoin:signMessage', bitcoinSignMessageFeatureSchema)
      if (!signFeature) throw new Error(`${wallet.name} has no bitcoin:signMessage feature`)
      const account = wallet.accounts.find(entry => entry.address === address)
      if (!account) throw new AccountNotFoundError(address, wallet.name)
      const call = signFeature.signMessage as (...inputs: object[]) => unknown
      const parsed = signMessageOutputSchema.safeParse(
        await call({ account, message: new TextEncoder().encode(message) })
      )
      const first = parsed.success ? parsed.data[0] : undefined
      if (!first) throw new Error(`${wallet.name} answered bitcoin:signMessage unreadably`)
      return btoa(String.fromCharCode(...first.signature))
    },

    /**
     * A payment the Send flow prepared: signed by the wallet (`bitcoin:signTransaction`) and posted
     * to Esplora, or sent by the wallet itself (`bitcoin:sendTransfer`); the txid. Its code loads with it.
     */
    async sendTransaction(request) {
      if (request.namespace !== 'bip122') throw new Error(`${wallet.name} sends Bitcoin payments only`)
      const account = wallet.accounts.find(entry => entry.address === request.from)
      if (!account) throw new AccountNotFoundError(request.from, wallet.name)
      const { sendWithStandardWallet } = await import('./wallet-standard-send.js')
      return sendWithStandardWallet(wallet, account, request)
    },

    on: (event, listener) => onStandardAccounts(wallet, bitcoinAddresses, event, listener)
  }
}
