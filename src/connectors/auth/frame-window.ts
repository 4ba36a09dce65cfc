// The secure frame's iframe in the host page. It sits in a `<dialog>` of its own, appended to
// <body>: closed (and so hidden) while the frame only works in the background, shown as a modal
// dialog (the top layer, above the kit's modal) while the visitor approves something in the frame.
// The iframe is never moved (moving an iframe reloads it). Styles are set through the CSSOM, which
// a strict Content-Security-Policy allows (no style attribute is parsed from markup).

export interface FrameWindow {
  readonly iframe: HTMLIFrameElement
  readonly dialog: HTMLDialogElement
  /** Shows the frame to the visitor (a modal dialog above the kit's modal). */
  show(): void
  /** Hides it again; the frame keeps running. */
  hide(): void
  /** Takes the frame out of the page. */
  remove(): void
}

/**
 * The frame's address: its page with the host's origin and the project, which it checks, and the
 * origins of the app's RPC URLs (`rpc`), which its page may then connect to (service/frame/README.md).
 */
export function frameAddress(
  frameUrl: string,
  projectId: string,
  rpcOrigins: readonly string[] = [],
  hostOrigin = location.origin
): string {
  const url = new URL(frameUrl)
  url.searchParams.set('hostOrigin', hostOrigin)
  url.searchParams.set('projectId', projectId)
  for (const origin of rpcOrigins) url.searchParams.append('rpc', origin)
  return url.href
}

export function createFrameWindow(src: string, title: string, doc: Document = document): FrameWindow {
  const dialog = doc.createElement('dialog')
  dialog.dataset.testid = 'w3m-frame-dialog'
  dialog.setAttribute('aria-label', title)
  const frameStyle = {
    padding: '0',
    border: 'none',
    borderRadius: '16px',
    width: 'min(360px, 100vw - 16px)',
    height: 'min(520px, 100vh - 16px)',
    overflow: 'hidden',
    background: 'transparent'
  }
  Object.assign(dialog.style, frameStyle)
  // A pending approval is answered inside the frame only: Escape on the dialog itself does not
  // close it (inside the frame, Escape rejects). Chromium lets a page cancel a close request only
  // once between two user activations, and Escape is none: a second Escape would close the dialog
  // with the approval still pending. So Escape in the host page makes no close request while the
  // frame shows, and a dialog the browser closed by itself anyway is shown again.
  let wanted = false
  dialog.addEventListener('cancel', event => event.preventDefault())
  const onKeydown = (event: KeyboardEvent): void => {
    if (event.key === 'Escape' && dialog.open) event.preventDefault()
  }
  doc.addEventListener('keydown', onKeydown, true)
  dialog.addEventListener('close', () => {
    if (!wanted || !dialog.isConnected) return
    dialog.showModal()
    iframe.focus()
  })

  const iframe = doc.createElement('iframe')
  iframe.dataset.testid = 'w3m-frame'
  iframe.title = title
  iframe.src = src
  iframe.referrerPolicy = 'no-referrer'
  Object.assign(iframe.style, { display: 'block', width: '100%', height: '100%', border: 'none' })
  dialog.append(iframe)
  doc.body.append(dialog)

  return {
    iframe,
    dialog,
    show() {
      wanted = true
      if (!dialog.open) dialog.showModal()
      iframe.focus()
    },
    hide() {
      wanted = false
      if (dialog.open) dialog.close()
    },
    remove() {
      wanted = false
      doc.removeEventListener('keydown', onKeydown, true)
      dialog.remove()
    }
  }
}
