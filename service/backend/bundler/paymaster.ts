// The reference backend as an ERC-7677 paymaster service for the embedded wallet's smart accounts:
// it sponsors their user operations through the VerifyingPaymaster (the EntryPoint v0.7 sample of
// @account-abstraction/contracts 0.7.0), whose deposit at the EntryPoint pays for them, by signing
// each one with the paymaster signer's key:
//   pm_getPaymasterStubData  [userOperation, entryPoint, chainId, context] -> a signature-shaped
//                            stub, for gas estimation
//   pm_getPaymasterData      [userOperation, entryPoint, chainId, context] -> the signed data,
//                            valid for 10 minutes of the chain’s time
// It sponsors every user operation it is asked for: the route answers only the frame's own origin.
import {
  concat,
  encodeAbiParameters,
  getAddress,
  isAddressEqual,
  numberToHex,
  type Address,
  type Hex,
  type PrivateKeyAccount,
  type PublicClient
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { toPackedUserOperation, type UserOperation } from 'viem/account-abstraction'
import * as z from 'zod'
import { BUNDLER_ERRORS, BundlerError } from './bundler-error.js'
import { rpcUserOperationSchema, toUserOperation } from './user-operation.js'

/** How long a sponsorship's signature holds. */
export const SPONSORSHIP_MS = 10 * 60_000
/** What VerifyingPaymaster's validation costs (an ecrecover and the data's decoding); it has no postOp. */
export const PAYMASTER_VERIFICATION_GAS = 100_000n
export const PAYMASTER_POST_OP_GAS = 0n
/** A well-formed signature that recovers to no one: the stub's, for estimation only. */
const STUB_SIGNATURE: Hex = `0x${'ff'.repeat(32)}${'7a'.repeat(32)}1c`

const getHashAbi = [
  {
    type: 'function',
    name: 'getHash',
    stateMutability: 'view',
    inputs: [
      {
        name: 'userOp',
        type: 'tuple',
        components: [
          { name: 'sender', type: 'address' },
          { name: 'nonce', type: 'uint256' },
          { name: 'initCode', type: 'bytes' },
          { name: 'callData', type: 'bytes' },
          { name: 'accountGasLimits', type: 'bytes32' },
          { name: 'preVerificationGas', type: 'uint256' },
          { name: 'gasFees', type: 'bytes32' },
          { name: 'paymasterAndData', type: 'bytes' },
          { name: 'signature', type: 'bytes' }
        ]
      },
      { name: 'validUntil', type: 'uint48' },
      { name: 'validAfter', type: 'uint48' }
    ],
    outputs: [{ name: '', type: 'bytes32' }]
  }
] as const

const paramsSchema = z
  .tuple([rpcUserOperationSchema.partial({ signature: true }).passthrough(), z.string(), z.string()])
  .rest(z.unknown())

export interface PaymasterService {
  readonly address: Address
  readonly signer: Address
  handle(chainId: number, client: PublicClient, method: string, params: unknown): Promise<unknown>
}

export function createPaymasterService(options: {
  readonly paymaster: Address
  readonly entryPoint: Address
  readonly key: Hex
}): PaymasterService {
  const signer: PrivateKeyAccount = privateKeyToAccount(options.key)
  const paymaster = getAddress(options.paymaster)

  function parse(chainId: number, params: unknown): UserOperation<'0.7'> {
    const parsed = paramsSchema.safeParse(params)
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!
      throw new BundlerError(
        BUNDLER_ERRORS.invalidParams,
        `Invalid paymaster request: ${issue.path.join('.')}: ${issue.message}`
      )
    }
    const [operation, entryPoint, requestedChain] = parsed.data
    if (!isAddressEqual(entryPoint as Address, options.entryPoint)) {
      throw new BundlerError(BUNDLER_ERRORS.unsupportedEntryPoint, `Unsupported EntryPoint ${entryPoint}`)
    }
    if (Number(requestedChain) !== chainId) {
      throw new BundlerError(
        BUNDLER_ERRORS.invalidParams,
        `The request is for chain ${requestedChain}, this is ${chainId}`
      )
    }
    return toUserOperation({ ...operation, signature: operation.signature ?? '0x' })
  }

  const fields = (validUntil: number, validAfter: number, signature: Hex) =>
    concat([encodeAbiParameters([{ type: 'uint48' }, { type: 'uint48' }], [validUntil, validAfter]), signature])

  return {
    address: paymaster,
    signer: signer.address,
    async handle(chainId, client, method, params) {
      if (method !== 'pm_getPaymasterStubData' && method !== 'pm_getPaymasterData') {
        throw new BundlerError(BUNDLER_ERRORS.methodNotFound, `The bundler does not support ${method}`)
      }
      const operation = parse(chainId, params)
      // The EntryPoint compares the window with the block's time, so it is counted from the chain's clock.
      const latest = await client.getBlock({ blockTag: 'latest' })
      const validUntil = Number(latest.timestamp) + SPONSORSHIP_MS / 1000
      const validAfter = 0
      const gas = {
        paymasterVerificationGasLimit: numberToHex(PAYMASTER_VERIFICATION_GAS),
        paymasterPostOpGasLimit: numberToHex(PAYMASTER_POST_OP_GAS)
      }
      if (method === 'pm_getPaymasterStubData') {
        return { paymaster, paymasterData: fields(validUntil, validAfter, STUB_SIGNATURE), ...gas }
      }
      // The hash covers the operation with this paymaster and its gas limits, not the data itself.
      const sponsored = {
        ...operation,
        paymaster,
        paymasterVerificationGasLimit: PAYMASTER_VERIFICATION_GAS,
        paymasterPostOpGasLimit: PAYMASTER_POST_OP_GAS,
        paymasterData: fields(validUntil, validAfter, STUB_SIGNATURE)
      }
      const hash = await client.readContract({
        address: paymaster,
        abi: getHashAbi,
        functionName: 'getHash',
        args: [toPackedUserOperation(sponsored), validUntil, validAfter]
      })
      const signature = await signer.signMessage({ message: { raw: hash } })
      return { paymaster, paymasterData: fields(validUntil, validAfter, signature), ...gas }
    }
  }
}
