import * as z from 'zod/mini'
import { finiteNumber, oneOf } from '../utils/zod-checks.js'

export const CHAIN_NAMESPACES = ['eip155', 'solana', 'bip122', 'polkadot'] as const
export type ChainNamespace = (typeof CHAIN_NAMESPACES)[number]

const CAIP2_PATTERN = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/

/**
 * A network as a CAIP-2 chain with what the kit shows and calls (docs/behaviour.md section 3). Built
 * from the first load's few zod types (src/utils/zod-checks.ts, issue 35): the id's two forms, the
 * CAIP-2 pattern, the namespace and the decimals are custom checks with the texts of the union,
 * regex, enum and number they replace.
 */
const buildCaipNetworkSchema = () =>
  z.object({
    id: z
      .custom<number | string>(
        value => (typeof value === 'number' && Number.isFinite(value)) || typeof value === 'string',
        'one of the allowed forms of this option'
      )
      .check(z.refine(id => id !== '', 'at least 1')),
    caipNetworkId: z.string().check(z.refine(id => CAIP2_PATTERN.test(id), 'a CAIP-2 id such as "eip155:1"')),
    chainNamespace: oneOf(CHAIN_NAMESPACES),
    name: z.string().check(z.minLength(1)),
    nativeCurrency: z.object({
      name: z.string(),
      symbol: z.string().check(z.minLength(1)),
      decimals: finiteNumber().check(z.refine(n => Number.isInteger(n) && n >= 0, 'a whole number of at least 0'))
    }),
    rpcUrls: z.object({
      default: z.object({ http: z.array(z.string()), webSocket: z.optional(z.array(z.string())) })
    }),
    blockExplorers: z.optional(z.object({ default: z.object({ name: z.string(), url: z.string() }) })),
    testnet: z.optional(z.boolean()),
    assets: z.optional(z.object({ imageId: z.optional(z.string()), imageUrl: z.optional(z.string()) }))
  })

let schema: ReturnType<typeof buildCaipNetworkSchema> | undefined

/** The network schema, built on first use (createAppKit's options, defineNetwork), not at module evaluation. */
export function caipNetworkSchema(): ReturnType<typeof buildCaipNetworkSchema> {
  return (schema ??= buildCaipNetworkSchema())
}

export type CaipNetwork = z.infer<ReturnType<typeof caipNetworkSchema>>
export type CaipNetworkId = CaipNetwork['caipNetworkId']
