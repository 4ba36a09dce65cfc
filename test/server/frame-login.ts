// The frame's own handlers (service/frame/handlers.ts) over its real backend client (service/frame/backend.ts),
// logged in by e-mail through the reference backend (maildev), the visitor approving everything:
// what the frame's end-to-end tests below the page share.
import { getAddress, type Address } from 'viem'
import type { ApprovalRequest } from '../../service/frame/approval-request.js'
import { createBackend } from '../../service/frame/backend.js'
import { createHandlers } from '../../service/frame/handlers.js'
import { memoryStorage, openSession } from '../../service/frame/session.js'
import { Wallet } from '../../service/frame/wallet.js'
import type { FrameMethod, FrameParams, FrameResult } from '../../src/frame/messages.js'
import { HOST_PAGE, PROJECT_ID, uniqueEmail, type EmbeddedStack } from './embedded-stack.js'

export interface TestFrame {
  call<M extends FrameMethod>(method: M, params: FrameParams<M>): Promise<FrameResult<M>>
  rpc(method: string, params?: unknown): Promise<unknown>
  /** The EOA (the owner key's address). */
  owner: Address
  /** The session's token, as the frame keeps it. */
  token: string
}

/** A frame on `chainId` whose visitor approves everything, logged in by e-mail as a new `label` account. */
export async function loggedInFrame(
  stack: EmbeddedStack,
  chainId: number,
  label: string,
  /** Where each approval the visitor is shown is kept, when given. */
  asked?: ApprovalRequest[]
): Promise<TestFrame> {
  const frameUrl = stack.server.frameUrl
  const backend = createBackend({
    hostOrigin: HOST_PAGE,
    base: frameUrl,
    fetch: (input, init) =>
      fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), Origin: frameUrl } })
  })
  const session = openSession(HOST_PAGE, memoryStorage())
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
  const email = uniqueEmail(label)
  const started = await call('connectEmail', { email })
  if (started.action !== 'VERIFY_OTP')
    throw new Error(`a new account is asked for its login code, not ${started.action}`)
  await call('connectOtp', { otp: await stack.inbox.waitForCode(email) })
  const eoa = await call('getUser', { chainId, preferredAccountType: 'eoa' })
  return {
    call,
    rpc: (method, params) => call('rpcRequest', { method, params }),
    owner: getAddress(eoa.address),
    token: session.token() ?? ''
  }
}
