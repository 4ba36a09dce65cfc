import { startAnalytics } from './analytics.js'
import { followModalEvents } from './modal-events.js'
import { $options } from './options.js'
import { checkProject } from './project-checks.js'
import { loadRemoteFeatures } from './remote-features.js'

/**
 * What createAppKit starts once the page is idle (issue 13): the modal's events join the kit's
 * stream; the project is checked (alerts); with a project id, its remote features load; and when
 * the project may be used from this page, analytics starts. Nothing here is needed before the
 * visitor's first click.
 */
export async function startProject(explicitFeatures: ReadonlySet<string>): Promise<void> {
  followModalEvents()
  const options = $options.get()
  if (!options?.projectId.trim() || !options.apiUrl) {
    // No project (the alert says so) or no backend: nothing is asked of any backend.
    await checkProject()
    return
  }
  const [usable] = await Promise.all([checkProject(), loadRemoteFeatures(explicitFeatures)])
  if (usable) await startAnalytics()
}
