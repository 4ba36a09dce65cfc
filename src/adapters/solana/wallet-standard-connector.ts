import type * as z from 'zod/mini'
import { readNativeBalanceFromRpc } from '../../connectors/native-balance.js'
import type { Connector, ConnectResult } from '../../connectors/types.js'
import { AccountNotFoundError, ChainNotConfiguredError } from '../../errors/connector-errors.js'
import { SolanaProviderError, UNREADABLE_ANSWER, UNSUPPORTED_METHOD } from '../../errors/solana-provider-error.js'
import type { CaipNetwork } from '../../networks/types.js'
import { isSolanaAddress } from '../../utils/address.js'
import { encodeBase58, toHex } from '../../utils/base58.js'
import { isSafeImageUrl } from '../../utils/safe-image.js'
import {
  connectFeatureSchema,
  connectOutputSchema,
  disconnectFeatureSchema,
  onStandardAccounts,
  signAndSendFeatureSchema,
  signAndSendOutputSchema,
  signMessageFeatureSchema,
  signMessageOutputSchema,
  signTransactionFeatureSchema,
  signTransactionOutputSchema,
  type StandardAccount,
  type StandardWallet
} from './wallet-standard.js'

/**
 * A connector over a Wallet Standard wallet on Solana (`standard:connect`, `standard:disconnect`,
 * `standard:events`). A Solana wallet has no "current chain": the kit chooses the network, and reads
 * the balance itself from that network's RPC (`getBalance`). Every answer of the wallet is parsed.
 */

const MAX_NAME_LENGTH = 64

/** The Solana addresses among a wallet's accounts (those usable on some `solana:` chain). */
export function solanaAddresses(accounts: readonly StandardAccount[]): string[] {
  return accounts
    .filter(account => account.chains.length === 0 || account.chains.some(chain => chain.startsWith('solana:')))
    .map(account => account.address)
    .filter(isSolanaAddress)
}

/** The stable id of a wallet's connector: its name (Wallet Standard wallets have no rdns). */
export const walletStandardConnectorId = (wallet: { readonly name: string }) => wallet.name.slice(0, MAX_NAME_LENGTH)

export function createWalletStandardConnector(wallet: StandardWallet): Connector {
  let network: CaipNetwork | undefined
  const features = wallet.features

  function feature<T>(name: string, schema: z.ZodMiniType<T>): T | undefined {
    const parsed = schema.safeParse(features[name])
    return parsed.success ? parsed.data : undefined
  }

  /** A feature the wallet must have for what the app asked; without it, a 4200 error naming it. */
  function required<T>(name: string, schema: z.ZodMiniType<T>): T {
    const found = feature(name, schema)
    if (!found) throw new SolanaProviderError(`${wallet.name} has no ${name} feature`, UNSUPPORTED_METHOD)
    return found
  }

  /** The wallet's own account object of `address`: the standard identifies the signer by it, not by address. */
  function accountOf(address: string): StandardAccount {
    const account = wallet.accounts.find(entry => entry.address === address)
    if (!account) throw new AccountNotFoundError(address, wallet.name)
    return account
  }

  /** What the wallet answered, parsed; an answer that is not what the standard says is a -32603 error. */
  function answer<T>(schema: z.ZodMiniType<T>, value: unknown, what: string): T {
    const parsed = schema.safeParse(value)
    if (!parsed.success) throw new SolanaProviderError(`${wallet.name} answered ${what} unreadably`, UNREADABLE_ANSWER)
    return parsed.data
  }

  async function signBytes(message: Uint8Array, address: string): Promise<Uint8Array> {
    const name = 'solana:signMessage'
    const signFeature = required(name, signMessageFeatureSchema)
    const call = signFeature.signMessage as (...inputs: object[]) => unknown
    const [first] = answer(signMessageOutputSchema, await call({ account: accountOf(address), message }), name)
    if (!first) throw new SolanaProviderError(`${wallet.name} returned no signature`, UNREADABLE_ANSWER)
    return first.signature
  }

  async function standardConnect(silent: boolean): Promise<string[]> {
    const connectFeature = feature('standard:connect', connectFeatureSchema)
    if (!connectFeature) throw new Error(`${wallet.name} has no standard:connect feature`)
    const output = connectOutputSchema.parse(await (connectFeature.connect as (input: object) => unknown)({ silent }))
    return solanaAddresses(output.accounts)
  }

  const chainIdOf = (wanted: CaipNetwork | undefined): string => {
    if (wanted) return String(wanted.id)
    const first = wallet.chains.find(chain => /^solana:[1-9A-HJ-NP-Za-km-z]{32}$/.test(chain))
    if (!first) throw new ChainNotConfiguredError('solana')
    return first.slice('solana:'.length)
  }

  function result(accounts: string[], wanted: CaipNetwork | undefined): ConnectResult | undefined {
    const [address] = accounts
    if (!address) return undefined
    if (wanted) network = wanted
    return { address, accounts, chainId: chainIdOf(network) }
  }

  return {
    id: walletStandardConnectorId(wallet),
    name: wallet.name.slice(0, MAX_NAME_LENGTH),
    type: 'announced',
    namespace: 'solana',
    ...(isSafeImageUrl(wallet.icon) ? { imageUrl: wallet.icon } : {}),

    async connect(options = {}) {
      const connected = result(await standardConnect(false), options.network)
      if (!connected) throw new AccountNotFoundError('(none)', wallet.name)
      return connected
    },

    async reconnect(options = {}) {
      // `silent`: the wallet answers only with accounts this site was given before; it never asks.
      return result(await standardConnect(true), options.network)
    },

    async disconnect() {
      const disconnectFeature = feature('standard:disconnect', disconnectFeatureSchema)
      if (disconnectFeature) await (disconnectFeature.disconnect as () => unknown)()
    },

    async getAccounts() {
      return solanaAddresses(wallet.accounts)
    },

    async getChainId() {
      return chainIdOf(network)
    },

    async switchNetwork(target) {
      if (target.chainNamespace !== 'solana') throw new ChainNotConfiguredError(target.caipNetworkId)
      network = target
    },

    getBalance: address => readNativeBalanceFromRpc(network, address),

    async sendTransaction(request) {
      if (request.namespace !== 'solana') throw new ChainNotConfiguredError(request.namespace)
      const sendFeature = feature('solana:signAndSendTransaction', signAndSendFeatureSchema)
      if (!sendFeature) throw new Error(`${wallet.name} has no solana:signAndSendTransaction feature`)
      // The wallet's own account object: the standard identifies the signer by it, not by address.
      const account = wallet.accounts.find(entry => entry.address === request.from)
      if (!account) throw new AccountNotFoundError(request.from, wallet.name)
      // Answer once the transfer is confirmed (unless the app asks otherwise), so that balances read next show it.
      const input = {
        account,
        chain: request.chain,
        transaction: request.transaction,
        options: { commitment: 'confirmed', ...request.options }
      }
      const output = signAndSendOutputSchema.parse(
        await (sendFeature.signAndSendTransaction as (...inputs: object[]) => unknown)(input)
      )
      const [first] = output
      if (!first) throw new Error(`${wallet.name} returned no signature`)
      return toHex(first.signature)
    },

    signMessage: async (message, address) => encodeBase58(await signBytes(new TextEncoder().encode(message), address)),

    signMessageBytes: signBytes,

    async solanaSignTransactions(transactions, address, chain) {
      if (transactions.length === 0) return []
      const name = 'solana:signTransaction'
      const signFeature = required(name, signTransactionFeatureSchema)
      const account = accountOf(address)
      const inputs = transactions.map(transaction => ({ account, chain, transaction }))
      const call = signFeature.signTransaction as (...inputs: object[]) => unknown
      const signed = answer(signTransactionOutputSchema, await call(...inputs), name)
      if (signed.length !== transactions.length) {
        throw new SolanaProviderError(
          `${wallet.name} answered ${name} with ${signed.length} transactions for ${transactions.length}`,
          UNREADABLE_ANSWER
        )
      }
      return signed.map(output => output.signedTransaction)
    },

    on: (event, listener) => onStandardAccounts(wallet, solanaAddresses, event, listener)
  }
}
