// Checking an RPC method's params in the frame: zod, and one error text for every method.
import * as z from 'zod/mini'

/** `params` parsed by `schema`; throws '<method> got bad params: …'. */
export function parseParams<T>(method: string, schema: z.ZodMiniType<T>, params: unknown): T {
  const parsed = z.safeParse(schema, params)
  if (!parsed.success) throw new Error(`${method} got bad params: ${z.prettifyError(parsed.error)}`)
  return parsed.data
}
