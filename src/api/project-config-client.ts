import { clientSlot } from './client-slot.js'
import { HttpClient } from './http-client.js'
import { originsResponseSchema, projectConfigResponseSchema, type RemoteFeature } from './schemas/catalog.js'

/** The project's remote features (docs/behaviour.md section 7: GET /appkit/v1/config). */
export interface ProjectConfigClient {
  features(): Promise<RemoteFeature[]>
  /** The origin patterns the project allows (GET /projects/v1/origins). */
  origins(): Promise<string[]>
}

const slot = clientSlot(createProjectConfigClient)

/** Replaces the client getProjectConfigClient returns (tests and stories); undefined returns to the default. */
export function setProjectConfigClient(client: ProjectConfigClient | undefined): void {
  slot.set(client)
}

/** The client for the current options; undefined when createAppKit was given no apiUrl. */
export function getProjectConfigClient(
  config: { readonly projectId: string; readonly apiUrl: string | undefined } | undefined
) {
  return slot.get(config)
}

function createProjectConfigClient(projectId: string, apiUrl: string): ProjectConfigClient {
  const http = new HttpClient({ projectId, baseUrl: apiUrl })
  return {
    features: async () => (await http.get('/appkit/v1/config', projectConfigResponseSchema, { retry: false })).features,
    origins: async () =>
      (await http.get('/projects/v1/origins', originsResponseSchema, { retry: false })).allowedOrigins
  }
}
