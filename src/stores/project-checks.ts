import { HttpError } from '../api/errors.js'
import { getProjectConfigClient } from '../api/project-config-client.js'
import { isPageOriginAllowed } from '../utils/origin-patterns.js'
import { showAlert, showAlertForError } from './alert.js'
import { $options } from './options.js'

/**
 * Checks the app's project on start (docs/behaviour.md sections 6 to 8), and says what is wrong in the alert
 * bar: no project id at all is 'Project ID Not Configured', without a request; a project the
 * backend does not know is 'Invalid Project ID' (and any other provider error its alert); a page
 * whose origin is neither on the project's list (GET /projects/v1/origins, empty on failure) nor
 * one of the built-in patterns (localhost, 127.0.0.1, *.pages.dev, *.vercel.app) is 'Invalid App
 * Configuration', naming the origin (`origin`: the page's). Resolves whether the project may be
 * used from this page.
 */
export async function checkProject(origin = typeof location === 'undefined' ? '' : location.origin): Promise<boolean> {
  const options = $options.get()
  if (!options) return false
  if (!options.projectId.trim()) {
    showAlert('project-id-not-configured')
    return false
  }
  if (!options.apiUrl || !origin) return true
  const client = getProjectConfigClient({ projectId: options.projectId, apiUrl: options.apiUrl })
  if (!client) return true
  let patterns: string[] = []
  try {
    patterns = await client.origins()
  } catch (error) {
    if (error instanceof HttpError && showAlertForError(error, { projectId: options.projectId, origin })) return false
    console.warn('[appkit] The project’s allowed origins could not be read:', error)
  }
  if (isPageOriginAllowed(origin, patterns)) return true
  showAlert('invalid-app-configuration', origin)
  return false
}
