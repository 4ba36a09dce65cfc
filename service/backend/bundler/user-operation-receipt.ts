// eth_getUserOperationReceipt for the bundler (bundler.ts): the receipt of a user operation as
// ERC-4337 defines it, read from the EntryPoint's UserOperationEvent log and the transaction that
// carried it; null while it is not mined. Nothing is kept: the chain's logs are the record.
import {
  decodeEventLog,
  isAddressEqual,
  numberToHex,
  toEventSelector,
  type Address,
  type Hex,
  type PublicClient
} from 'viem'
import { entryPoint07Abi } from 'viem/account-abstraction'

const USER_OPERATION_EVENT = toEventSelector('UserOperationEvent(bytes32,address,address,uint256,bool,uint256,uint256)')

export async function userOperationReceipt(client: PublicClient, entryPoint: Address, hash: Hex) {
  const logs = await client.request({
    method: 'eth_getLogs',
    params: [{ address: entryPoint, topics: [USER_OPERATION_EVENT, hash], fromBlock: '0x0', toBlock: 'latest' }]
  })
  const event = logs[0]
  if (!event?.transactionHash) return null
  const receipt = await client.request({ method: 'eth_getTransactionReceipt', params: [event.transactionHash] })
  if (!receipt) return null
  const decoded = decodeEventLog({ abi: entryPoint07Abi, data: event.data, topics: event.topics })
  if (decoded.eventName !== 'UserOperationEvent') return null
  const { args } = decoded
  // The operation's own logs: those between the previous operation's event and its own.
  const index = receipt.logs.findIndex(log => log.logIndex === event.logIndex)
  let start = index
  while (start > 0) {
    const log = receipt.logs[start - 1]!
    if (isAddressEqual(log.address, entryPoint) && log.topics[0] === USER_OPERATION_EVENT) break
    start--
  }
  return {
    userOpHash: hash,
    entryPoint,
    sender: args.sender,
    nonce: numberToHex(args.nonce),
    paymaster: args.paymaster,
    actualGasCost: numberToHex(args.actualGasCost),
    actualGasUsed: numberToHex(args.actualGasUsed),
    success: args.success,
    logs: receipt.logs.slice(start, index),
    receipt
  }
}
