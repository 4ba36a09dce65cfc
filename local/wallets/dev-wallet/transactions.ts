// The Dev Wallet's transactions: what the approval panel shows of one, and how it is filled
// (nonce, gas and fees from the chain), signed locally and sent raw.
import {
  formatEther,
  getAddress,
  hexToBigInt,
  hexToNumber,
  isAddress,
  numberToHex,
  type Hex,
  type PrivateKeyAccount,
  type TransactionSerializable
} from 'viem'
import { shorten, type ApprovalRequest } from '../shared/approval-panel.js'
import { invalidParams } from './errors.js'
import { optionalHex, optionalQuantity, truncate, type TransactionParams } from './params.js'
import type { WalletHost } from './wallet-host.js'

export function describeTransaction(host: WalletHost, tx: TransactionParams, chainId: number): ApprovalRequest {
  const value = optionalQuantity(tx.value, 'value') ?? 0n
  const data = (optionalHex(tx.data ?? tx.input, 'data') ?? '0x') as Hex
  const to = typeof tx.to === 'string' ? tx.to : undefined
  const title = !to
    ? 'Deploy a contract'
    : data === '0x'
      ? `Send ${formatEther(value)} ETH to ${shorten(to)}`
      : `Call ${shorten(to)}${value > 0n ? ` with ${formatEther(value)} ETH` : ''}`
  const details: [string, string][] = [
    ['From', host.account.address],
    ['To', to ?? '(new contract)'],
    ['Value', `${formatEther(value)} ETH`],
    ['Network', host.chainLabel(chainId)]
  ]
  if (data !== '0x') details.push(['Data', truncate(data, 200)])
  return { method: 'eth_sendTransaction', title, details }
}

/** Fills nonce, gas and fees from the chain, signs locally and sends it raw. No approval here. */
export async function signAndSend(
  account: PrivateKeyAccount,
  chainId: number,
  tx: TransactionParams,
  rpc: (method: string, params?: readonly unknown[]) => Promise<unknown>
): Promise<Hex> {
  const from = account.address
  const to = tx.to === undefined || tx.to === null ? undefined : tx.to
  if (to !== undefined && !(typeof to === 'string' && isAddress(to, { strict: false })))
    throw invalidParams('"to" must be an address')
  // Any case is accepted (as wallets do); viem signs the checksummed form.
  const recipient = to === undefined ? undefined : getAddress((to as string).toLowerCase())
  const value = optionalQuantity(tx.value, 'value') ?? 0n
  const data = optionalHex(tx.data ?? tx.input, 'data')
  const nonceHex = optionalHex(tx.nonce, 'nonce')

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
  const serialized = await account.signTransaction({
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
