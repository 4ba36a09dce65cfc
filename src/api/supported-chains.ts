import type { HttpClient } from './http-client.js'
import { supportedChainsResponseSchema } from './schemas/chains.js'

/**
 * Whether the backend serves a network (docs/behaviour.md section 5: calls are skipped with empty results
 * when the active network is unsupported). Its list (docs/behaviour.md section 7: GET /v1/supported-chains,
 * the `http` list) is read once per backend and project for the page's life, by the first call
 * that needs it; calls made while it is read wait for the same answer. A read that fails (the
 * backend down, an old backend without the path, an answer that does not fit the schema) counts as
 * "every network is served" for the page's life: the calls then go out as before and answer, or
 * fail, on their own, rather than the kit hiding balances because one list could not be read.
 */
export type BackendServes = (caipNetworkId: string) => Promise<boolean>

const lists = new Map<string, Promise<ReadonlySet<string> | undefined>>()

async function readList(http: HttpClient): Promise<ReadonlySet<string> | undefined> {
  try {
    // One try: the answer only saves requests, and a retry would hold up the call that waits on it.
    const answer = await http.get('/v1/supported-chains', supportedChainsResponseSchema, { retry: false })
    return new Set(answer.http)
  } catch (error) {
    console.warn('[appkit] The backend did not list its networks; every network is asked:', error)
    return undefined
  }
}

/** The check for the backend and project `http` talks to (one list read for all its clients). */
export function backendServes(http: HttpClient): BackendServes {
  return async caipNetworkId => {
    const key = `${http.projectId}\u0000${http.baseUrl}`
    let list = lists.get(key)
    if (!list) {
      list = readList(http)
      lists.set(key, list)
    }
    return (await list)?.has(caipNetworkId) ?? true
  }
}
