import * as z from 'zod/mini'
import { caip2Schema, queryListSchema, queryPositiveIntSchema, untrustedUrlSchema } from './common.js'

/**
 * The wallet-provider catalog API (docs/behaviour.md section 7). The client adds projectId, st and sv as
 * query (sdkQuerySchema). Lists travel comma-separated in the query: `include=id1,id2`.
 */

/** GET /getWallets: query as the server parses it (strings in, typed values out). */
export const getWalletsQuerySchema = z.object({
  page: queryPositiveIntSchema,
  entries: queryPositiveIntSchema.check(z.lte(100, 'at most 100 entries per page')),
  include: z.optional(queryListSchema),
  exclude: z.optional(queryListSchema),
  search: z.optional(z.string()),
  badge_type: z.optional(z.enum(['none', 'certified'])),
  /** CAIP-2 chain ids, comma-separated: wallets that support any of them. */
  chains: z.optional(queryListSchema)
})
export type GetWalletsQuery = z.output<typeof getWalletsQuerySchema>

/** A wallet of the catalog (docs/behaviour.md section 3). Links and image ids are untrusted strings. */
export const walletCatalogItemSchema = z.object({
  id: z.string().check(z.minLength(1)),
  name: z.string(),
  image_id: z.optional(z.nullable(z.string())),
  rdns: z.optional(z.nullable(z.string())),
  mobile_link: z.optional(z.nullable(untrustedUrlSchema)),
  desktop_link: z.optional(z.nullable(untrustedUrlSchema)),
  webapp_link: z.optional(z.nullable(untrustedUrlSchema)),
  chains: z.optional(z.array(caip2Schema))
})
export type WalletCatalogItem = z.infer<typeof walletCatalogItemSchema>

export const getWalletsResponseSchema = z.object({
  data: z.array(walletCatalogItemSchema),
  /** How many wallets match in all pages. */
  count: z.number().check(z.int(), z.nonnegative())
})
export type GetWalletsResponse = z.infer<typeof getWalletsResponseSchema>

/**
 * GET /appkit/v1/config: the project's remote features. `id` names the feature (see
 * REMOTE_FEATURE_IDS; others are kept and ignored); `config` lists its options where it has some:
 * swaps ['1inch'], onramp ['coinbase', 'meld'], socials ['google', 'x', ...].
 */
export const REMOTE_FEATURE_IDS = ['swaps', 'onramp', 'email', 'socials', 'activity'] as const

export const remoteFeatureSchema = z.object({
  id: z.string().check(z.minLength(1)),
  isEnabled: z.boolean(),
  config: z.optional(z.nullable(z.array(z.string())))
})
export type RemoteFeature = z.infer<typeof remoteFeatureSchema>

export const projectConfigResponseSchema = z.object({ features: z.array(remoteFeatureSchema) })
export type ProjectConfigResponse = z.infer<typeof projectConfigResponseSchema>

/** GET /projects/v1/origins: origin patterns allowed for the project (wildcards such as https://*.vercel.app). */
export const originsResponseSchema = z.object({ allowedOrigins: z.array(z.string()) })
export type OriginsResponse = z.infer<typeof originsResponseSchema>

/** Image blobs by id: the paths the kit builds image URLs from. */
export const CATALOG_IMAGE_PATHS = {
  wallet: '/getWalletImage/',
  asset: '/public/getAssetImage/',
  currency: '/public/getCurrencyImage/',
  token: '/public/getTokenImage/'
} as const
export type CatalogImageKind = keyof typeof CATALOG_IMAGE_PATHS

/** An image id as a path segment: no slashes or dots that could leave the image path. */
export const imageIdSchema = z.string().check(z.regex(/^[-_a-zA-Z0-9]{1,128}$/, 'an image id'))
