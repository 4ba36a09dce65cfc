// The frame's RPC (service/frame/rpc.ts) wired to stand-ins, for the RPC tests: a keyring from known keys,
// a fake chain behind the backend's rpc route, and an approve function the test controls.
import type { ApprovalRequest } from '../../../service/frame/approval-request.js'
import { Keyring } from '../../../service/frame/keys.js'
import { createRpc, type RpcRequest } from '../../../service/frame/rpc.js'
import type { Account } from '../../../service/frame/wallet.js'
import { FakeChain } from './fake-chain.js'
import { HARDHAT_KEY, SOLANA_SEED } from './known-keys.js'

export interface RpcSetup {
  readonly keyring: Keyring
  readonly chain: FakeChain
  /** What went to the backend's rpc route: the CAIP-2 chain and the JSON-RPC request. */
  readonly forwarded: Array<{ chainId: string; request: { method: string; params: unknown } }>
  /** What the visitor was asked, in order. */
  readonly asked: ApprovalRequest[]
  /** Every answer, to check that none holds a key. */
  readonly answers: unknown[]
  call(method: string, params?: unknown): Promise<unknown>
  signOut(): void
}

export interface RpcSetupOptions {
  readonly chainId?: number
  /** The visitor's decision; default: approve at once. */
  readonly approve?: (request: ApprovalRequest) => Promise<void>
  readonly limit?: number
  /** How long an approval waits for the chain's reads of the contracts it calls. */
  readonly contractReadTimeoutMs?: number
  /** Whether the app turned smart sessions on (syncDappData); default off. */
  readonly smartSessions?: boolean
}

export function rpcSetup(options: RpcSetupOptions = {}): RpcSetup {
  const keyring = new Keyring([
    { namespace: 'eip155', privateKey: HARDHAT_KEY },
    { namespace: 'solana', privateKey: SOLANA_SEED }
  ])
  const account: Account = { email: 'visitor@example.com', keyring }
  const chain = new FakeChain(options.chainId ?? 31337)
  const forwarded: RpcSetup['forwarded'] = []
  const asked: ApprovalRequest[] = []
  const answers: unknown[] = []
  let signedIn = true
  const rpc = createRpc({
    account: async () => account,
    isCurrent: () => signedIn,
    chainId: () => chain.chainId,
    backend: {
      rpc: async (chainId, request) => {
        forwarded.push({ chainId, request: request as { method: string; params: unknown } })
        return chain.answer(request as { method: string; params: unknown })
      }
    },
    approve: async request => {
      asked.push(request)
      if (options.approve) await options.approve(request)
    },
    ...(options.limit === undefined ? {} : { limit: options.limit }),
    ...(options.contractReadTimeoutMs === undefined ? {} : { contractReadTimeoutMs: options.contractReadTimeoutMs }),
    smartSessions: () => options.smartSessions === true
  })
  return {
    keyring,
    chain,
    forwarded,
    asked,
    answers,
    async call(method, params) {
      const answer = await rpc({ method, params } as RpcRequest)
      answers.push(answer)
      return answer
    },
    signOut: () => void (signedIn = false)
  }
}
