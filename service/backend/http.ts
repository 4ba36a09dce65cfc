// Request parsing and response checking shared by every route module: requests are parsed with the
// shared zod schemas of src/api/schemas (a failure is a 400 naming the field), and every JSON
// answer is checked against its response schema before it leaves (a failure is our bug: 500).
import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { core } from 'zod/mini'
import * as zm from 'zod/mini'
import { sdkQuerySchema, type SdkQuery } from '../../src/api/schemas/index.js'
import type { ProjectConfig } from './config.js'
import type { ServerContext } from './context.js'

/** An error with an HTTP status; its message becomes the `{ message }` body. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly code?: string
  ) {
    super(message)
  }
}

export const badRequest = (message: string) => new ApiError(400, message, 'bad_request')
export const notFound = (message: string) => new ApiError(404, message, 'not_found')
export const forbidden = (message: string) => new ApiError(403, message, 'forbidden')

/** What a part of the request is called in messages. */
export type RequestPart = 'query parameter' | 'path parameter' | 'body field' | 'body'

/** Any zod or zod/mini schema (both are core.$ZodType). */
type AnySchema = core.$ZodType

/** Parses `value` with `schema`, or throws a 400 whose message names the first bad field. */
export function parseOr400<S extends AnySchema>(schema: S, value: unknown, part: RequestPart): core.output<S> {
  const result = zm.safeParse(schema, value)
  if (result.success) return result.data
  throw badRequest(describeIssues(result.error.issues, value, part))
}

export function describeIssues(issues: readonly core.$ZodIssue[], value: unknown, part: RequestPart): string {
  const issue = issues[0]
  if (!issue) return `Invalid ${part}`
  const path = issue.path.map(String).join('.')
  const got = valueAt(value, issue.path)
  if (path === '' && part === 'body') {
    return `Invalid request body: ${issue.code === 'invalid_type' ? `expected ${article(issue.expected)}` : issue.message}`
  }
  const name = path || '(value)'
  const partName = part === 'body' ? 'body field' : part
  if (got === undefined && issue.code === 'invalid_type') return `Missing ${partName} '${name}'`
  return `Invalid ${partName} '${name}': expected ${expectedText(issue)}${got === undefined ? '' : `, got ${show(got)}`}`
}

function expectedText(issue: core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return custom(issue.message) ?? article(issue.expected)
    case 'invalid_value':
      return `one of ${issue.values.map(v => JSON.stringify(v)).join(', ')}`
    case 'too_small':
      return custom(issue.message) ?? `at least ${String(issue.minimum)}`
    case 'too_big':
      return custom(issue.message) ?? `at most ${String(issue.maximum)}`
    case 'invalid_format':
      return custom(issue.message) ?? `a valid ${issue.format}`
    case 'unrecognized_keys':
      return `no unknown keys (${issue.keys.join(', ')})`
    default:
      return custom(issue.message) ?? 'a valid value'
  }
}

const custom = (message: string | undefined) =>
  message && !message.startsWith('Invalid') && !message.startsWith('Too ') ? message : undefined
const article = (type: string) => (/^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`)

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let current = value
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined
    current = (current as Record<PropertyKey, unknown>)[key]
  }
  return current
}

function show(value: unknown): string {
  const text = typeof value === 'string' ? `'${value}'` : JSON.stringify(value)
  return text.length > 80 ? `${text.slice(0, 77)}...` : text
}

/** The query string as a plain object (the last value wins for repeated keys). */
export function queryOf(c: Context): Record<string, string> {
  return c.req.query()
}

/** Parses the query with `schema` (unknown keys such as st/sv/projectId are left to sdkQuery). */
export function parseQuery<S extends AnySchema>(c: Context, schema: S): core.output<S> {
  return parseOr400(schema, queryOf(c), 'query parameter')
}

export function parseParams<S extends AnySchema>(c: Context, schema: S): core.output<S> {
  return parseOr400(schema, c.req.param(), 'path parameter')
}

/** Reads the JSON body (400 when it is not JSON) and parses it with `schema`. */
export async function parseBody<S extends AnySchema>(c: Context, schema: S): Promise<core.output<S>> {
  let body: unknown
  try {
    body = await c.req.json()
  } catch {
    throw badRequest('Invalid request body: expected JSON')
  }
  return parseOr400(schema, body, 'body')
}

/**
 * Parses the sdk query (projectId, st, sv, clientId) that every kit call carries and finds the
 * project: 400 when a parameter is missing, 403 'Invalid Project ID' when the project is unknown.
 */
export function requireProject(c: Context, context: ServerContext): { sdk: SdkQuery; project: ProjectConfig } {
  const sdk = parseQuery(c, sdkQuerySchema)
  const project = context.config.projects.find(candidate => candidate.id === sdk.projectId)
  if (!project) throw forbidden(`Invalid Project ID: '${sdk.projectId}' is not a project of this backend`)
  return { sdk, project }
}

/**
 * Answers `data` as JSON after checking it against the response schema. A mismatch means the
 * backend broke its contract: logged and answered 500, never sent half-valid.
 */
export function respond<S extends AnySchema>(
  c: Context,
  schema: S,
  data: core.input<S>,
  status: ContentfulStatusCode = 200
): Response {
  const result = zm.safeParse(schema, data)
  if (!result.success) {
    const message = describeIssues(result.error.issues, data, 'body')
    console.error(`[server] response of ${c.req.method} ${c.req.path} fails its schema: ${message}`)
    throw new ApiError(500, `Internal error: the response failed its schema (${message})`, 'internal')
  }
  // Send what was checked, not the parsed output: the schemas describe the wire.
  return c.json(data as object, status)
}
