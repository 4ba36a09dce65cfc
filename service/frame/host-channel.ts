// The frame's side of the channel with the host page (docs/behaviour.md sections 6 and 7). The frame is
// told its host's origin in its own address (?hostOrigin=); it serves only a host whose origin is
// on the project's allowlist (wildcard patterns, the matcher the kit and the backend share), takes
// messages only from its parent window on that origin, and answers only to it (never '*').
// Malformed or unknown messages are dropped and logged, never thrown; a request whose params do not
// fit its method is answered with an error naming the problem.
import { FRAME_READY, frameError, frameResult, parseFrameRequest } from '../../src/frame/messages.js'
import { isOriginAllowed } from '../../src/utils/origin-patterns.js'
import type { FrameHandlers } from './handler-context.js'

export type { FrameHandlers }

export const PARENT_NOT_SET = 'parent is not set'

export interface HostChannelOptions {
  /** The host page's origin, from the frame's address. */
  readonly hostOrigin: string
  /** The origin patterns the project allows. */
  readonly allowedOrigins: readonly string[]
  readonly handlers: FrameHandlers
  /** The frame's own window (its parent is the host page). */
  readonly self?: Window
}

/**
 * Starts serving the host: says 'ready' to it, then answers its requests. Throws 'parent is not
 * set' when the frame is not embedded, and refuses a host origin that is not allowed. Returns
 * the function that stops listening.
 */
export function serveHost(options: HostChannelOptions): () => void {
  const self = options.self ?? window
  const parent = self.parent === self ? null : self.parent
  if (!parent) throw new Error(PARENT_NOT_SET)
  if (!isOriginAllowed(options.hostOrigin, options.allowedOrigins)) {
    throw new Error(`The page ${options.hostOrigin} is not allowed to use this wallet frame`)
  }
  const listener = (event: MessageEvent): void => {
    if (event.source !== parent || event.origin !== options.hostOrigin) return
    const request = parseFrameRequest(event.data)
    if ('problem' in request) {
      console.warn(`[frame] dropped a message: ${request.problem}`)
      if (request.id) parent.postMessage(frameError(request.id, request.problem), options.hostOrigin)
      return
    }
    const handler = options.handlers[request.method] as ((params: unknown) => unknown) | undefined
    void (async () => {
      try {
        if (!handler) throw new Error(`${request.method} is not available`)
        const result = await handler(request.params)
        parent.postMessage(frameResult(request.id, result ?? {}), options.hostOrigin)
      } catch (error) {
        const message = error instanceof Error ? error.message : ''
        parent.postMessage(frameError(request.id, message), options.hostOrigin)
      }
    })()
  }
  self.addEventListener('message', listener)
  parent.postMessage(FRAME_READY, options.hostOrigin)
  return () => self.removeEventListener('message', listener)
}
