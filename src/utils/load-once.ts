/**
 * `load` wrapped so that every call shares one load: the promise is kept once it started, and
 * dropped when it fails, so that the next call tries again (a chunk that failed over a flaky
 * network is not failed forever).
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined
      throw error
    }))
}
