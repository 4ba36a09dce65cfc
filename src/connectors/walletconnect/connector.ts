import { ChainNotConfiguredError, ConnectorNotConnectedError } from '../../errors/connector-errors.js'
import type { CaipNetwork, ChainNamespace } from '../../networks/types.js'
import * as z from 'zod/mini'
import { decodeBase58, encodeBase58, toBase64, toHex, utf8ToHex } from '../../utils/base58.js'
import { readNativeBalanceFromRpc } from '../native-balance.js'
import { signSolanaMessage, signSolanaTransactions, type SolanaRpc } from '../solana-signing.js'
import type { ConnectOptions, Connector, ConnectorEventMap } from '../types.js'
import type { WalletConnectController } from './controller.js'
import { WALLET_CONNECT_CONNECTOR_ID, walletConnectInfo } from './entries.js'

export { WALLET_CONNECT_CONNECTOR_ID }

/** What the wallet answers: eth_sendTransaction a hash; solana_signAndSendTransaction { signature } in base58. */
const hashSchema = z.string()
const solanaSendSchema = z.object({ signature: z.string() })
/** personal_sign: a 0x hex signature. */
const signatureSchema = z.string().check(z.regex(/^0x[0-9a-fA-F]+$/, 'a 0x hex signature'))

/** WalletConnect's Bitcoin methods: a chunk of their own, loaded when a Bitcoin account is used. */
const bip122 = () => import('./bip122-methods.js')

/**
 * The WalletConnect connector of one namespace over the shared session. Connecting itself goes
 * through the QR views (the store proposes and shows the URI); this connector restores, reads and
 * ends the namespace's part of the session, and follows the wallet's events for it.
 */
export function createWalletConnectConnector(
  controller: WalletConnectController,
  namespace: ChainNamespace,
  networks: readonly CaipNetwork[]
): Connector {
  let network: CaipNetwork | undefined
  /** bip122: the address of the account type in use (payment, or ordinals), among the session's. */
  let chosen: string | undefined

  /** Solana requests on `chain` (CAIP-2), for the shared Solana signing. */
  const solanaRpc =
    (chain: string): SolanaRpc =>
    (method, params) =>
      controller.request(chain, method, params)
  const WALLET = 'The WalletConnect wallet'

  const networkOf = (chainId: string) => networks.find(n => n.caipNetworkId === `${namespace}:${chainId}`)

  /** The addresses to show: on bip122 the chosen one alone (the other account type's is another account). */
  const shown = (addresses: readonly string[]) => (chosen && addresses.includes(chosen) ? [chosen] : addresses)

  async function result(options: Pick<ConnectOptions, 'network' | 'accountType'>, ask: boolean) {
    const mine = controller.accounts()?.[namespace]
    const [first] = mine?.addresses ?? []
    if (!mine || !first) return undefined
    // bip122: the address of the wanted account type (asking the wallet only when `ask`).
    if (namespace === 'bip122') chosen = await (await bip122()).bip122Account(controller, options.accountType, ask)
    const allowed = controller.chains(namespace)
    const wanted = options.network
    network = wanted && allowed.includes(wanted.caipNetworkId) ? wanted : networkOf(mine.chainId)
    const accounts = shown(mine.addresses)
    return { address: accounts[0] ?? first, accounts, chainId: network ? String(network.id) : mine.chainId }
  }

  return {
    ...walletConnectInfo(namespace),

    async connect(options = {}) {
      const connected = await result(options, true)
      if (!connected) throw new ConnectorNotConnectedError('WalletConnect')
      return connected
    },

    async reconnect(options = {}) {
      await controller.restore()
      // A reconnect asks the wallet nothing.
      return result(options, false)
    },

    disconnect: () => controller.disconnect(),

    async getAccounts() {
      return controller.accounts()?.[namespace]?.addresses ?? []
    },

    async getChainId() {
      const current = controller.accounts()?.[namespace]
      if (!current) throw new ConnectorNotConnectedError('WalletConnect')
      return network ? String(network.id) : current.chainId
    },

    async switchNetwork(target) {
      if (target.chainNamespace !== namespace || !controller.chains(namespace).includes(target.caipNetworkId)) {
        // The wallet approved no account on that chain in this session.
        throw new ChainNotConfiguredError(target.caipNetworkId)
      }
      network = target
    },

    getBalance: async address =>
      namespace === 'bip122'
        ? (await bip122()).bip122Balance(network, address)
        : readNativeBalanceFromRpc(network, address),

    async evmRequest(method, params) {
      if (namespace !== 'eip155' || !network) throw new ChainNotConfiguredError(namespace)
      return controller.request(network.caipNetworkId, method, params)
    },

    async sendTransaction(request) {
      if (request.namespace !== namespace || !network) throw new ChainNotConfiguredError(request.namespace)
      if (request.namespace === 'eip155') {
        const { from, to, value, data } = request
        const call = { from, to, value: `0x${value.toString(16)}`, data }
        return hashSchema.parse(await controller.request(network.caipNetworkId, 'eth_sendTransaction', [call]))
      }
      if (request.namespace === 'bip122') {
        // Only on a chain the wallet approved in this session.
        if (!controller.chains(namespace).includes(request.chain)) throw new ChainNotConfiguredError(request.chain)
        return (await bip122()).bip122Send(controller, request)
      }
      // WalletConnect's sendOptions are web3.js's SendOptions: no commitment (the wallet answers once sent).
      const { commitment: _commitment, ...sendOptions } = request.options ?? {}
      const answer = solanaSendSchema.parse(
        await controller.request(request.chain, 'solana_signAndSendTransaction', {
          transaction: toBase64(request.transaction),
          pubkey: request.from,
          ...(request.options ? { sendOptions } : {})
        })
      )
      const signature = decodeBase58(answer.signature)
      if (signature?.length !== 64)
        throw new Error('The wallet answered solana_signAndSendTransaction without a signature')
      return toHex(signature)
    },

    async signMessage(message, address) {
      if (!network) throw new ChainNotConfiguredError(namespace)
      if (namespace === 'bip122')
        return (await bip122()).bip122SignMessage(controller, network.caipNetworkId, message, address)
      if (namespace === 'eip155') {
        const answer = await controller.request(network.caipNetworkId, 'personal_sign', [utf8ToHex(message), address])
        return signatureSchema.parse(answer)
      }
      const bytes = new TextEncoder().encode(message)
      return encodeBase58(await signSolanaMessage(solanaRpc(network.caipNetworkId), WALLET, bytes, address))
    },

    ...(namespace === 'solana'
      ? {
          async signMessageBytes(message: Uint8Array, address: string) {
            if (!network) throw new ChainNotConfiguredError(namespace)
            return signSolanaMessage(solanaRpc(network.caipNetworkId), WALLET, message, address)
          },
          solanaSignTransactions: (transactions: readonly Uint8Array[], address: string, chain: string) =>
            signSolanaTransactions(solanaRpc(chain), WALLET, transactions, address)
        }
      : {}),

    on(event, listener) {
      const deliver = listener as (payload: ConnectorEventMap[keyof ConnectorEventMap]) => void
      return controller.on(change => {
        if (change.type === 'ended' && event === 'disconnect') deliver(undefined)
        else if (change.type === 'accounts' && event === 'accountsChanged')
          deliver(shown(change.accounts[namespace]?.addresses ?? []))
        else if (change.type === 'chain' && event === 'chainChanged' && change.namespace === namespace) {
          const next = networkOf(change.chainId)
          if (next) network = next
          deliver(change.chainId)
        }
      })
    }
  }
}
