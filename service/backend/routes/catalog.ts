// The wallet-provider catalog API (docs/behaviour.md section 7): GET /getWallets over the generated catalog,
// the image blobs, /appkit/v1/config (remote features) and /projects/v1/origins. Every call carries
// projectId, st and sv (sdkQuerySchema); an unknown project is a 403 'Invalid Project ID'.
import { createHash } from 'node:crypto'
import { Hono, type Context } from 'hono'
import * as z from 'zod/mini'
import {
  getWalletsQuerySchema,
  getWalletsResponseSchema,
  imageIdSchema,
  originsResponseSchema,
  projectConfigResponseSchema
} from '../../../src/api/schemas/index.js'
import { assetImage, currencyImage, renderSvg, tokenImage, walletImage, type ImageSpec } from '../catalog/images.js'
import { generateCatalog, queryCatalog, type CatalogWallet } from '../catalog/wallets.js'
import type { ServerContext } from '../context.js'
import { DEFAULT_REMOTE_FEATURES } from '../../../src/config/remote-features.js'
import { notFound, parseParams, parseQuery, requireProject, respond } from '../http.js'

const imageParamsSchema = z.object({ id: imageIdSchema })

/** Images never change for an id: a week in any cache, revalidated by ETag after that. */
const IMAGE_CACHE_CONTROL = 'public, max-age=604800, immutable'

function svgResponse(c: Context, spec: ImageSpec): Response {
  const svg = renderSvg(spec)
  const etag = `"${createHash('sha256').update(svg).digest('base64url').slice(0, 27)}"`
  const headers = {
    'Cache-Control': IMAGE_CACHE_CONTROL,
    ETag: etag,
    'X-Content-Type-Options': 'nosniff',
    // An SVG opened on its own runs nothing and loads nothing.
    'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    'Cross-Origin-Resource-Policy': 'cross-origin'
  }
  const match = c.req.header('If-None-Match')
  if (match && match.split(',').some(tag => tag.trim().replace(/^W\//, '') === etag)) {
    return c.body(null, 304, headers)
  }
  return c.body(svg, 200, { ...headers, 'Content-Type': 'image/svg+xml; charset=utf-8' })
}

export function catalogRoutes(context: ServerContext): Hono {
  const app = new Hono()
  let catalog: CatalogWallet[] | undefined
  let byImageId: Map<string, CatalogWallet> | undefined
  const wallets = () => {
    catalog ??= generateCatalog(context.config.catalog.size, context.config.catalog.seed)
    return catalog
  }
  const walletByImageId = (id: string) => {
    byImageId ??= new Map(wallets().map(wallet => [wallet.image_id, wallet]))
    return byImageId.get(id)
  }

  app.get('/getWallets', c => {
    requireProject(c, context)
    const query = parseQuery(c, getWalletsQuerySchema)
    return respond(c, getWalletsResponseSchema, queryCatalog(wallets(), query))
  })

  app.get('/appkit/v1/config', c => {
    requireProject(c, context)
    // docs/behaviour.md section 9: the default remote features, the same list the kit falls back to.
    return respond(c, projectConfigResponseSchema, { features: [...DEFAULT_REMOTE_FEATURES] })
  })

  app.get('/projects/v1/origins', c => {
    const { project } = requireProject(c, context)
    return respond(c, originsResponseSchema, { allowedOrigins: [...project.allowedOrigins] })
  })

  const image = (kind: string, find: (id: string) => ImageSpec | undefined) => (c: Context) => {
    requireProject(c, context)
    const { id } = parseParams(c, imageParamsSchema)
    const spec = find(id)
    if (!spec) throw notFound(`No ${kind} image with id '${id}'`)
    return svgResponse(c, spec)
  }

  app.get(
    '/getWalletImage/:id',
    image('wallet', id => {
      const wallet = walletByImageId(id)
      return wallet ? walletImage(wallet) : undefined
    })
  )
  app.get('/public/getAssetImage/:id', image('asset', assetImage))
  app.get('/public/getCurrencyImage/:id', image('currency', currencyImage))
  app.get('/public/getTokenImage/:id', image('token', tokenImage))

  return app
}
