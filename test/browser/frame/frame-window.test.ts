// The secure frame's dialog in the host page (src/connectors/auth/frame-window.ts): while the frame
// shows an approval, Escape in the host page does not close it, however often it is pressed
// (Chromium lets a page cancel a close request only once between two user activations, and a key
// press of Escape is none); hide() closes it; axe finds nothing in it.
import { expect } from '@open-wc/testing'
import { sendKeys } from '@web/test-runner-commands'
import { createFrameWindow, type FrameWindow } from '../../../src/connectors/auth/frame-window.js'

describe('the frame’s dialog', () => {
  let frame: FrameWindow | undefined
  afterEach(() => {
    frame?.remove()
    frame = undefined
  })

  it('stays open on repeated Escapes in the host page while it shows; hide() closes it', async () => {
    frame = createFrameWindow('about:blank', 'Secure wallet')
    frame.show()
    expect(frame.dialog.open).to.equal(true)
    for (let press = 1; press <= 3; press++) {
      // The visitor is in the host page, not in the frame (a click beside it, say).
      ;(document.activeElement as HTMLElement | null)?.blur()
      await sendKeys({ press: 'Escape' })
      await new Promise(resolve => setTimeout(resolve, 50))
      expect(frame.dialog.open, `after Escape ${press}`).to.equal(true)
    }
    await expect(frame.dialog).to.be.accessible()
    frame.hide()
    await new Promise(resolve => setTimeout(resolve, 50))
    expect(frame.dialog.open).to.equal(false)
  })

  it('Escape reaches the host page again once the frame is hidden or removed', async () => {
    frame = createFrameWindow('about:blank', 'Secure wallet')
    const seen: boolean[] = []
    const listener = (event: KeyboardEvent): void => void seen.push(event.defaultPrevented)
    document.addEventListener('keydown', listener)
    try {
      frame.show()
      frame.hide()
      await sendKeys({ press: 'Escape' })
      frame.remove()
      frame = undefined
      await sendKeys({ press: 'Escape' })
      expect(seen).to.deep.equal([false, false])
    } finally {
      document.removeEventListener('keydown', listener)
    }
  })
})
