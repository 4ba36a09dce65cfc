import * as z from 'zod/mini'

/**
 * The options schema's checks built from the few zod types the first load holds (issue 35): z.object,
 * z.string, z.boolean, z.array, z.optional, z.custom and its refinements, z.minLength (defaults are
 * filled in after parsing, src/config/options.ts).
 * What z.enum, z.union, z.number, z.url, z.regex and z.record would check, these check with
 * z.custom and z.check, with the texts describeIssue gave for the zod types they replace, so that
 * zod's $ZodEnum, $ZodUnion, $ZodNumber, $ZodURL and $ZodRecord stay out of the first load (the lazy
 * flows' schemas use them from their own copy of zod, chunks/zod).
 */

type Payload = z.core.ParsePayload<unknown>

/** A zod issue of ours: `message` is what describeIssue shows after "expected". */
function issue(payload: Payload, message: string, path: PropertyKey[] = []): void {
  payload.issues.push({ code: 'custom', message, input: payload.value, path } as z.core.$ZodRawIssue)
}

const quoted = (values: readonly string[]) => values.map(value => JSON.stringify(value)).join(' | ')

/** One of `values`: what z.enum(values) checks, with its text ('one of "a" | "b"'). */
export function oneOf<const T extends readonly string[]>(values: T) {
  return z.custom<T[number]>(value => (values as readonly unknown[]).includes(value), `one of ${quoted(values)}`)
}

/** A finite number, as z.number() takes it ('a number' otherwise). */
export function finiteNumber() {
  return z.custom<number>(value => typeof value === 'number' && Number.isFinite(value), 'a number')
}

/**
 * A list of `values` (z.array(z.enum(values))): anything but an array is 'an array'; an entry that
 * is not one of them is named by its index.
 */
export function listOf<const T extends readonly string[]>(values: T) {
  return z.custom<T[number][]>(Array.isArray, 'a array').check(
    z.check(payload => {
      if (!Array.isArray(payload.value)) return
      payload.value.forEach((value: unknown, index: number) => {
        if (!(values as readonly unknown[]).includes(value)) issue(payload, `one of ${quoted(values)}`, [index])
      })
    })
  )
}

/**
 * z.url's test: the string parses as a URL, after trimming, with a protocol `protocol` matches
 * (without its colon); for http(s) only, written with "//" ("http:example.com" is refused, as zod does).
 */
export function isUrl(value: unknown, protocol?: RegExp): boolean {
  if (typeof value !== 'string') return false
  const trimmed = value.trim()
  if (protocol?.source === '^https?$' && !/^https?:\/\//i.test(trimmed)) return false
  let url: URL
  try {
    url = new URL(trimmed)
  } catch {
    return false
  }
  return !protocol || protocol.test(url.protocol.replace(/:$/, ''))
}

/**
 * A URL as z.url({ protocol }) takes it: a string ('a string' otherwise) that parses ('a valid url').
 * Like z.url, the value kept is trimmed, without tabs and line breaks.
 */
export function urlString(protocol?: RegExp) {
  return z
    .string()
    .check(z.refine(value => isUrl(value, protocol), 'a valid url'))
    .check(
      z.check(payload => {
        if (typeof payload.value === 'string') payload.value = payload.value.trim().replace(/[\t\n\r]/g, '')
      })
    )
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * An object of any string keys whose values `valueSchema` parses (z.record(z.string(), valueSchema)):
 * not an object is 'a record' (the text of z.record's invalid_type); a bad value is named by its key
 * and the path inside it, with the value schema's own text; the values kept are the parsed ones.
 */
export function recordOf<T extends z.ZodMiniType>(valueSchema: T) {
  return z.custom<Record<string, z.output<T>>, Record<string, z.input<T>>>(isPlainObject, 'a record').check(
    z.check(payload => {
      if (!isPlainObject(payload.value)) return
      const parsed: Record<string, z.output<T>> = {}
      for (const [key, value] of Object.entries(payload.value)) {
        const result = valueSchema.safeParse(value)
        if (result.success) parsed[key] = result.data
        else
          for (const inner of result.error.issues)
            payload.issues.push({ ...inner, path: [key, ...inner.path] } as z.core.$ZodRawIssue)
      }
      payload.value = parsed
    })
  )
}
