import { setModalLoading } from './modal.js'

/** The waits under way: a connector's answer, a view's first data. */
const waits = new Set<object>()

/**
 * Runs `work` with the modal's public `loading` set (docs/behaviour.md section 4: modal open/closed, loading):
 * true while any wait is under way (a connector connecting, a view's first data), false once the
 * last ends, whether it succeeded or not.
 */
export async function whileLoading<T>(work: () => Promise<T>): Promise<T> {
  const wait = {}
  waits.add(wait)
  setModalLoading(true)
  try {
    return await work()
  } finally {
    waits.delete(wait)
    setModalLoading(waits.size > 0)
  }
}
