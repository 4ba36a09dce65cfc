import * as z from 'zod/mini'
import { RpcClient } from '../../api/rpc-client.js'
import type { TransactionRequest } from '../../connectors/types.js'
import type { CaipNetwork } from '../../networks/types.js'

/**
 * EVM transfers (docs/behaviour.md section 7): the native token is a transaction with to, data 0x and value;
 * an ERC-20 is transfer(receiver, amount) sent to the token contract. The call data is two ABI
 * words after the selector, encoded here without loading viem.
 */

/** The selector of transfer(address,uint256). */
export const ERC20_TRANSFER_SELECTOR = '0xa9059cbb'
/** Gas of a plain native transfer: the fee the Max amount keeps back is counted on it. */
export const NATIVE_TRANSFER_GAS = 21_000n
/**
 * What Max keeps back is the fee at twice today's gas price: a wallet offers an EIP-1559
 * transaction whose max fee is about twice the base fee, and the chain wants that much available.
 */
export const MAX_FEE_MARGIN = 2n

const word = (hex: string) => hex.padStart(64, '0')
const quantity = z.string().check(z.regex(/^0x[0-9a-fA-F]+$/, 'a hex quantity'))

/** The call data of transfer(receiver, amount). */
export function erc20TransferData(receiver: string, amount: bigint): `0x${string}` {
  if (amount < 0n) throw new RangeError('A transfer amount cannot be negative')
  return `${ERC20_TRANSFER_SELECTOR}${word(receiver.replace(/^0x/i, '').toLowerCase())}${word(amount.toString(16))}`
}

/**
 * The transaction that moves `amount` of a token to `receiver`: `tokenContract` undefined for the
 * native token.
 */
export function evmTransfer(options: {
  readonly from: string
  readonly receiver: string
  readonly amount: bigint
  readonly tokenContract: string | undefined
}): Extract<TransactionRequest, { namespace: 'eip155' }> {
  const { from, receiver, amount, tokenContract } = options
  const to = receiver.startsWith('0x') ? receiver : `0x${receiver}`
  if (!tokenContract) return { namespace: 'eip155', from, to, value: amount, data: '0x' }
  return { namespace: 'eip155', from, to: tokenContract, value: 0n, data: erc20TransferData(to, amount) }
}

/** The network's own RPC: the fee is read from the chain, not from the wallet. */
function rpcOf(network: CaipNetwork): RpcClient {
  const url = network.rpcUrls.default.http[0]
  if (!url) throw new Error(`${network.name} has no RPC URL`)
  return new RpcClient({ url, chainId: network.caipNetworkId })
}

/** The chain's gas price now, in wei. */
export async function readGasPrice(network: CaipNetwork): Promise<bigint> {
  return BigInt(await rpcOf(network).request('eth_gasPrice', [], quantity))
}

/** The fee `transaction` would cost at today's gas price: eth_estimateGas times eth_gasPrice, in wei. */
export async function estimateEvmFee(
  network: CaipNetwork,
  transaction: Extract<TransactionRequest, { namespace: 'eip155' }>
): Promise<bigint> {
  const call = {
    from: transaction.from,
    to: transaction.to,
    value: `0x${transaction.value.toString(16)}`,
    data: transaction.data
  }
  const [gas, price] = await rpcOf(network).batch([
    { method: 'eth_estimateGas', params: [call] },
    { method: 'eth_gasPrice', params: [] }
  ])
  if (!gas?.ok) throw gas?.error ?? new Error('eth_estimateGas gave no answer')
  if (!price?.ok) throw price?.error ?? new Error('eth_gasPrice gave no answer')
  return BigInt(quantity.parse(gas.result)) * BigInt(quantity.parse(price.result))
}
