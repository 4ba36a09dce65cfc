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

/** Forgets every recorded request. */
export async function forgetRequests(): Promise<void> {
  await fetch(`${BACKEND}/__requests`, { method: 'DELETE' })
}
