// Starts the wallet frame (service/frame/README.md, "The frame page"): reads `?hostOrigin=&projectId=`,
// loads the project's allowed origins from the backend, draws the approval UI, and serves the host
// page. What stops it (not embedded, an unknown project, a host the project does not allow) is
// shown in the page as text and logged.
import { isOrigin } from '../../src/frame/host-origin.js'
import { ApprovalView, type ApprovalViewOptions } from './approval.js'
import { createBackend, type Backend } from './backend.js'
import { createHandlers } from './handlers.js'
import { PARENT_NOT_SET, serveHost } from './host-channel.js'
import { openSession, type FrameSession } from './session.js'
import { Wallet } from './wallet.js'

export const NO_HOST = 'This wallet runs inside an app: open the app to use it.'

export interface FrameStartOptions extends ApprovalViewOptions {
  /** The frame's query string (location.search). */
  readonly search: string
  /** Where the UI goes. */
  readonly root: HTMLElement
  readonly backend?: Backend
  readonly session?: FrameSession
  readonly reload?: () => void
  /** The frame's own window (its parent is the host page). */
  readonly self?: Window
}

export interface StartedFrame {
  readonly approvals: ApprovalView
  readonly wallet: Wallet
  stop(): void
}

/** Shows why the frame cannot serve (as text) and logs it. */
function showProblem(root: HTMLElement, message: string): void {
  const problem = root.ownerDocument.createElement('p')
  problem.className = 'frame-problem'
  problem.setAttribute('role', 'alert')
  problem.textContent = message
  root.append(problem)
  console.error(`[frame] ${message}`)
}

/** Starts serving the host; undefined (the reason shown in the page) when the frame cannot. */
export async function startFrame(options: FrameStartOptions): Promise<StartedFrame | undefined> {
  const query = new URLSearchParams(options.search)
  const hostOrigin = query.get('hostOrigin') ?? ''
  const projectId = query.get('projectId') ?? ''
  const approvals = new ApprovalView(options.root, options)
  if (!isOrigin(hostOrigin) || !projectId) {
    showProblem(options.root, NO_HOST)
    return undefined
  }
  approvals.setOrigin(hostOrigin)
  const backend = options.backend ?? createBackend({ hostOrigin })
  const session = options.session ?? openSession(hostOrigin)
  const wallet = new Wallet(backend, session)
  try {
    const { allowedOrigins } = await backend.project(projectId)
    const handlers = createHandlers({
      projectId,
      hostOrigin,
      backend,
      session,
      wallet,
      approvals,
      themeRoot: options.root.ownerDocument.documentElement,
      reload: options.reload ?? (() => location.reload())
    })
    const stop = serveHost({ hostOrigin, allowedOrigins, handlers, ...(options.self ? { self: options.self } : {}) })
    return {
      approvals,
      wallet,
      stop() {
        stop()
        approvals.dispose()
      }
    }
  } catch (error) {
    const message = error instanceof Error && error.message ? error.message : 'The wallet could not start'
    showProblem(options.root, message === PARENT_NOT_SET ? NO_HOST : message)
    return undefined
  }
}
