import type { HttpClient } from './http-client.js'

/**
 * Images on the backend itself (token icons, NFT images) are served to the project: their URLs
 * get the project's query, as the catalog's do. Any other URL is returned unchanged.
 */
export function projectImageUrl(http: HttpClient, apiUrl: string): (url: string) => string {
  const base = new URL(apiUrl)
  const basePath = base.pathname.replace(/\/$/, '')
  return url => {
    try {
      const parsed = new URL(url)
      if (parsed.origin !== base.origin || !parsed.pathname.startsWith(basePath) || parsed.search) return url
      return http.url(parsed.pathname.slice(basePath.length))
    } catch {
      return url
    }
  }
}
