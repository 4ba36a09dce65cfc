import type { core } from 'zod/mini'
import { describeIssue } from '../config/describe-issue.js'

/** A call answered with a non-ok status. The message is the spec's exact text (docs/behaviour.md section 7). */
export class HttpError extends Error {
  override readonly name = 'HttpError'
  /** The URL called, without its query string (no project id or client id in logs). */
  readonly url: string
  constructor(
    readonly status: number,
    url: string,
    /** The server's own explanation, when its error body had a `message`. */
    readonly detail?: string
  ) {
    super(`HTTP status code: ${status}`)
    this.url = stripQuery(url)
  }
}

/** The request never got an answer (connection refused, reset, DNS), after every try. */
export class NetworkError extends Error {
  override readonly name = 'NetworkError'
  readonly url: string
  constructor(url: string, cause: unknown) {
    super(`Network error calling ${stripQuery(url)}: ${cause instanceof Error ? cause.message : String(cause)}`, {
      cause
    })
    this.url = stripQuery(url)
  }
}

/**
 * A response that is not what the API promises: not JSON, or JSON that fails the schema. The
 * caller never gets a half-parsed value. `path` names the first offending field ("" for the root).
 */
export class ApiResponseError extends Error {
  override readonly name = 'ApiResponseError'
  readonly url: string
  constructor(
    url: string,
    readonly path: string,
    readonly reason: 'invalid_json' | 'schema',
    message: string
  ) {
    super(message)
    this.url = stripQuery(url)
  }

  static invalidJson(url: string, cause: unknown): ApiResponseError {
    const why = cause instanceof Error ? cause.message : String(cause)
    return new ApiResponseError(url, '', 'invalid_json', `Invalid response from ${stripQuery(url)}: not JSON (${why})`)
  }

  static fromIssues(url: string, issues: readonly core.$ZodIssue[]): ApiResponseError {
    const first = issues[0]
    if (!first) return new ApiResponseError(url, '', 'schema', `Invalid response from ${stripQuery(url)}`)
    const { option, expected } = describeIssue(first)
    const path = option === '(options)' ? '' : option
    const where = path ? `field "${path}"` : 'the response body'
    const more = issues.length > 1 ? ` (and ${issues.length - 1} more issue${issues.length > 2 ? 's' : ''})` : ''
    return new ApiResponseError(
      url,
      path,
      'schema',
      `Invalid response from ${stripQuery(url)}: ${where} should be ${expected}${more}`
    )
  }
}

/** Analytics refused: the page's origin is not on the project's allowlist (docs/behaviour.md section 8). */
export class OriginNotAllowedError extends Error {
  override readonly name = 'OriginNotAllowedError'
  constructor() {
    super('Invalid App Configuration: Origin not found on Allowlist')
  }
}

/** The URL without its query string: error messages never carry the project id or client id. */
export function stripQuery(url: string): string {
  const at = url.indexOf('?')
  return at === -1 ? url : url.slice(0, at)
}

/** JSON-RPC error codes retried by the RPC client (docs/behaviour.md section 8): -1, internal error, method not found. */
export const RETRYABLE_RPC_CODES: readonly number[] = [-1, -32603, -32601]

/** A JSON-RPC error answer, with the node's code, message and data. */
export class RpcError extends Error {
  override readonly name = 'RpcError'
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown
  ) {
    super(message)
  }

  get retryable(): boolean {
    return RETRYABLE_RPC_CODES.includes(this.code)
  }
}

/** One try of a JSON-RPC call got no answer within the timeout (10 s). */
export class RpcTimeoutError extends Error {
  override readonly name = 'RpcTimeoutError'
  constructor(readonly timeoutMs: number) {
    super(`RPC request timed out after ${timeoutMs} ms`)
  }
}
