import { clientSlot } from './client-slot.js'
import { HttpClient } from './http-client.js'
import { profileAccountResponseSchema, type Profile } from './schemas/profile.js'

/**
 * Names from the backend's registry (spec.md section 7: GET /v1/profile/account/{name}?apiVersion=2),
 * for the Send form's receiver. Its own module so that the profile schemas load with the Send view.
 */
export interface NameClient {
  /** The profile of `name` (alice.appkit.id): its addresses by coin type. Rejects when it has none. */
  profile(name: string, signal?: AbortSignal): Promise<Profile>
}

const slot = clientSlot(createNameClient)

/** Replaces the client getNameClient returns (tests and stories); undefined returns to the default. */
export function setNameClient(client: NameClient | undefined): void {
  slot.set(client)
}

/** The client for the current options; undefined when createAppKit was given no apiUrl. */
export function getNameClient(config: { readonly projectId: string; readonly apiUrl: string | undefined } | undefined) {
  return slot.get(config)
}

function createNameClient(projectId: string, apiUrl: string): NameClient {
  const http = new HttpClient({ projectId, baseUrl: apiUrl })
  return {
    profile: (name, signal) =>
      http.get(`/v1/profile/account/${encodeURIComponent(name)}`, profileAccountResponseSchema, {
        query: { apiVersion: '2' },
        ...(signal ? { signal } : {})
      })
  }
}
