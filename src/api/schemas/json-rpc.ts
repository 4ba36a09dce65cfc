import * as z from 'zod/mini'

/** A JSON-RPC 2.0 request and the envelope of its response (chain RPC, docs/behaviour.md section 7). */
export const jsonRpcIdSchema = z.union([z.number(), z.string()])

export const jsonRpcRequestSchema = z.object({
  jsonrpc: z.literal('2.0'),
  id: jsonRpcIdSchema,
  method: z.string().check(z.minLength(1)),
  params: z.optional(z.union([z.array(z.unknown()), z.record(z.string(), z.unknown())]))
})
export type JsonRpcRequest = z.infer<typeof jsonRpcRequestSchema>

export const jsonRpcErrorObjectSchema = z.object({
  code: z.number().check(z.int()),
  message: z.string(),
  data: z.optional(z.unknown())
})
export type JsonRpcErrorObject = z.infer<typeof jsonRpcErrorObjectSchema>

/** One response: `error` when present wins; otherwise `result` (which may be null). */
export const jsonRpcResponseSchema = z.object({
  jsonrpc: z.literal('2.0'),
  id: z.nullable(jsonRpcIdSchema),
  result: z.optional(z.unknown()),
  error: z.optional(jsonRpcErrorObjectSchema)
})
export type JsonRpcResponse = z.infer<typeof jsonRpcResponseSchema>

export const jsonRpcBatchResponseSchema = z.array(jsonRpcResponseSchema)

/** The query of a chain RPC call (docs/behaviour.md section 7): the CAIP-2 chain and the project. */
export const rpcQuerySchema = z.object({
  chainId: z.string().check(z.regex(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/, 'a CAIP-2 chain id such as "eip155:1"')),
  projectId: z.string().check(z.minLength(1, 'a project id'))
})
export type RpcQuery = z.infer<typeof rpcQuerySchema>

/** A JSON-RPC call as a proxy accepts it: one request or a non-empty batch. */
export const jsonRpcPayloadSchema = z.union([jsonRpcRequestSchema, z.array(jsonRpcRequestSchema).check(z.minLength(1))])
