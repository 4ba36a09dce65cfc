// The auth connector of the solana namespace: the same embedded-wallet login as the eip155 one (one
// frame, one key per namespace), its account the frame's Solana address. Messages and transfers are
// signed in the frame after the visitor approves there (solana_signMessage,
// solana_signAndSendTransaction, which the frame sends and answers once confirmed); balances come
// from the network's own RPC. Knows no store.
import { AccountNotFoundError, ChainNotConfiguredError } from '../../errors/connector-errors.js'
import type { CaipNetwork } from '../../networks/types.js'
import * as z from 'zod/mini'
import type { SolanaSignAndSendParams } from '../../frame/solana-rpc.js'
import { decodeBase58, encodeBase58, toBase64, toHex } from '../../utils/base58.js'
import { readNativeBalanceFromRpc } from '../native-balance.js'
import type { Connector, ConnectResult } from '../types.js'
import type { AuthClient } from './auth-client.js'
import { AUTH_CONNECTOR_ID, AUTH_CONNECTOR_NAME } from './auth-connector.js'

export interface SolanaAuthConnectorOptions {
  readonly client: AuthClient
  /** Whether the frame is logged in (asked once per reconnect). */
  readonly isLoggedIn: () => Promise<boolean>
  /** Ends this namespace's use of the login (the last one signs the frame out). */
  readonly release: () => Promise<void>
}

/** What solana_signAndSendTransaction answers: the transaction's signature, base58. */
const signatureAnswerSchema = z.object({ signature: z.string() })

/** `message`'s UTF-8 bytes in base58, as solana_signMessage takes them. */
function base58Message(message: string): string {
  return encodeBase58(new TextEncoder().encode(message))
}

export function createSolanaAuthConnector({ client, isLoggedIn, release }: SolanaAuthConnectorOptions): Connector {
  let network: CaipNetwork | undefined
  let address: string | undefined

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
        // Answer once the transfer is confirmed, so that balances read next show it.
        options: { commitment: 'confirmed' }
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
    async signMessage(message, signer) {
      const answer = await client.rpc(
        'solana_signMessage',
        { message: base58Message(message), pubkey: signer },
        'solana'
      )
      const signature = (answer as { signature?: unknown } | null)?.signature
      if (typeof signature !== 'string' || !decodeBase58(signature)) {
        throw new Error('The embedded wallet answered solana_signMessage without a base58 signature')
      }
      return signature
    },
    on() {
      // The frame raises no Solana events: its account and chain change only through this connector.
      return () => undefined
    }
  }
}
