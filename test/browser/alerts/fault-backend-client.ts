// The fault-injecting backend of the test server (test/browser/fault-backend.mjs), as the tests reach it.
export const BACKEND = `${location.origin}/fault-backend`

export interface RecordedRequest {
  method: string
  path: string
  body: unknown
  contentType: string
}

/** What the kit asked of the backend for `projectId`, in order. */
export async function backendRequests(projectId: string): Promise<RecordedRequest[]> {
  return (await fetch(`${BACKEND}/__requests?projectId=${encodeURIComponent(projectId)}`)).json()
}

/** Forgets what was recorded for `projectIds` (each test file uses its own project ids). */
export async function forgetRequests(projectIds: readonly string[]): Promise<void> {
  await fetch(`${BACKEND}/__requests?projectIds=${encodeURIComponent(projectIds.join(','))}`, { method: 'DELETE' })
}
