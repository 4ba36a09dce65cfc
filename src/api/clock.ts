/**
 * Time as the API clients see it, injectable so tests never wait real seconds.
 * `setTimer` returns a function that cancels the timer.
 */
export interface Clock {
  now(): number
  sleep(ms: number, signal?: AbortSignal): Promise<void>
  setTimer(callback: () => void, ms: number): () => void
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep(ms, signal) {
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason)
      const onAbort = () => {
        clearTimeout(timer)
        reject(signal?.reason)
      }
      const timer = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort)
        resolve()
      }, ms)
      signal?.addEventListener('abort', onAbort, { once: true })
    })
  },
  setTimer(callback, ms) {
    const timer = setTimeout(callback, ms)
    return () => clearTimeout(timer)
  }
}
