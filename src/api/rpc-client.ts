import * as z from 'zod/mini'
import { RPC_BATCH_SIZE, RPC_RETRY_COUNT, RPC_RETRY_DELAY_MS, RPC_TIMEOUT_MS } from '../config/constants.js'
import { rpcBackoffMs } from './backoff.js'
import { systemClock, type Clock } from './clock.js'
import { ApiResponseError, HttpError, NetworkError, RpcError, RpcTimeoutError } from './errors.js'
import { jsonRpcBatchResponseSchema, jsonRpcResponseSchema, type JsonRpcResponse } from './schemas/json-rpc.js'

export interface RpcClientOptions {
  /** The RPC endpoint; `chainId` and `projectId` are added as query parameters. */
  url: string
  /** CAIP-2 chain id, such as "eip155:1". */
  chainId: string
  /** Added as a query parameter when given (a network's own public RPC takes none). */
  projectId?: string
  fetch?: typeof fetch
  clock?: Clock
  /** Per try (spec: 10 s). */
  timeoutMs?: number
  /** Retries after the first try (spec: 3), waiting retryDelayMs, then twice that, and so on. */
  retryCount?: number
  retryDelayMs?: number
  batchSize?: number
}

export type RpcParams = readonly unknown[] | Readonly<Record<string, unknown>>
export interface RpcCall {
  method: string
  params?: RpcParams
}
export type RpcSettled = { ok: true; result: unknown } | { ok: false; error: RpcError }

/**
 * docs/behaviour.md section 9: the dedupe cache holds at most 8192 requests. Ours, like the spec's RPC layer:
 * identical requests (endpoint, method, params) asked while one is on its way share its answer, for
 * every client on the page; an entry leaves once answered, the oldest first beyond the limit.
 */
export const RPC_DEDUPE_CACHE_SIZE = 8192
const inFlight = new Map<string, Promise<JsonRpcResponse>>()

function deduped(key: string, start: () => Promise<JsonRpcResponse>): Promise<JsonRpcResponse> {
  const pending = inFlight.get(key)
  if (pending) return pending
  const promise = start().finally(() => {
    if (inFlight.get(key) === promise) inFlight.delete(key)
  })
  inFlight.set(key, promise)
  const oldest = inFlight.size > RPC_DEDUPE_CACHE_SIZE ? inFlight.keys().next() : undefined
  if (oldest && !oldest.done) inFlight.delete(oldest.value)
  return promise
}

/** Whether a failed try is worth another: no answer, a timeout, HTTP 5xx or 429, or a retryable RPC code. */
export function isRetryableRpcFailure(error: unknown): boolean {
  if (error instanceof NetworkError || error instanceof RpcTimeoutError) return true
  if (error instanceof HttpError) return error.status >= 500 || error.status === 429
  if (error instanceof RpcError) return error.retryable
  return false
}

/**
 * A JSON-RPC client for one chain (docs/behaviour.md sections 7 and 9): POST to the endpoint with chainId and
 * projectId queries, a 10 s timeout per try (AbortController), 3 retries 150 ms, 300 ms, 600 ms apart
 * for retryable failures, and JSON-RPC errors as typed RpcErrors.
 */
export class RpcClient {
  readonly url: string
  private readonly options: RpcClientOptions
  private readonly clock: Clock
  private nextId = 1

  constructor(options: RpcClientOptions) {
    this.options = options
    this.clock = options.clock ?? systemClock
    const url = new URL(options.url)
    url.searchParams.set('chainId', options.chainId)
    if (options.projectId) url.searchParams.set('projectId', options.projectId)
    this.url = url.toString()
  }

  /**
   * One call; its result parsed with `schema` when given. Without `signal`, an identical call on its
   * way already answers this one too (RPC_DEDUPE_CACHE_SIZE).
   */
  async request<S extends z.ZodMiniType = z.ZodMiniUnknown>(
    method: string,
    params?: RpcParams,
    schema?: S,
    signal?: AbortSignal
  ): Promise<z.output<S>> {
    const send = () => this.send(method, params, signal)
    const envelope = signal ? await send() : await deduped(JSON.stringify([this.url, method, params ?? null]), send)
    return parseWith(schema ?? z.unknown(), envelope.result, this.url) as z.output<S>
  }

  /** One call's answer, retried. */
  private send(method: string, params: RpcParams | undefined, signal?: AbortSignal): Promise<JsonRpcResponse> {
    const id = this.nextId++
    return this.withRetries(async () => {
      const answer = parseWith(
        jsonRpcResponseSchema,
        await this.post({ jsonrpc: '2.0', id, method, params }, signal),
        this.url
      )
      if (answer.error) throw new RpcError(answer.error.code, answer.error.message, answer.error.data)
      if (answer.id !== id)
        throw new ApiResponseError(
          this.url,
          'id',
          'schema',
          `RPC answer id ${String(answer.id)} does not match request id ${id}`
        )
      return answer
    }, signal)
  }

  /**
   * Many calls, sent in batches of at most 1000. Transport failures are retried per batch;
   * each call's JSON-RPC error is returned in its slot, in the order of `calls`.
   */
  async batch(calls: readonly RpcCall[], signal?: AbortSignal): Promise<RpcSettled[]> {
    const size = this.options.batchSize ?? RPC_BATCH_SIZE
    const settled: RpcSettled[] = []
    for (let start = 0; start < calls.length; start += size) {
      const chunk = calls
        .slice(start, start + size)
        .map(call => ({ jsonrpc: '2.0' as const, id: this.nextId++, ...call }))
      const answers = await this.withRetries(
        async () => parseWith(jsonRpcBatchResponseSchema, await this.post(chunk, signal), this.url),
        signal
      )
      const byId = new Map<unknown, JsonRpcResponse>(answers.map(answer => [answer.id, answer]))
      for (const call of chunk) {
        const answer = byId.get(call.id)
        if (!answer) settled.push({ ok: false, error: new RpcError(-32603, `No answer for request ${call.id}`) })
        else if (answer.error)
          settled.push({ ok: false, error: new RpcError(answer.error.code, answer.error.message, answer.error.data) })
        else settled.push({ ok: true, result: answer.result })
      }
    }
    return settled
  }

  private async withRetries<T>(attempt: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    const retryCount = this.options.retryCount ?? RPC_RETRY_COUNT
    for (let retry = 0; ; retry++) {
      try {
        return await attempt()
      } catch (error) {
        if (signal?.aborted || retry >= retryCount || !isRetryableRpcFailure(error)) throw error
        await this.clock.sleep(rpcBackoffMs(retry + 1, this.options.retryDelayMs ?? RPC_RETRY_DELAY_MS), signal)
      }
    }
  }

  /** One try: POST, under the per-try timeout, to parsed JSON. */
  private async post(payload: unknown, signal?: AbortSignal): Promise<unknown> {
    const timeoutMs = this.options.timeoutMs ?? RPC_TIMEOUT_MS
    const controller = new AbortController()
    const cancelTimer = this.clock.setTimer(() => controller.abort(new RpcTimeoutError(timeoutMs)), timeoutMs)
    const combined = signal ? AbortSignal.any([signal, controller.signal]) : controller.signal
    const doFetch = this.options.fetch ?? ((input: string, init: RequestInit) => fetch(input, init))
    try {
      const response = await doFetch(this.url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(payload),
        signal: combined
      })
      if (!response.ok) {
        await response.body?.cancel().catch(() => undefined)
        throw new HttpError(response.status, this.url)
      }
      const text = await response.text()
      try {
        return JSON.parse(text) as unknown
      } catch (error) {
        throw ApiResponseError.invalidJson(this.url, error)
      }
    } catch (error) {
      if (signal?.aborted) throw signal.reason
      if (controller.signal.aborted) throw new RpcTimeoutError(timeoutMs)
      if (error instanceof HttpError || error instanceof ApiResponseError) throw error
      throw new NetworkError(this.url, error)
    } finally {
      cancelTimer()
    }
  }
}

function parseWith<S extends z.ZodMiniType>(schema: S, data: unknown, url: string): z.output<S> {
  const result = z.safeParse(schema, data)
  if (!result.success) throw ApiResponseError.fromIssues(url, result.error.issues)
  return result.data
}
