// Property-based fuzzing of every API response the kit parses (issue 33, point 1; spec §7), through
// the kit's one HTTP client (src/api/http-client.ts) answering from a fetch that returns the body
// under test: any body is the value its schema promises or an ApiResponseError with a message
// (never a TypeError, RangeError or half-parsed value); unknown fields are tolerated and dropped
// (forward compatible); a field of the wrong type is refused, naming it; deep nesting is no crash.
import assert from 'node:assert/strict'
import { describe } from 'node:test'
import * as fc from 'fast-check'
import * as z from 'zod/mini'
import { ApiResponseError, HttpError } from '../../src/api/errors.js'
import { HttpClient } from '../../src/api/http-client.js'
import { apiErrorBodySchema } from '../../src/api/schemas/index.js'
import { VALID_RESPONSES } from '../fixtures/api-responses.js'
import { announce } from './config.js'
import { fuzzAsync, isTypedError } from './fuzz-test.js'
import { updateAt, walk, withExtraFields } from './zod-walk.js'

announce('api-responses')

const BASE = 'http://127.0.0.1:9/api'

/** What the kit's client makes of `body` answered with `status` (200 by default) for a schema: the value, or the error thrown. */
async function answer(
  schema: z.ZodMiniType,
  body: string,
  status = 200
): Promise<{ value: unknown } | { error: unknown }> {
  const client = new HttpClient({
    baseUrl: BASE,
    projectId: 'fuzz-project',
    clientId: 'fuzz-client',
    maxTries: 1,
    fetch: async () => new Response(body, { status, headers: { 'Content-Type': 'application/json' } })
  })
  try {
    return { value: await client.get('/v1/fuzz', schema) }
  } catch (error) {
    return { error }
  }
}

/** A refusal is the kit's ApiResponseError, with a message, and no project or client id in it. */
function assertTypedRefusal(error: unknown): asserts error is ApiResponseError {
  assert.ok(isTypedError(error, ApiResponseError), `not an ApiResponseError: ${String(error)}`)
  assert.ok(!error.message.includes('fuzz-project') && !error.message.includes('fuzz-client'), error.message)
  assert.equal(error.url, `${BASE}/v1/fuzz`)
}

/** One of the responses (VALID_RESPONSES[index]: its name, schema and a valid example), drawn by index for a short counterexample. */
const response = fc.nat({ max: VALID_RESPONSES.length - 1 })
const responseAt = (index: number) => VALID_RESPONSES[index]!
/** Deeply nested JSON: arrays and objects hundreds to thousands of levels deep. */
const deep = fc
  .tuple(fc.integer({ min: 100, max: 5000 }), fc.boolean())
  .map(([depth, arrays]) =>
    arrays ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)
  )
const fieldName = fc.oneof(
  fc.string({ minLength: 1, maxLength: 12 }),
  fc.constantFrom('__proto__', 'constructor', 'toString', 'then')
)

describe('API responses (spec §7): every schema, through the HTTP client', () => {
  fuzzAsync('any body (text, JSON, deep nesting): the schema’s value or an ApiResponseError with a message', () =>
    fc.asyncProperty(
      response,
      fc.oneof(fc.string(), fc.json(), fc.json({ depthSize: 'large' }), deep),
      async (index, body) => {
        const [, schema] = responseAt(index)
        const outcome = await answer(schema, body)
        let json: unknown
        let isJson = true
        try {
          json = body.trim() === '' ? undefined : JSON.parse(body)
        } catch {
          isJson = false
        }
        if ('value' in outcome) {
          assert.ok(isJson && z.safeParse(schema, json).success)
          return
        }
        assertTypedRefusal(outcome.error)
        assert.equal(outcome.error.reason, isJson ? 'schema' : 'invalid_json')
      }
    )
  )

  fuzzAsync('unknown fields in any object of a valid response are tolerated and dropped (forward compatible)', () =>
    fc.asyncProperty(
      response,
      // Deep values travel as their text: fast-check's report of a counterexample could not print them.
      fc.array(
        fc.tuple(
          fc.nat(),
          fieldName,
          fc.oneof(
            fc.jsonValue().map(value => ({ value })),
            deep.map(text => ({ text }))
          )
        )
      ),
      async (index, extras) => {
        const [name, schema, example] = responseAt(index)
        // A deep value goes into the body's text in place of a marker: JSON.stringify itself would overflow the stack.
        const deepTexts: string[] = []
        const body = withExtraFields(
          schema,
          example,
          extras.map(([which, key, extra]) => [
            which,
            key,
            'text' in extra ? `@@deep-${deepTexts.push(extra.text) - 1}@@` : extra.value
          ])
        )
        const text = deepTexts.reduce(
          (out, deepText, index) => out.replace(`"@@deep-${index}@@"`, deepText),
          JSON.stringify(body)
        )
        const outcome = await answer(schema, text)
        assert.ok('value' in outcome, `${name}: ${'error' in outcome ? String(outcome.error) : ''}`)
        assert.deepEqual(outcome.value, z.parse(schema, example))
      }
    )
  )

  fuzzAsync('a field of the wrong type is refused, naming the field', () =>
    fc.asyncProperty(
      response,
      fc.nat(),
      fc.oneof(
        fc.string(),
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.boolean(),
        fc.constant({}),
        fc.constant([]),
        fc.array(fc.jsonValue(), { minLength: 1 })
      ),
      async (index, which, wrong) => {
        const [name, schema, example] = responseAt(index)
        const { leaves } = walk(schema, example)
        const leaf = leaves[which % Math.max(leaves.length, 1)]
        const sameKind = typeof wrong === leaf?.kind || (leaf?.kind === 'number' && typeof wrong === 'number')
        if (!leaf || sameKind) return
        const body = updateAt(example, leaf.path, () => wrong)
        const outcome = await answer(schema, JSON.stringify(body))
        assert.ok('error' in outcome, `${name}: ${leaf.path.join('.')} = ${JSON.stringify(wrong)} was accepted`)
        assertTypedRefusal(outcome.error)
        assert.equal(outcome.error.reason, 'schema')
        const named = leaf.path.reduce<string>(
          (out, key) => (typeof key === 'number' ? `${out}[${key}]` : out ? `${out}.${key}` : key),
          ''
        )
        assert.ok(outcome.error.message.includes(named) || outcome.error.path.length > 0, outcome.error.message)
      }
    )
  )

  fuzzAsync(
    "an error status with any body: an HttpError with the spec's text, the server's message kept when it gave one",
    () =>
      fc.asyncProperty(
        response,
        fc.integer({ min: 400, max: 599 }),
        fc.oneof(
          fc.string(),
          fc.json(),
          deep,
          fc
            .record({ message: fc.oneof(fc.string(), fc.anything()), code: fc.anything() })
            .map(body => JSON.stringify(body) ?? '')
        ),
        async (index, status, body) => {
          const [, schema] = responseAt(index)
          const outcome = await answer(schema, body, status)
          assert.ok(
            'error' in outcome && isTypedError(outcome.error, HttpError),
            `status ${status}: ${JSON.stringify(outcome)}`
          )
          assert.equal(outcome.error.message, `HTTP status code: ${status}`)
          assert.equal(outcome.error.status, status)
          // The server's message is kept when its body is the backend's error body (a string message, an optional string code).
          let detail: string | undefined
          try {
            const parsed = z.safeParse(apiErrorBodySchema, JSON.parse(body))
            detail = parsed.success ? parsed.data.message : undefined
          } catch {
            detail = undefined
          }
          assert.equal(outcome.error.detail, detail)
        }
      )
  )
})
