// The page's side of the secure frame's channel (docs/behaviour.md sections 4, 7, 8 and 9): requests with a
// random id paired with their response, posted only to the frame's origin; messages accepted only
// from the frame's window on the frame's origin, and dropped (logged) when malformed. It knows no
// store: what goes wrong is reported through `onProblem` (iframe_load_failed,
// iframe_request_timeout), for the actions to turn into alerts and events.
import {
  FRAME_CONNECT_TIMEOUT_MS,
  FRAME_LOAD_TIMEOUT_MS,
  FRAME_READY_DELAY_MS,
  FRAME_SIGN_OUT_WAIT_MS
} from '../config/constants.js'
import {
  FrameError,
  frameRequest,
  parseFrameMessage,
  parseFrameResult,
  type FrameMethod,
  type FrameParams,
  type FrameResult
} from './messages.js'

export type FrameState = 'not-ready' | 'ready' | 'initialized'
export type FrameProblem = 'iframe_load_failed' | 'iframe_request_timeout'

export { FrameError }

export const FRAME_ERROR_DEFAULT = 'An error occurred'
export const FRAME_ABORTED = 'Something went wrong'
export const FRAME_RPC_ABORTED = 'Request was aborted'
export const FRAME_NOT_SET = 'W3mFrame: iframe is not set'

/** Requests waiting for the visitor (connect, codes, social, Farcaster) time out at 30 s. */
const TIMED_METHODS: ReadonlySet<FrameMethod> = new Set([
  'connectEmail',
  'connectDevice',
  'connectOtp',
  'connectSocial',
  'getFarcasterUri',
  'connectFarcaster',
  'updateEmail',
  'updateEmailPrimaryOtp',
  'updateEmailSecondaryOtp'
])

export interface FrameChannelOptions {
  /** The frame's origin: the only one posted to and listened to. */
  readonly frameOrigin: string
  /** The frame's window (iframe.contentWindow); null while there is no iframe. */
  readonly target: () => Window | null
  /** Where the frame's messages arrive (the page's window). */
  readonly host?: Window
  readonly onProblem?: (problem: FrameProblem) => void
  readonly onStateChange?: (state: FrameState) => void
  /**
   * Loads the frame's page again. Called by the first request after a load failure, which then
   * waits for ready under a new load timeout (a frame that failed to load does not load by itself).
   */
  readonly reload?: () => void
  readonly timeouts?: Partial<{ load: number; request: number; signOut: number; readyDelay: number }>
}

interface Pending {
  readonly method: FrameMethod
  readonly resolve: (value: unknown) => void
  readonly reject: (error: Error) => void
  readonly timer: ReturnType<typeof setTimeout> | undefined
}

export class FrameChannel {
  #state: FrameState = 'not-ready'
  readonly #pending = new Map<string, Pending>()
  readonly #options: FrameChannelOptions
  readonly #host: Window
  readonly #timeouts: { load: number; request: number; signOut: number; readyDelay: number }
  #ready: { promise: Promise<void>; resolve: () => void; reject: (error: Error) => void }
  #loadTimer: ReturnType<typeof setTimeout> | undefined
  /** The frame did not say ready within the load timeout, and no request asked for it again since. */
  #needsReload = false
  readonly #listener = (event: MessageEvent): void => this.#receive(event)

  constructor(options: FrameChannelOptions) {
    this.#options = options
    this.#host = options.host ?? window
    this.#timeouts = {
      load: FRAME_LOAD_TIMEOUT_MS,
      request: FRAME_CONNECT_TIMEOUT_MS,
      signOut: FRAME_SIGN_OUT_WAIT_MS,
      readyDelay: FRAME_READY_DELAY_MS,
      ...options.timeouts
    }
    this.#ready = deferred()
    this.#host.addEventListener('message', this.#listener)
    // The frame has 20 s to say it is ready.
    this.#loadTimer = setTimeout(() => this.#loadFailed(), this.#timeouts.load)
  }

  get state(): FrameState {
    return this.#state
  }

  /** Resolves once the frame said it is ready; rejects when it did not within the load timeout. */
  whenReady(): Promise<void> {
    return this.#ready.promise
  }

  /**
   * Asks the frame; resolves with its result (checked against the method's schema), rejects with
   * a FrameError carrying the frame's message ('An error occurred' when it gave none). Connect,
   * code and social requests time out at 30 s, which aborts every pending request; sign-out waits
   * at most 3 s, then resolves as done.
   */
  async request<M extends FrameMethod>(method: M, params: FrameParams<M>): Promise<FrameResult<M>> {
    if (this.#needsReload) this.#loadAgain()
    await this.#ready.promise
    const target = this.#options.target()
    if (!target) throw new FrameError(FRAME_NOT_SET)
    const message = frameRequest(method, params)
    const answer = new Promise<unknown>((resolve, reject) => {
      const timer =
        method === 'signOut'
          ? setTimeout(() => this.#settle(message.id, { ok: true, result: {} }), this.#timeouts.signOut)
          : TIMED_METHODS.has(method)
            ? setTimeout(() => this.#timedOut(), this.#timeouts.request)
            : undefined
      this.#pending.set(message.id, { method, resolve, reject, timer })
    })
    target.postMessage(message, this.#options.frameOrigin)
    return parseFrameResult(method, await answer)
  }

  /** Stops listening and aborts whatever waits. */
  close(): void {
    clearTimeout(this.#loadTimer)
    this.#host.removeEventListener('message', this.#listener)
    this.#abortAll()
  }

  #receive(event: MessageEvent): void {
    // Only the frame's own window, on the frame's origin.
    if (event.origin !== this.#options.frameOrigin) return
    const target = this.#options.target()
    if (!target || event.source !== target) return
    const message = parseFrameMessage(event.data)
    if (!message) {
      console.warn('[appkit] A malformed message from the wallet frame was dropped:', event.data)
      return
    }
    if (message.kind === 'event') {
      if (message.event === 'ready') this.#markReady()
      return
    }
    this.#settle(message.id, message.ok ? { ok: true, result: message.result } : { ok: false, error: message.error })
  }

  #markReady(): void {
    if (this.#state !== 'not-ready') return
    clearTimeout(this.#loadTimer)
    this.#needsReload = false
    this.#setState('ready')
    this.#ready.resolve()
    setTimeout(() => {
      if (this.#state === 'ready') this.#setState('initialized')
    }, this.#timeouts.readyDelay)
  }

  #settle(id: string, answer: { ok: true; result: unknown } | { ok: false; error: { message?: string } }): void {
    const pending = this.#pending.get(id)
    if (!pending) return
    this.#pending.delete(id)
    clearTimeout(pending.timer)
    if (answer.ok) pending.resolve(answer.result)
    else pending.reject(new FrameError(answer.error.message || FRAME_ERROR_DEFAULT))
  }

  #timedOut(): void {
    this.#abortAll()
    this.#options.onProblem?.('iframe_request_timeout')
  }

  #loadFailed(): void {
    if (this.#state !== 'not-ready') return
    this.#ready.reject(new FrameError(FRAME_ABORTED))
    // A ready that still comes is taken; the next request loads the frame again (#loadAgain).
    this.#ready = deferred()
    this.#needsReload = true
    this.#options.onProblem?.('iframe_load_failed')
  }

  /** After a load failure: the frame's page again, and another load timeout for it to say ready. */
  #loadAgain(): void {
    this.#needsReload = false
    this.#options.reload?.()
    this.#loadTimer = setTimeout(() => this.#loadFailed(), this.#timeouts.load)
  }

  #abortAll(): void {
    for (const [id, pending] of this.#pending) {
      this.#pending.delete(id)
      clearTimeout(pending.timer)
      pending.reject(new FrameError(pending.method === 'rpcRequest' ? FRAME_RPC_ABORTED : FRAME_ABORTED))
    }
  }

  #setState(state: FrameState): void {
    this.#state = state
    this.#options.onStateChange?.(state)
  }
}

function deferred(): { promise: Promise<void>; resolve: () => void; reject: (error: Error) => void } {
  let resolve: () => void = () => undefined
  let reject: (error: Error) => void = () => undefined
  const promise = new Promise<void>((yes, no) => {
    resolve = yes
    reject = no
  })
  // A rejection nobody awaits yet is not an unhandled one.
  promise.catch(() => undefined)
  return { promise, resolve, reject }
}
