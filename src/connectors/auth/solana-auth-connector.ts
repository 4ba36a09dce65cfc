// The auth connector of the solana namespace: the same embedded-wallet login as the eip155 one (one
// frame, one key per namespace), its account the frame's Solana address. Messages and transfers are
// signed in the frame after the visitor approves there (solana_signMessage,
// solana_signAndSendTransaction, which the frame sends and answers once confirmed by default;
// solana_signTransaction and solana_signAllTransactions for the app's provider, which sign only);
// balances come from the network's own RPC. Knows no store.
import { AccountNotFoundError, ChainNotConfiguredError } from '../../errors/connector-errors.js'
import type { CaipNetwork } from '../../networks/types.js'
import * as z from 'zod/mini'
import type { SolanaSignAndSendParams } from '../../frame/solana-rpc.js'
import { decodeBase58, encodeBase58, toBase64, toHex } from '../../utils/base58.js'
import { readNativeBalanceFromRpc } from '../native-balance.js'
import { signSolanaMessage, signSolanaTransactions, type SolanaRpc } from '../solana-signing.js'
import type { Connector, ConnectResult } from '../types.js'
import { AUTH_CONNECTOR_ID, AUTH_CONNECTOR_NAME } from '../../config/auth-connector-ids.js'

/**
 * What this connector uses of the frame client (auth-client.ts AuthClient, which has it): the user's
 * Solana address on a network, and the frame's Solana methods. Named here, not imported, so that the
 * connector's own code is all it needs (test/solana runs it in Node against the real frame RPC).
 */
export interface SolanaFrameClient {
  request(method: 'getUser', params: { chainId: string }): Promise<{ readonly address?: string | undefined }>
  rpc(method: string, params: unknown, chainNamespace: 'solana'): Promise<unknown>
}

export interface SolanaAuthConnectorOptions {
  readonly client: SolanaFrameClient
  /** Whether the frame is logged in (asked once per reconnect). */
  readonly isLoggedIn: () => Promise<boolean>
  /** Ends this namespace's use of the login (the last one signs the frame out). */
  readonly release: () => Promise<void>
}

/** What solana_signAndSendTransaction answers: the transaction's signature, base58. */
const signatureAnswerSchema = z.object({ signature: z.string() })

const WALLET = 'The embedded wallet'

export function createSolanaAuthConnector({ client, isLoggedIn, release }: SolanaAuthConnectorOptions): Connector {
  let network: CaipNetwork | undefined
  let address: string | undefined
  const rpc: SolanaRpc = (method, params) => client.rpc(method, params, 'solana')

  async function userOn(wanted: CaipNetwork | undefined): Promise<ConnectResult> {
    if (!wanted || wanted.chainNamespace !== 'solana') throw new ChainNotConfiguredError('solana')
    const user = await client.request('getUser', { chainId: wanted.caipNetworkId })
    if (!user.address || !decodeBase58(user.address)) throw new AccountNotFoundError('(none)', AUTH_CONNECTOR_NAME)
    network = wanted
    address = user.address
    return { address: user.address, chainId: String(wanted.id), accounts: [user.address] }
  }

  return {
    id: AUTH_CONNECTOR_ID,
    name: AUTH_CONNECTOR_NAME,
    type: 'auth',
    namespace: 'solana',
    connect: options => userOn(options?.network),
    async reconnect(options = {}) {
      if (!(await isLoggedIn())) return undefined
      return userOn(options.network)
    },
    async disconnect() {
      address = undefined
      await release()
    },
    async getAccounts() {
      return address ? [address] : []
    },
    async getChainId() {
      if (!network) throw new ChainNotConfiguredError('solana')
      return String(network.id)
    },
    async switchNetwork(target) {
      if (target.chainNamespace !== 'solana') throw new ChainNotConfiguredError(target.caipNetworkId)
      network = target
    },
    getBalance: owner => readNativeBalanceFromRpc(network, owner),
    async sendTransaction(request) {
      if (request.namespace !== 'solana') throw new ChainNotConfiguredError(request.namespace)
      const params: SolanaSignAndSendParams = {
        transaction: toBase64(request.transaction),
        pubkey: request.from,
        chainId: request.chain,
        // Answer once the transfer is confirmed (unless the app asks otherwise), so that balances read next show it.
        options: { commitment: 'confirmed', ...request.options }
      }
      const answer = signatureAnswerSchema.safeParse(
        await client.rpc('solana_signAndSendTransaction', params, 'solana')
      )
      const signature = answer.success ? decodeBase58(answer.data.signature) : undefined
      if (signature?.length !== 64) {
        throw new Error('The embedded wallet answered solana_signAndSendTransaction without a signature')
      }
      return toHex(signature)
    },
    signMessage: async (message, signer) =>
      encodeBase58(await signSolanaMessage(rpc, WALLET, new TextEncoder().encode(message), signer)),
    signMessageBytes: (message, signer) => signSolanaMessage(rpc, WALLET, message, signer),
    solanaSignTransactions: (transactions, signer) => signSolanaTransactions(rpc, WALLET, transactions, signer),
    on() {
      // The frame raises no Solana events: its account and chain change only through this connector.
      return () => undefined
    }
  }
}
