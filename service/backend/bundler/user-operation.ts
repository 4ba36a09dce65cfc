// ERC-4337 v0.7 user operations as a bundler's JSON-RPC carries them (quantities in hex), parsed
// with zod where they enter, and turned into viem's UserOperation (bigints).
import * as z from 'zod'
import type { Address, Hex } from 'viem'
import type { UserOperation } from 'viem/account-abstraction'

const hex = z.string().regex(/^0x[0-9a-fA-F]*$/, 'a 0x hex string')
const quantity = z.string().regex(/^0x[0-9a-fA-F]{1,64}$/, 'a hex quantity')
const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'an address')

export const rpcUserOperationSchema = z.object({
  sender: address,
  nonce: quantity,
  factory: address.nullish(),
  factoryData: hex.nullish(),
  callData: hex,
  callGasLimit: quantity,
  verificationGasLimit: quantity,
  preVerificationGas: quantity,
  maxFeePerGas: quantity,
  maxPriorityFeePerGas: quantity,
  paymaster: address.nullish(),
  paymasterVerificationGasLimit: quantity.nullish(),
  paymasterPostOpGasLimit: quantity.nullish(),
  paymasterData: hex.nullish(),
  signature: hex
})
export type RpcUserOperation = z.infer<typeof rpcUserOperationSchema>

/** [userOperation, entryPoint]: eth_sendUserOperation's and eth_estimateUserOperationGas's params. */
export const userOperationParamsSchema = z.tuple([rpcUserOperationSchema, address]).rest(z.unknown())
export const hashParamsSchema = z.tuple([z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'a 32-byte hash')])

export function toUserOperation(op: RpcUserOperation): UserOperation<'0.7'> {
  return {
    sender: op.sender as Address,
    nonce: BigInt(op.nonce),
    ...(op.factory ? { factory: op.factory as Address, factoryData: (op.factoryData ?? '0x') as Hex } : {}),
    callData: op.callData as Hex,
    callGasLimit: BigInt(op.callGasLimit),
    verificationGasLimit: BigInt(op.verificationGasLimit),
    preVerificationGas: BigInt(op.preVerificationGas),
    maxFeePerGas: BigInt(op.maxFeePerGas),
    maxPriorityFeePerGas: BigInt(op.maxPriorityFeePerGas),
    ...(op.paymaster
      ? {
          paymaster: op.paymaster as Address,
          paymasterVerificationGasLimit: BigInt(op.paymasterVerificationGasLimit ?? '0x0'),
          paymasterPostOpGasLimit: BigInt(op.paymasterPostOpGasLimit ?? '0x0'),
          paymasterData: (op.paymasterData ?? '0x') as Hex
        }
      : {}),
    signature: op.signature as Hex
  }
}
