// A Web Test Runner command that waits, through Playwright, until an element is visible inside a
// cross-origin iframe of the test's page (the test page itself cannot read the frame's document):
// `executeServerCommand('wait-for-frame-selector', { url: '/fixture/frame.html', selector: '#x' })`.
// The frame is the newest one whose address contains `url`. Used by the wallet frame's tests to
// wait for an approval on screen instead of sleeping.

export function frameSelectorPlugin() {
  return {
    name: 'wait-for-frame-selector',
    async executeCommand({ command, payload, session }) {
      if (command !== 'wait-for-frame-selector') return undefined
      if (session.browser.type !== 'playwright')
        throw new Error('wait-for-frame-selector needs the Playwright launcher')
      const { url, selector } = payload ?? {}
      if (typeof url !== 'string' || typeof selector !== 'string') {
        throw new Error('wait-for-frame-selector needs { url: string, selector: string }')
      }
      const page = session.browser.getPage(session.id)
      const frame = page
        .frames()
        .filter(candidate => candidate.url().includes(url))
        .at(-1)
      if (!frame) throw new Error(`No frame at ${url}`)
      await frame.waitForSelector(selector, { state: 'visible', timeout: 20_000 })
      return true
    }
  }
}
