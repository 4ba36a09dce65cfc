import * as z from 'zod/mini'
import { RpcClient } from '../api/rpc-client.js'
import { ChainNotConfiguredError } from '../errors/connector-errors.js'
import type { CaipNetwork } from '../networks/types.js'

/**
 * The native balance of `address` read from the network's own RPC (eth_getBalance on EVM,
 * getBalance on Solana), in the smallest unit. For connectors that have no provider to ask
 * (WalletConnect, Wallet Standard wallets).
 */
const quantity = z.string().check(z.regex(/^0x[0-9a-fA-F]+$/, 'a hex quantity'))
const lamports = z.object({ value: z.number().check(z.int(), z.nonnegative()) })

export async function readNativeBalanceFromRpc(network: CaipNetwork | undefined, address: string): Promise<bigint> {
  const url = network?.rpcUrls.default.http[0]
  if (!network || !url) throw new ChainNotConfiguredError(network?.caipNetworkId)
  const rpc = new RpcClient({ url, chainId: network.caipNetworkId })
  if (network.chainNamespace === 'eip155')
    return BigInt(await rpc.request('eth_getBalance', [address, 'latest'], quantity))
  if (network.chainNamespace === 'solana') {
    return BigInt((await rpc.request('getBalance', [address, { commitment: 'confirmed' }], lamports)).value)
  }
  throw new ChainNotConfiguredError(network.caipNetworkId)
}
