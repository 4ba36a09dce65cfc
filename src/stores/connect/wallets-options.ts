import { $options } from '../options.js'

/** What the wallet catalog takes from the createAppKit options: include, exclude, featured ids, the client. */
export function catalogOptions() {
  const app = $options.get()
  return {
    include: app?.includeWalletIds ?? [],
    exclude: app?.excludeWalletIds ?? [],
    featured: app?.featuredWalletIds ?? [],
    client: { projectId: app?.projectId ?? '', apiUrl: app?.apiUrl }
  }
}

/** Whether the app's include and exclude ids let a wallet id through. */
export function allowed(id: string, include: readonly string[], exclude: readonly string[]): boolean {
  return !exclude.includes(id) && (include.length === 0 || include.includes(id))
}

/** A failure's text for the catalog's error state. */
export function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'The wallet catalog could not be loaded'
}

/** One catalog configuration: new options (apiUrl, include, exclude, featured ids) start the lists afresh. */
export function catalogKey(): string {
  const { include, exclude, featured, client } = catalogOptions()
  return JSON.stringify([client.projectId, client.apiUrl, include, exclude, featured])
}
