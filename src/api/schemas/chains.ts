import * as z from 'zod/mini'
import { caip2Schema } from './common.js'

/** GET /v1/supported-chains: no request; the CAIP-2 chains served over HTTP and over websocket. */
export const supportedChainsResponseSchema = z.object({
  http: z.array(caip2Schema),
  ws: z.array(caip2Schema)
})
export type SupportedChainsResponse = z.infer<typeof supportedChainsResponseSchema>
