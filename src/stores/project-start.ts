import { resetAnalytics, startAnalytics } from './analytics.js'
import { followModalEvents, type EarlyModalTransitions } from './modal-events.js'
import { $options } from './options.js'
import { checkProject } from './project-checks.js'

let started = false

/**
 * What starts when the modal first opens (issue 13): analytics begins listening (its events wait
 * for the project's answer), the modal's events join the kit's stream, and the project is checked
 * (alerts). A project that may not be used from this page (no project id, an unknown one, an
 * origin on no list) sends nothing. Resolves once all of it has settled. `early`: the modal's
 * openings and closings since the one that started it, each counted.
 */
export async function startProject(early?: EarlyModalTransitions): Promise<void> {
  if (started) {
    early?.stop()
    return
  }
  started = true
  const options = $options.get()
  let passed: (ok: boolean) => void = () => undefined
  const checked = new Promise<boolean>(resolve => (passed = resolve))
  // Listening first (the events recorded before it queued), so that the modal's opening, emitted
  // next, is counted; nothing is sent before the project's check passed.
  const analytics = options?.projectId.trim() && options.apiUrl ? startAnalytics(early, checked) : undefined
  followModalEvents(early)
  const ok = await checkProject()
  passed(ok)
  if (!ok) resetAnalytics()
  await analytics
}

/** Lets startProject run again (tests). */
export function resetProjectStart(): void {
  started = false
}
