// The heavy half of service/frame/smart-wallet.ts, loaded on the first smart-account operation (viem's
// account abstraction and the account's own code stay out of the frame's first load): the chain's
// client through the backend, the bundler client (with the backend's paymaster) and each owner
// key's account on a chain.
import { createClient, custom, defineChain, type Address, type Hex, type LocalAccount } from 'viem'
import { createBundlerClient, type UserOperationReceipt } from 'viem/account-abstraction'
import { getCode } from 'viem/actions'
import type { Backend, SmartAccountSetup } from './backend.js'
import { appKitSmartAccount } from './smart-account.js'
import type { ChainForward, SmartCall } from './smart-wallet.js'

/** How often a user operation's receipt is asked for, and for how long at most. */
const RECEIPT_POLL_MS = 250
const RECEIPT_TIMEOUT_MS = 120_000

export function createSmartOperations(options: {
  readonly backend: Pick<Backend, 'bundler'>
  readonly forward: ChainForward
  readonly setup: SmartAccountSetup
}) {
  const { backend, forward, setup } = options
  const accounts = new Map<string, ReturnType<typeof appKitSmartAccount>>()
  let nextId = 1

  function chainClient(chainId: number) {
    const chain = defineChain({
      id: chainId,
      name: `eip155:${chainId}`,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [] } }
    })
    const transport = custom(
      {
        request: ({ method, params }: { method: string; params?: unknown }) =>
          forward(method, Array.isArray(params) ? params : [], chainId)
      },
      { retryCount: 0 }
    )
    return createClient({ chain, transport })
  }

  function bundlerClient(chainId: number) {
    return createBundlerClient({
      client: chainClient(chainId),
      paymaster: true,
      pollingInterval: RECEIPT_POLL_MS,
      transport: custom(
        {
          async request({ method, params }: { method: string; params?: unknown }) {
            const answer = (await backend.bundler(`eip155:${chainId}`, {
              jsonrpc: '2.0',
              id: nextId++,
              method,
              params: params ?? []
            })) as { result?: unknown; error?: { message?: string; code?: number; data?: unknown } } | null
            if (answer?.error) {
              const error = new Error(answer.error.message ?? `The bundler refused ${method}`) as Error & {
                code?: number
                data?: unknown
              }
              error.code = answer.error.code
              error.data = answer.error.data
              throw error
            }
            return answer?.result ?? null
          }
        },
        { retryCount: 0 }
      )
    })
  }

  /** `owner`'s account on `chainId` (one per owner and chain; a failed build is tried again next time). */
  function account(owner: LocalAccount, chainId: number) {
    const key = `${owner.address}:${chainId}`
    let found = accounts.get(key)
    if (!found) {
      found = appKitSmartAccount({
        client: chainClient(chainId) as never,
        owner,
        contracts: { entryPoint: setup.entryPoint as Address, factory: setup.factory as Address }
      })
      accounts.set(key, found)
      found.catch(() => accounts.delete(key))
    }
    return found
  }

  return {
    account,
    async isDeployed(owner: LocalAccount, chainId: number): Promise<boolean> {
      const smart = await account(owner, chainId)
      const code = await getCode(chainClient(chainId), { address: smart.address })
      return code !== undefined && code !== '0x'
    },
    async send(owner: LocalAccount, chainId: number, calls: readonly SmartCall[]): Promise<Hex> {
      return bundlerClient(chainId).sendUserOperation({
        account: await account(owner, chainId),
        calls: calls.map(call => ({ to: call.to, value: call.value ?? 0n, data: call.data ?? '0x' }))
      })
    },
    /** A user operation whose calls the page encoded itself (eth_sendUserOperation's callData); the rest is filled here. */
    async sendCallData(owner: LocalAccount, chainId: number, callData: Hex): Promise<Hex> {
      return bundlerClient(chainId).sendUserOperation({ account: await account(owner, chainId), callData })
    },
    waitForReceipt(chainId: number, hash: Hex): Promise<UserOperationReceipt> {
      return bundlerClient(chainId).waitForUserOperationReceipt({ hash, timeout: RECEIPT_TIMEOUT_MS })
    },
    async receipt(chainId: number, hash: Hex): Promise<UserOperationReceipt | null> {
      try {
        return await bundlerClient(chainId).getUserOperationReceipt({ hash })
      } catch (error) {
        if (error instanceof Error && error.name === 'UserOperationReceiptNotFoundError') return null
        throw error
      }
    }
  }
}

export type SmartOperations = ReturnType<typeof createSmartOperations>
