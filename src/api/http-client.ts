import * as z from 'zod/mini'
import {
  HTTP_RETRY_STATUSES,
  QUERY_BACKOFF_MAX_MS,
  QUERY_MAX_TRIES,
  SDK_TYPE,
  SDK_VERSION
} from '../config/constants.js'
import { parseRetryAfter, queryBackoffMs } from './backoff.js'
import { systemClock, type Clock } from './clock.js'
import { ApiResponseError, HttpError, NetworkError } from './errors.js'
import { apiErrorBodySchema } from './schemas/common.js'
import type { FetchCacheMode, FetchInit } from '../utils/web-globals.js'

export type QueryValue = string | number | boolean | readonly string[] | null | undefined
export type Query = Readonly<Record<string, QueryValue>>
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE'

export interface HttpClientOptions {
  /** Where the API lives, such as "https://api.example.com" or "http://127.0.0.1:8787/api". */
  baseUrl: string
  projectId: string
  /** The client's id, sent as the `clientId` query parameter (a function is asked on every call). */
  clientId?: string | (() => string | null | undefined)
  sdkType?: string
  sdkVersion?: string
  fetch?: typeof fetch
  clock?: Clock
  /** Tries in all, the first included (spec: 3). */
  maxTries?: number
  retryStatuses?: readonly number[]
  /**
   * The longest `Retry-After` honoured. A server asking for a longer wait gets no retry: the call
   * fails at once with its HttpError instead of hanging an interactive view (default 30 s).
   */
  maxRetryAfterMs?: number
}

export interface RequestOptions {
  query?: Query
  headers?: Readonly<Record<string, string>>
  signal?: AbortSignal
  cache?: FetchCacheMode
  /** false: a single try, whatever the status (for fire-and-forget calls). Default true. */
  retry?: boolean
  /** true: the request goes on when the page goes away (a reload does not abort it). Bodies up to 64 kB. */
  keepalive?: boolean
}

export interface BodyRequestOptions extends RequestOptions {
  /** Sent as JSON. Bigints must already be decimal strings. */
  body?: unknown
}

/**
 * The kit's one fetch-based HTTP client (docs/behaviour.md section 7, "Generic HTTP client"): every call
 * carries `st` (sdk type), `sv` (sdk version), `projectId` and `clientId` as query parameters (query,
 * not headers, so a GET stays a simple CORS request); a non-ok answer throws HttpError
 * 'HTTP status code: {n}'; 403, 408, 413, 429 and 5xx gateway statuses and network errors are
 * retried up to 3 tries in all with backoff doubling from 1 s (capped at 30 s), `Retry-After`
 * winning over the backoff; every body is parsed with the caller's zod schema.
 */
export class HttpClient {
  readonly baseUrl: string
  readonly projectId: string
  private readonly options: HttpClientOptions
  private readonly clock: Clock

  constructor(options: HttpClientOptions) {
    this.options = options
    this.baseUrl = options.baseUrl.replace(/\/+$/, '')
    this.projectId = options.projectId
    this.clock = options.clock ?? systemClock
  }

  get<S extends z.ZodMiniType>(path: string, schema: S, options: RequestOptions = {}): Promise<z.output<S>> {
    return this.request('GET', path, schema, options)
  }

  post<S extends z.ZodMiniType>(path: string, schema: S, options: BodyRequestOptions = {}): Promise<z.output<S>> {
    return this.request('POST', path, schema, options)
  }

  put<S extends z.ZodMiniType>(path: string, schema: S, options: BodyRequestOptions = {}): Promise<z.output<S>> {
    return this.request('PUT', path, schema, options)
  }

  delete<S extends z.ZodMiniType>(path: string, schema: S, options: BodyRequestOptions = {}): Promise<z.output<S>> {
    return this.request('DELETE', path, schema, options)
  }

  /** The full URL of `path` with `query` and the sdk parameters (also for image URLs). */
  url(path: string, query: Query = {}): string {
    const url = new URL(this.baseUrl + (path.startsWith('/') ? path : `/${path}`))
    for (const [key, value] of Object.entries(query)) {
      if (value === undefined || value === null) continue
      const text = typeof value === 'string' ? value : Array.isArray(value) ? value.join(',') : String(value)
      url.searchParams.set(key, text)
    }
    url.searchParams.set('st', this.options.sdkType ?? SDK_TYPE)
    url.searchParams.set('sv', this.options.sdkVersion ?? SDK_VERSION)
    url.searchParams.set('projectId', this.projectId)
    const clientId = typeof this.options.clientId === 'function' ? this.options.clientId() : this.options.clientId
    if (clientId) url.searchParams.set('clientId', clientId)
    return url.toString()
  }

  async request<S extends z.ZodMiniType>(
    method: HttpMethod,
    path: string,
    schema: S,
    options: BodyRequestOptions = {}
  ): Promise<z.output<S>> {
    const url = this.url(path, options.query)
    const hasBody = options.body !== undefined
    const init: FetchInit = {
      method,
      headers: {
        Accept: 'application/json',
        ...(hasBody ? { 'Content-Type': 'application/json' } : {}),
        ...options.headers
      },
      body: hasBody ? JSON.stringify(options.body) : undefined,
      signal: options.signal,
      cache: options.cache,
      ...(options.keepalive ? { keepalive: true } : {})
    }
    const doFetch = this.options.fetch ?? ((input: string, requestInit: RequestInit) => fetch(input, requestInit))
    for (let tryNumber = 1; ; tryNumber++) {
      let response: Response
      try {
        response = await doFetch(url, init)
      } catch (error) {
        if (options.signal?.aborted) throw options.signal.reason
        if (!this.mayRetry(tryNumber, options)) throw new NetworkError(url, error)
        await this.clock.sleep(queryBackoffMs(tryNumber), options.signal)
        continue
      }
      if (response.ok) return parseBody(response, url, schema)
      const wait = this.retryWait(response, tryNumber, options)
      if (wait === undefined) throw await toHttpError(response, url)
      await response.body?.cancel().catch(() => undefined)
      await this.clock.sleep(wait, options.signal)
    }
  }

  private mayRetry(tryNumber: number, options: RequestOptions): boolean {
    return options.retry !== false && tryNumber < (this.options.maxTries ?? QUERY_MAX_TRIES)
  }

  /** How long to wait before the next try, or undefined when this answer is final. */
  private retryWait(response: Response, tryNumber: number, options: RequestOptions): number | undefined {
    if (!this.mayRetry(tryNumber, options)) return undefined
    if (!(this.options.retryStatuses ?? HTTP_RETRY_STATUSES).includes(response.status)) return undefined
    const retryAfter = parseRetryAfter(response.headers.get('Retry-After'), this.clock.now())
    if (retryAfter === undefined) return queryBackoffMs(tryNumber)
    return retryAfter <= (this.options.maxRetryAfterMs ?? QUERY_BACKOFF_MAX_MS) ? retryAfter : undefined
  }
}

async function parseBody<S extends z.ZodMiniType>(response: Response, url: string, schema: S): Promise<z.output<S>> {
  let text: string
  try {
    text = await response.text()
  } catch (error) {
    throw new NetworkError(url, error)
  }
  let data: unknown = undefined
  if (text.trim() !== '') {
    try {
      data = JSON.parse(text)
    } catch (error) {
      throw ApiResponseError.invalidJson(url, error)
    }
  }
  const result = z.safeParse(schema, data)
  if (!result.success) throw ApiResponseError.fromIssues(url, result.error.issues)
  return result.data
}

async function toHttpError(response: Response, url: string): Promise<HttpError> {
  let detail: string | undefined
  try {
    const parsed = apiErrorBodySchema.safeParse(JSON.parse(await response.text()))
    if (parsed.success) detail = parsed.data.message
  } catch {
    // No readable error body: the status says it all.
  }
  return new HttpError(response.status, url, detail)
}
