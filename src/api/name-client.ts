import { clientSlot } from './client-slot.js'
import { HttpClient } from './http-client.js'
import {
  profileAccountResponseSchema,
  profileReverseResponseSchema,
  profileSuggestionsResponseSchema,
  registerNameBodySchema,
  registerNameResponseSchema,
  type Profile,
  type ProfileSuggestion,
  type RegisterNameBody
} from './schemas/profile.js'

/**
 * Names from the backend's registry (docs/behaviour.md section 7, the profile paths): a name's profile, the
 * names of an address, suggestions, and registration. Its own module, loaded only with the flows
 * that use names (Send, Activity, RegisterAccountName), never with the first load.
 */
export interface NameClient {
  /**
   * GET /v1/profile/account/{name}?apiVersion=2: the profile of `name` (alice.appkit.id), its
   * addresses by coin type. Rejects when it has none (an HttpError with status 404).
   */
  profile(name: string, signal?: AbortSignal): Promise<Profile>
  /** GET /v1/profile/reverse/{address}?apiVersion=2: every name of `address`, newest first. */
  reverse(address: string, options?: { readonly sender?: string; readonly signal?: AbortSignal }): Promise<Profile[]>
  /** GET /v1/profile/suggestions/{name}?zone=: names near `name` under `zone` (appkit.id), each free or taken. */
  suggestions(name: string, zone: string, signal?: AbortSignal): Promise<ProfileSuggestion[]>
  /**
   * POST /v1/profile/account: registers the name of a signed RegisterNameMessage. One try only:
   * the backend writes a chain, and the visitor asks again if it failed.
   */
  register(body: RegisterNameBody): Promise<void>
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
  const withSignal = (signal: AbortSignal | undefined) => (signal ? { signal } : {})
  return {
    profile: (name, signal) =>
      http.get(`/v1/profile/account/${encodeURIComponent(name)}`, profileAccountResponseSchema, {
        query: { apiVersion: '2' },
        ...withSignal(signal)
      }),
    reverse: (address, options = {}) =>
      http.get(`/v1/profile/reverse/${encodeURIComponent(address)}`, profileReverseResponseSchema, {
        query: { apiVersion: '2', sender: options.sender },
        ...withSignal(options.signal)
      }),
    suggestions: async (name, zone, signal) =>
      (
        await http.get(`/v1/profile/suggestions/${encodeURIComponent(name)}`, profileSuggestionsResponseSchema, {
          query: { zone },
          ...withSignal(signal)
        })
      ).suggestions,
    register: async body => {
      await http.post('/v1/profile/account', registerNameResponseSchema, {
        body: registerNameBodySchema.parse(body),
        retry: false
      })
    }
  }
}
