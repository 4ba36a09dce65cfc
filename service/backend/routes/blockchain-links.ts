// What the chain-reading answers (service/backend/routes/blockchain.ts, service/backend/routes/convert.ts) link to
// (token icons, NFT images: absolute URLs under the configured public URL, else the request's
// origin), and the check of the projectId a POST body carries.
import type { Context } from 'hono'
import type { ServerContext } from '../context.js'
import { forbidden } from '../http.js'

export function answerLinks(context: ServerContext) {
  /** Absolute URLs the answers link to: the configured public URL, else this request's origin. */
  const origin = (c: Context) => (context.config.publicUrl ?? new URL(c.req.url).origin).replace(/\/$/, '')
  const tokenIcon = (c: Context) => (imageId: string) =>
    `${origin(c)}/public/getTokenImage/${encodeURIComponent(imageId)}`
  const links = (c: Context) => ({
    tokenIcon: tokenIcon(c),
    nftImage: (chainId: string, contract: string, tokenId: string) =>
      `${origin(c)}/v1/nft/image/${chainId}/${contract}/${tokenId}`
  })
  return { tokenIcon, links }
}

/** POST bodies carry a projectId too: it must be a project of this backend. */
export function checkBodyProject(context: ServerContext, projectId: string): void {
  if (!context.config.projects.some(project => project.id === projectId)) {
    throw forbidden(`Invalid Project ID: '${projectId}' is not a project of this backend`)
  }
}
