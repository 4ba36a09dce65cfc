// The page's handle on the secure frame: the iframe (frame-window.ts) and the channel to it
// (src/frame/frame-channel.ts). An RPC call that the visitor must approve shows the frame while it
// is pending; the frame draws the approval and only its own buttons answer it. An answer 'Session
// Expired' (the frame's backend ended the login) is told to the kit and to the connectors. Knows
// no store.
import { FrameChannel, type FrameChannelOptions, type FrameProblem } from '../../frame/frame-channel.js'
import type { FrameMethod, FrameParams, FrameResult } from '../../frame/messages.js'
import {
  FRAME_SESSION_EXPIRED,
  needsApproval,
  PERMISSION_METHODS,
  RPC_NOT_ALLOWED,
  RPC_USER_REJECTED,
  SMART_SESSIONS_OFF
} from '../../frame/rpc-methods.js'
import { USER_REJECTED_CODE } from '../../errors/visitor-message.js'
import { rpcOrigins } from './app-networks.js'
import { createFrameWindow, frameAddress, type FrameWindow } from './frame-window.js'

export interface AuthClientOptions {
  /** The frame page's URL (its own origin). */
  readonly frameUrl: string
  readonly projectId: string
  /** The accessible name of the frame and its dialog. */
  readonly title: string
  readonly onProblem?: (problem: FrameProblem) => void
  /** The frame's login ended on its backend (expired, or signed out elsewhere) while in use. */
  readonly onSessionExpired?: () => void
  readonly timeouts?: FrameChannelOptions['timeouts']
  /**
   * The app's data (syncDappData: metadata, its networks and their RPC URLs, its default network),
   * sent as soon as the frame is ready and before any other request, so that the frame starts on
   * the app's default network and knows the app's RPC URLs before the first call.
   */
  readonly appData?: FrameParams<'syncDappData'>
}

/** EIP-1193: the method is not supported (here: not allowed through the embedded wallet). */
const UNSUPPORTED_METHOD_CODE = 4200

/** A wallet RPC error from the frame, with the EIP-1193 code its text means. */
export class FrameRpcError extends Error {
  override readonly name = 'FrameRpcError'
  constructor(
    message: string,
    readonly code: number | undefined
  ) {
    super(message)
  }
}

function rpcError(error: unknown): unknown {
  if (!(error instanceof Error)) return error
  if (error.message === RPC_USER_REJECTED) return new FrameRpcError(error.message, USER_REJECTED_CODE)
  if (error.message === RPC_NOT_ALLOWED) return new FrameRpcError(error.message, UNSUPPORTED_METHOD_CODE)
  return error
}

export class AuthClient {
  readonly frameOrigin: string
  readonly #window: FrameWindow
  readonly #channel: FrameChannel
  readonly #onSessionExpired: (() => void) | undefined
  readonly #sessionEnded = new Set<() => void>()
  readonly #appData: FrameParams<'syncDappData'> | undefined
  /** The app's data on its way or taken: every request waits for it (#sendAppData). */
  #appDataSent: Promise<void> | undefined
  readonly #smartSessions: boolean
  #approvals = 0

  constructor(options: AuthClientOptions) {
    this.frameOrigin = new URL(options.frameUrl).origin
    this.#onSessionExpired = options.onSessionExpired
    this.#smartSessions = options.appData?.smartSessions === true
    const origins = rpcOrigins(options.appData?.networks ?? [])
    const address = frameAddress(options.frameUrl, options.projectId, origins)
    this.#window = createFrameWindow(address, options.title)
    const iframe = this.#window.iframe
    this.#channel = new FrameChannel({
      frameOrigin: this.frameOrigin,
      target: () => iframe.contentWindow,
      // Setting the address again loads the page again (after a load failure).
      reload: () => (iframe.src = address),
      ...(options.onProblem ? { onProblem: options.onProblem } : {}),
      ...(options.timeouts ? { timeouts: options.timeouts } : {})
    })
    this.#appData = options.appData
    // Sent as soon as the frame is ready; a failure is the requests' to report.
    this.#sendAppData().catch(() => undefined)
  }

  /**
   * The app's data, sent once before any other request. A frame that did not load fails the
   * requests waiting behind it (the visitor sees why, and may try again: the next request loads the
   * frame again and sends the data again); a frame that answers it with an error is only warned about.
   */
  #sendAppData(): Promise<void> {
    if (!this.#appData) return Promise.resolve()
    const sent = (this.#appDataSent ??= this.#channel.request('syncDappData', this.#appData).then(
      () => undefined,
      (error: unknown) => {
        if (this.#channel.state === 'not-ready') {
          if (this.#appDataSent === sent) this.#appDataSent = undefined
          throw error
        }
        console.warn('[appkit] The embedded wallet did not take the app data:', error)
      }
    ))
    return sent
  }

  get state() {
    return this.#channel.state
  }

  get frame(): FrameWindow {
    return this.#window
  }

  whenReady(): Promise<void> {
    return this.#channel.whenReady()
  }

  async request<M extends FrameMethod>(method: M, params: FrameParams<M>): Promise<FrameResult<M>> {
    try {
      await this.#sendAppData()
      return await this.#channel.request(method, params)
    } catch (error) {
      this.#noticeSessionEnd(error)
      throw error
    }
  }

  /** Follows the end of the frame's login on its backend; returns the function that stops following. */
  onSessionEnded(listener: () => void): () => void {
    this.#sessionEnded.add(listener)
    return () => this.#sessionEnded.delete(listener)
  }

  /** An answer 'Session Expired': the login is over, for the kit and for every namespace's connection. */
  #noticeSessionEnd(error: unknown): void {
    if (!(error instanceof Error) || error.message !== FRAME_SESSION_EXPIRED) return
    this.#onSessionExpired?.()
    for (const listener of [...this.#sessionEnded]) listener()
  }

  /**
   * A wallet RPC call through the frame. One the visitor must approve shows the frame until it is
   * answered (approved, rejected or aborted).
   */
  async rpc(method: string, params?: unknown, chainNamespace: 'eip155' | 'solana' = 'eip155'): Promise<unknown> {
    // Smart sessions only when the app turned them on: refused here, before the frame shows (the frame refuses them too).
    if (PERMISSION_METHODS.includes(method) && !this.#smartSessions) throw new Error(SMART_SESSIONS_OFF)
    const approval = needsApproval(method)
    if (approval) {
      this.#approvals += 1
      this.#window.show()
    }
    try {
      await this.#sendAppData()
      return await this.#channel.request('rpcRequest', { method, params, chainNamespace })
    } catch (error) {
      this.#noticeSessionEnd(error)
      // A rejection in the frame is a rejection in the wallet (4001): 'Transaction declined'.
      throw rpcError(error)
    } finally {
      if (approval) {
        this.#approvals -= 1
        if (this.#approvals === 0) this.#window.hide()
      }
    }
  }

  /** Takes the frame out of the page and aborts whatever waits. */
  close(): void {
    this.#channel.close()
    this.#window.remove()
  }
}
