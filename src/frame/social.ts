// Social login through the embedded wallet, what the page and the frame agree on: the query
// parameters the provider's return brings back to the page (set by the frame's backend), and the
// texts of an attempt that did not end in a login.
export const SOCIAL_RESULT_PARAM = 'appkit_social_result'
export const SOCIAL_ERROR_PARAM = 'appkit_social_error'

/** The visitor refused, or closed the provider's window. */
export const SOCIAL_CANCELLED = 'The sign-in was cancelled'
/** Anything else: a provider's error, a late or reused result. */
export const SOCIAL_FAILED = 'The sign-in did not finish, try again'

/** Whether `url` carries a social login's return (a result or an error). */
export function isSocialReturn(url: URL): boolean {
  return url.searchParams.has(SOCIAL_RESULT_PARAM) || url.searchParams.has(SOCIAL_ERROR_PARAM)
}
