// The embedded wallet's smart accounts as the frame uses them (docs/behaviour.md sections 3 and 4): where the
// backend offers them (GET /frame-api/smart-accounts: its EntryPoint, the account factory and the
// chains with both), each owner key's account on a chain (service/frame/smart-account.ts), whether it is
// deployed, and what it does: calls sent as one user operation through the backend's bundler,
// sponsored by its paymaster (ERC-7677), so the account needs no ETH; the first one deploys it;
// messages and typed data signed for ERC-1271 once the account is deployed (a verifier can then
// check them with isValidSignature alone, as the kit's sign-in does). The operations themselves
// (viem's account abstraction) are service/frame/smart-operations.ts, loaded on first use.
import type { Address, Hex, LocalAccount, TypedDataDefinition } from 'viem'
import type { UserOperationReceipt } from 'viem/account-abstraction'
import type { Backend, SmartAccountSetup } from './backend.js'
import type { SmartOperations } from './smart-operations.js'

export const SMART_ACCOUNT_UNAVAILABLE = (chainId: number) => `The smart account is not available on chain ${chainId}`

/** A JSON-RPC call to a chain through the backend (service/frame/rpc.ts's Forward). */
export type ChainForward = (method: string, params: readonly unknown[], chainId: number) => Promise<unknown>

export interface SmartCall {
  readonly to: Address
  readonly value?: bigint
  readonly data?: Hex
}

export interface SmartWallet {
  /** The chains where the backend runs smart accounts (asked once; a failure is asked again next time). */
  enabledNetworks(): Promise<number[]>
  isEnabled(chainId: number): Promise<boolean>
  /** `owner`'s smart account address on `chainId` (known before it is deployed). */
  address(owner: LocalAccount, chainId: number): Promise<Address>
  isDeployed(owner: LocalAccount, chainId: number): Promise<boolean>
  /** Deploys `owner`'s account on `chainId` when it is not yet (a sponsored user operation with no call). */
  deploy(owner: LocalAccount, chainId: number): Promise<void>
  /** Sends `calls` as one user operation; resolves with its hash once the bundler took it. */
  send(owner: LocalAccount, chainId: number, calls: readonly SmartCall[]): Promise<Hex>
  /** Sends a user operation with the page's own `callData` (its nonce, gas, paymaster and signature filled here). */
  sendCallData(owner: LocalAccount, chainId: number, callData: Hex): Promise<Hex>
  /** The EntryPoint the backend's smart accounts use. */
  entryPoint(): Promise<Address>
  /** The user operation's receipt: null while it is not mined. */
  receipt(chainId: number, hash: Hex): Promise<UserOperationReceipt | null>
  /** Waits for the user operation's receipt. */
  waitForReceipt(chainId: number, hash: Hex): Promise<UserOperationReceipt>
  signMessage(owner: LocalAccount, chainId: number, message: { raw: Uint8Array }): Promise<Hex>
  signTypedData(owner: LocalAccount, chainId: number, typedData: TypedDataDefinition): Promise<Hex>
}

/** The smart account the page uses now (its preferred type is smartAccount and the chain has one). */
export interface ActiveSmartAccount {
  readonly address: Address
  readonly chainId: number
  readonly wallet: SmartWallet
  /** The EntryPoint it runs on (what eth_sendUserOperation must name). */
  readonly entryPoint: Address
}

export function createSmartWallet(options: {
  readonly backend: Pick<Backend, 'smartAccounts' | 'bundler'>
  readonly forward: ChainForward
}): SmartWallet {
  const { backend, forward } = options
  let setup: Promise<SmartAccountSetup> | undefined
  let operations: Promise<SmartOperations> | undefined

  /** Asked once; a failure is asked again next time. */
  function loadSetup(): Promise<SmartAccountSetup> {
    if (!setup) {
      const asked = backend.smartAccounts()
      setup = asked
      asked.catch(() => {
        if (setup === asked) setup = undefined
      })
    }
    return setup
  }

  async function isEnabled(chainId: number): Promise<boolean> {
    return (await loadSetup()).chainIds.includes(chainId)
  }

  /** The operations on `chainId`, once the backend said it has smart accounts there. */
  async function on(chainId: number): Promise<SmartOperations> {
    if (!(await isEnabled(chainId))) throw new Error(SMART_ACCOUNT_UNAVAILABLE(chainId))
    if (!operations) {
      const loading = Promise.all([import('./smart-operations.js'), loadSetup()]).then(([module, loaded]) =>
        module.createSmartOperations({ backend, forward, setup: loaded })
      )
      operations = loading
      loading.catch(() => {
        if (operations === loading) operations = undefined
      })
    }
    return operations
  }

  async function deploy(owner: LocalAccount, chainId: number): Promise<void> {
    const ops = await on(chainId)
    if (await ops.isDeployed(owner, chainId)) return
    const receipt = await ops.waitForReceipt(chainId, await ops.send(owner, chainId, []))
    if (!receipt.success) throw new Error(`The smart account was not deployed on chain ${chainId}`)
  }

  return {
    async enabledNetworks() {
      return [...(await loadSetup()).chainIds]
    },
    isEnabled,
    address: async (owner, chainId) => (await (await on(chainId)).account(owner, chainId)).address,
    isDeployed: async (owner, chainId) => (await on(chainId)).isDeployed(owner, chainId),
    deploy,
    send: async (owner, chainId, calls) => (await on(chainId)).send(owner, chainId, calls),
    sendCallData: async (owner, chainId, callData) => (await on(chainId)).sendCallData(owner, chainId, callData),
    entryPoint: async () => (await loadSetup()).entryPoint as Address,
    receipt: async (chainId, hash) => (await on(chainId)).receipt(chainId, hash),
    waitForReceipt: async (chainId, hash) => (await on(chainId)).waitForReceipt(chainId, hash),
    async signMessage(owner, chainId, message) {
      await deploy(owner, chainId)
      return (await (await on(chainId)).account(owner, chainId)).signMessage({ message })
    },
    async signTypedData(owner, chainId, typedData) {
      await deploy(owner, chainId)
      return (await (await on(chainId)).account(owner, chainId)).signTypedData(typedData)
    }
  }
}
