import { isSafeUrl } from './safe-url.js'

/** Raster and SVG images as data URIs: what EIP-6963 and the Wallet Standard give as wallet icons. */
const DATA_IMAGE = /^data:image\/(?:png|jpeg|gif|webp|avif|svg\+xml)(?:;[a-z0-9=.+-]+)*,/i

/**
 * Whether a wallet-given image may be shown with `<img src>`: a data:image URI (an SVG in an
 * `<img>` runs no script) or a URL isSafeUrl allows (https, or one of `allowedOrigins`).
 */
export function isSafeImageUrl(url: unknown, allowedOrigins: readonly string[] = []): url is string {
  if (typeof url !== 'string' || url.length === 0) return false
  return DATA_IMAGE.test(url) || isSafeUrl(url, allowedOrigins)
}
