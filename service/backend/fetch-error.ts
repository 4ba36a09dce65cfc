// A failed fetch's message with what undici keeps in `cause`: 'fetch failed' alone says nothing.

/** Why a fetch failed, with undici's cause (ECONNREFUSED, other side closed, ...) when it has one. */
export function describeFetchError(error: unknown): string {
  if (!(error instanceof Error)) return String(error)
  // undici's own failure is a TypeError; an error that wraps it has said the cause already.
  const cause = error instanceof TypeError && error.cause instanceof Error ? error.cause : undefined
  const code = cause && 'code' in cause && typeof cause.code === 'string' ? cause.code : undefined
  return cause ? `${error.message} (${code ?? cause.message})` : error.message
}
