// The frame's own handlers (service/frame/handlers.ts) over its real backend client (service/frame/backend.ts),
// logged in by e-mail through the reference backend (maildev), the visitor approving everything:
// what the frame's end-to-end tests below the page share. frameHandlers over the same storage again
// is the frame reloaded (its session token kept, its keys in memory gone).
import { getAddress, type Address } from 'viem'
import type { ApprovalRequest } from '../../service/frame/approval-request.js'
import { createBackend } from '../../service/frame/backend.js'
import { createHandlers } from '../../service/frame/handlers.js'
import { memoryStorage, openSession, type SessionStorage } from '../../service/frame/session.js'
import { Wallet } from '../../service/frame/wallet.js'
import type { FrameMethod, FrameParams, FrameResult } from '../../src/frame/messages.js'
import { HOST_PAGE, PROJECT_ID, uniqueEmail, type EmbeddedStack } from './embedded-stack.js'

export interface FrameHandlers {
  call<M extends FrameMethod>(method: M, params: FrameParams<M>): Promise<FrameResult<M>>
  rpc(method: string, params?: unknown): Promise<unknown>
}

export interface TestFrame extends FrameHandlers {
  /** The EOA (the owner key's address). */
  owner: Address
  /** The session's token, as the frame keeps it. */
  token: string
}

/**
 * The frame's handlers on `chainId` over the backend whose frame origin is `frameUrl`, keeping its
 * session in `storage` (a new call with the same storage is the frame reloaded); the visitor
 * approves everything, each approval kept in `asked` when given.
 */
export function frameHandlers(
  frameUrl: string,
  chainId: number,
  storage: SessionStorage = memoryStorage(),
  asked?: ApprovalRequest[]
): FrameHandlers {
  const backend = createBackend({
    hostOrigin: HOST_PAGE,
    base: frameUrl,
    fetch: (input, init) =>
      fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), Origin: frameUrl } })
  })
  const session = openSession(HOST_PAGE, storage)
  session.setLastChainId(chainId)
  const handlers = createHandlers({
    projectId: PROJECT_ID,
    hostOrigin: HOST_PAGE,
    backend,
    session,
    wallet: new Wallet(backend, session),
    approvals: {
      ask: async request => void asked?.push(request),
      setApp: () => undefined,
      rejectAll: () => undefined
    },
    themeRoot: { dataset: {}, style: { setProperty: () => undefined, removeProperty: () => '' } },
    reload: () => undefined
  })
  const call = async <M extends FrameMethod>(method: M, params: FrameParams<M>) =>
    (handlers[method] as (params: FrameParams<M>) => Promise<FrameResult<M>>)(params)
  return { call, rpc: (method, params) => call('rpcRequest', { method, params }) }
}

/** A frame on `chainId` whose visitor approves everything, logged in by e-mail as a new `label` account. */
export async function loggedInFrame(
  stack: Pick<EmbeddedStack, 'inbox'> & { server: { frameUrl: string } },
  chainId: number,
  label: string,
  /** Where each approval the visitor is shown is kept, when given. */
  asked?: ApprovalRequest[],
  /** The frame's storage (its session token); a fresh one by default. */
  storage: SessionStorage = memoryStorage()
): Promise<TestFrame> {
  const { call, rpc } = frameHandlers(stack.server.frameUrl, chainId, storage, asked)
  const session = openSession(HOST_PAGE, storage)
  const email = uniqueEmail(label)
  const started = await call('connectEmail', { email })
  if (started.action !== 'VERIFY_OTP')
    throw new Error(`a new account is asked for its login code, not ${started.action}`)
  await call('connectOtp', { otp: await stack.inbox.waitForCode(email) })
  const eoa = await call('getUser', { chainId, preferredAccountType: 'eoa' })
  return {
    call,
    rpc,
    owner: getAddress(eoa.address),
    token: session.token() ?? ''
  }
}
