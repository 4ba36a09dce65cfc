// The reference backend as an ERC-4337 bundler for the embedded wallet's smart accounts (EntryPoint
// v0.7): the JSON-RPC methods a bundler client (viem's) calls, one chain at a time. A user
// operation is checked by simulating EntryPoint.handleOps with eth_call (the EntryPoint's own
// validation: signature, nonce, prefund, initCode), then sent in a handleOps transaction of its own
// from the bundler key, which the EntryPoint pays back from the account's deposit. Receipts are
// read from the EntryPoint's UserOperationEvent logs, so nothing is kept here.
//   eth_chainId, eth_supportedEntryPoints
//   eth_estimateUserOperationGas   [userOperation, entryPoint]
//   eth_sendUserOperation          [userOperation, entryPoint] -> the user operation's hash
//   eth_getUserOperationReceipt    [hash] -> the receipt, or null while it is not mined
//   pm_getPaymasterStubData, pm_getPaymasterData  the paymaster service's (paymaster.ts)
// Not a public bundler: no mempool, no reputation, no paymasters (no staking rules to apply), and
// no eth_getUserOperationByHash (viem's waitForUserOperationReceipt needs only the receipt).
import {
  BaseError,
  ContractFunctionRevertedError,
  encodeFunctionData,
  getAddress,
  isAddressEqual,
  numberToHex,
  type Address,
  type Hex,
  type PrivateKeyAccount,
  type PublicClient
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { entryPoint07Abi, getUserOperationHash, toPackedUserOperation } from 'viem/account-abstraction'
import { sendRawTransaction } from 'viem/actions'
import { BUNDLER_ERRORS, BundlerError } from './bundler-error.js'
import type { PaymasterService } from './paymaster.js'
import { hashParamsSchema, toUserOperation, userOperationParamsSchema } from './user-operation.js'
import { userOperationReceipt } from './user-operation-receipt.js'

export { BUNDLER_ERRORS, BundlerError }

/** What verification costs on these accounts (ECDSA, one storage nonce), and the account's deployment. */
const VERIFICATION_GAS = 150_000n
const DEPLOYMENT_GAS = 450_000n
/** Gas outside the account's calls: the EntryPoint's own bookkeeping and the calldata. */
const PRE_VERIFICATION_GAS = 60_000n
const DEFAULT_CALL_GAS = 300_000n

export interface BundlerChain {
  readonly chainId: number
  readonly client: PublicClient
}

export interface Bundler {
  readonly address: Address
  /** Answers one JSON-RPC call on `chainId`; throws a BundlerError for an error answer. */
  handle(chainId: number, method: string, params: unknown): Promise<unknown>
}

/** The EntryPoint's reason a simulated handleOps reverted ('AA24 signature error', ...). */
function revertReason(error: unknown): string {
  if (error instanceof BaseError) {
    const reverted = error.walk(cause => cause instanceof ContractFunctionRevertedError)
    if (reverted instanceof ContractFunctionRevertedError) {
      const args = reverted.data?.args ?? []
      const reason = args.find((arg): arg is string => typeof arg === 'string')
      if (reason) return reason
      if (reverted.reason) return reverted.reason
    }
    return error.shortMessage
  }
  return error instanceof Error ? error.message : String(error)
}

export function createBundler(options: {
  readonly chains: readonly BundlerChain[]
  readonly entryPoint: Address
  readonly key: Hex
  /** The ERC-7677 paymaster service (pm_* methods), when one sponsors user operations. */
  readonly paymaster?: PaymasterService
}): Bundler {
  const account: PrivateKeyAccount = privateKeyToAccount(options.key)
  const entryPoint = getAddress(options.entryPoint)
  /** One send at a time per chain: the bundler key's nonces stay in order. */
  const queues = new Map<number, Promise<unknown>>()

  function chainOf(chainId: number): BundlerChain {
    const chain = options.chains.find(candidate => candidate.chainId === chainId)
    if (!chain) throw new BundlerError(BUNDLER_ERRORS.invalidParams, `No chain ${chainId} here`)
    return chain
  }

  function parseOperation(params: unknown) {
    const parsed = userOperationParamsSchema.safeParse(params)
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!
      // [userOperation, entryPoint]: the operation's fields by name, the second param as entryPoint.
      const [first, ...rest] = issue.path
      const where = first === 1 ? 'entryPoint' : rest.join('.') || 'userOperation'
      throw new BundlerError(BUNDLER_ERRORS.invalidParams, `Invalid user operation: ${where}: ${issue.message}`)
    }
    const [operation, requested] = parsed.data
    if (!isAddressEqual(requested as Address, entryPoint)) {
      throw new BundlerError(BUNDLER_ERRORS.unsupportedEntryPoint, `Unsupported EntryPoint ${requested}`)
    }
    return toUserOperation(operation)
  }

  function handleOpsData(operation: ReturnType<typeof toUserOperation>): Hex {
    return encodeFunctionData({
      abi: entryPoint07Abi,
      functionName: 'handleOps',
      args: [[toPackedUserOperation(operation)], account.address]
    })
  }

  /** Runs handleOps as eth_call: the EntryPoint's answer before anything is sent. */
  async function simulate(chain: BundlerChain, operation: ReturnType<typeof toUserOperation>): Promise<void> {
    try {
      await chain.client.simulateContract({
        account: account.address,
        address: entryPoint,
        abi: entryPoint07Abi,
        functionName: 'handleOps',
        args: [[toPackedUserOperation(operation)], account.address]
      })
    } catch (error) {
      throw new BundlerError(BUNDLER_ERRORS.rejectedByEntryPoint, revertReason(error))
    }
  }

  async function send(chain: BundlerChain, data: Hex): Promise<Hex> {
    const previous = queues.get(chain.chainId) ?? Promise.resolve()
    const sending = previous
      .catch(() => undefined)
      .then(async () => {
        const [nonce, fees, gas] = await Promise.all([
          chain.client.getTransactionCount({ address: account.address, blockTag: 'pending' }),
          chain.client.estimateFeesPerGas(),
          chain.client.estimateGas({ account: account.address, to: entryPoint, data })
        ])
        const serializedTransaction = await account.signTransaction({
          chainId: chain.chainId,
          type: 'eip1559',
          to: entryPoint,
          data,
          nonce,
          gas: (gas * 12n) / 10n,
          maxFeePerGas: fees.maxFeePerGas,
          maxPriorityFeePerGas: fees.maxPriorityFeePerGas
        })
        return sendRawTransaction(chain.client, { serializedTransaction })
      })
    queues.set(chain.chainId, sending)
    return sending
  }

  return {
    address: account.address,
    async handle(chainId, method, params) {
      const chain = chainOf(chainId)
      if (method.startsWith('pm_') && options.paymaster)
        return options.paymaster.handle(chainId, chain.client, method, params)
      switch (method) {
        case 'eth_chainId':
          return numberToHex(chain.chainId)
        case 'eth_supportedEntryPoints':
          return [entryPoint]
        case 'eth_estimateUserOperationGas': {
          const operation = parseOperation(params)
          const deployed = Boolean(await chain.client.getCode({ address: operation.sender }))
          let callGasLimit = DEFAULT_CALL_GAS
          if (deployed) {
            const estimate = await chain.client
              .estimateGas({ account: entryPoint, to: operation.sender, data: operation.callData })
              .catch((error: unknown) => {
                throw new BundlerError(BUNDLER_ERRORS.rejectedByEntryPoint, `The call reverts: ${revertReason(error)}`)
              })
            callGasLimit = (estimate * 13n) / 10n + 10_000n
          }
          return {
            preVerificationGas: numberToHex(PRE_VERIFICATION_GAS),
            verificationGasLimit: numberToHex(VERIFICATION_GAS + (deployed ? 0n : DEPLOYMENT_GAS)),
            callGasLimit: numberToHex(callGasLimit)
          }
        }
        case 'eth_sendUserOperation': {
          const operation = parseOperation(params)
          await simulate(chain, operation)
          await send(chain, handleOpsData(operation))
          return getUserOperationHash({
            chainId: chain.chainId,
            entryPointAddress: entryPoint,
            entryPointVersion: '0.7',
            userOperation: operation
          })
        }
        case 'eth_getUserOperationReceipt':
          return userOperationReceipt(chain.client, entryPoint, parseHash(params)[0])
        default:
          throw new BundlerError(BUNDLER_ERRORS.methodNotFound, `The bundler does not support ${method}`)
      }
    }
  }
}

function parseHash(params: unknown): [Hex] {
  const parsed = hashParamsSchema.safeParse(params)
  if (!parsed.success) throw new BundlerError(BUNDLER_ERRORS.invalidParams, 'Expected [userOpHash]')
  return [parsed.data[0] as Hex]
}
