/** Runs `task` when the browser is idle (at the latest after `timeoutMs`); on a server, never. */
export function whenIdle(task: () => void, timeoutMs = 2000): void {
  if (typeof window === 'undefined') return
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(task, { timeout: timeoutMs })
  else setTimeout(task, 200)
}
