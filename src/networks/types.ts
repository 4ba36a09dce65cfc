import * as z from 'zod/mini'

export const CHAIN_NAMESPACES = ['eip155', 'solana', 'bip122', 'polkadot'] as const
export type ChainNamespace = (typeof CHAIN_NAMESPACES)[number]

const CAIP2_PATTERN = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/

/** A network as a CAIP-2 chain with what the kit shows and calls (docs/behaviour.md section 3). */
const buildCaipNetworkSchema = () =>
  z.object({
    id: z.union([z.number(), z.string().check(z.minLength(1))]),
    caipNetworkId: z.string().check(z.regex(CAIP2_PATTERN, 'a CAIP-2 id such as "eip155:1"')),
    chainNamespace: z.enum(CHAIN_NAMESPACES),
    name: z.string().check(z.minLength(1)),
    nativeCurrency: z.object({
      name: z.string(),
      symbol: z.string().check(z.minLength(1)),
      // A refinement rather than z.int() and z.nonnegative(): two check types less in the first load (issue 35).
      decimals: z.number().check(z.refine(n => Number.isInteger(n) && n >= 0, 'a whole number of at least 0'))
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
