// A Web Test Runner command that sets Chromium's own time zone override for the page of the test
// file that asks (the DevTools protocol's Emulation.setTimezoneOverride, what Playwright's
// `timezoneId` uses): `executeServerCommand('emulate-time-zone', { timeZone: 'Asia/Shanghai' })`,
// and `{ timeZone: '' }` for the machine's zone again. Test pages are kept from file to file (see
// pooledContexts in web-test-runner.config.mjs), so the pool calls clearTimeZone before a page is
// handed to the next file.

/** The DevTools session of each page whose zone was set. */
const sessions = new WeakMap()

async function setTimeZone(page, timeZone) {
  let session = sessions.get(page)
  if (!session) {
    session = await page.context().newCDPSession(page)
    sessions.set(page, session)
  }
  await session.send('Emulation.setTimezoneOverride', { timezoneId: timeZone })
}

/** Back to the machine's time zone, where a file set another. */
export async function clearTimeZone(page) {
  if (sessions.has(page)) await setTimeZone(page, '')
}

export function timeZonePlugin() {
  return {
    name: 'emulate-time-zone',
    async executeCommand({ command, payload, session }) {
      if (command !== 'emulate-time-zone') return undefined
      if (session.browser.type !== 'playwright') throw new Error('emulate-time-zone needs the Playwright launcher')
      const timeZone = payload?.timeZone
      if (typeof timeZone !== 'string') throw new Error('emulate-time-zone needs { timeZone: string }')
      await setTimeZone(session.browser.getPage(session.id), timeZone)
      return true
    }
  }
}
