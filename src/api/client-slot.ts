/** Where a client of the backend is kept: one per project and API URL, or one a test put in. */
export interface ClientSlot<T> {
  /** Replaces the client `get` returns (tests and stories); undefined returns to the default. */
  set(client: T | undefined): void
  /** The client for the options; undefined when createAppKit was given no apiUrl. */
  get(config: { readonly projectId: string; readonly apiUrl: string | undefined } | undefined): T | undefined
}

export function clientSlot<T>(create: (projectId: string, apiUrl: string) => T): ClientSlot<T> {
  let injected: T | undefined
  let cached: { readonly key: string; readonly client: T } | undefined
  return {
    set(client) {
      injected = client
    },
    get(config) {
      if (injected) return injected
      if (!config?.apiUrl) return undefined
      const key = `${config.projectId}\u0000${config.apiUrl}`
      if (cached?.key !== key) cached = { key, client: create(config.projectId, config.apiUrl) }
      return cached.client
    }
  }
}
