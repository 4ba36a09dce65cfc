// The host page's origin, as the frame and its backend share it (issue 29): the frame serves one
// host page, named in its address (?hostOrigin=) and checked against each message's origin, and
// names that origin on every call to its backend, which binds a login's session to it.

/** The header of a frame-api call that names the host page it is made for. */
export const HOST_ORIGIN_HEADER = 'x-appkit-host-origin'

/** Whether `text` is an origin as the browser writes one (scheme, host, port if any; nothing else). */
export function isOrigin(text: string): boolean {
  try {
    return new URL(text).origin === text
  } catch {
    return false
  }
}
