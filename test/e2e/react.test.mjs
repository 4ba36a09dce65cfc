// End to end: the React example (apps/examples/react/, built with Vite from `appkit-elements` and
// `appkit-elements/react` resolved to dist/), on React 19 and on React 18 (the react-18 and
// react-dom-18 npm aliases). Assumes `npm run build` already ran (fails at once when dist/ is
// missing); builds both example pages itself from that dist/ (helpers.mjs: buildReactExample).
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import {
  buildReactExample,
  deepActiveElement,
  isModalOpen,
  openPage,
  waitForModalClosed,
  waitForModalOpen,
  usePagesInChromium,
  waitForView
} from './helpers.mjs'

const pages = usePagesInChromium(buildReactExample)

/** Each React major and the path of the example page built on it. */
const PAGES = [
  { major: '19', path: '/examples/react/' },
  { major: '18', path: '/examples/react/react-18/' }
]

for (const { major, path } of PAGES) {
  describe(`React ${major} (${path})`, () => {
    test(`the page runs React ${major}, react and react-dom of one version`, async () => {
      const { context, page, problems } = await openPage(pages.browser)
      try {
        await page.goto(`${pages.server.url}${path}`)
        await page.locator('appkit-button [data-testid="connect-button"]').waitFor({ state: 'visible', timeout: 5000 })
        const versions = await page.evaluate(() => globalThis.reactVersions)
        assert.equal(versions?.react.split('.')[0], major, `the page runs React ${versions?.react}`)
        // react-dom 18.3.1's production build says 18.3.1-next-f1338f8080-20240426.
        assert.equal(versions.reactDom.split('-')[0], versions.react)
        assert.match(await page.locator('main p').innerText(), new RegExp(`on React ${major}\\.`))
        assert.deepEqual(problems, [])
      } finally {
        await context.close()
      }
    })

    test('<AppKitButton /> opens the modal on Connect, Escape closes it and focus returns', async () => {
      const { context, page, problems } = await openPage(pages.browser)
      try {
        await page.goto(`${pages.server.url}${path}`)
        const connectButton = page.locator('appkit-button [data-testid="connect-button"]')
        await connectButton.waitFor({ state: 'visible', timeout: 5000 })
        assert.equal(await isModalOpen(page), false)

        await connectButton.click()
        await waitForModalOpen(page)
        await waitForView(page, 'w3m-connect-view')

        await page.keyboard.press('Escape')
        await waitForModalClosed(page)
        assert.deepEqual(await deepActiveElement(page), {
          tag: 'button',
          testId: 'connect-button',
          hosts: ['appkit-button', 'appkit-connect-button']
        })
        assert.deepEqual(problems, [])
      } finally {
        await context.close()
      }
    })

    test('useAppKit().open({ view: "Networks" }) opens the Networks view', async () => {
      const { context, page, problems } = await openPage(pages.browser)
      try {
        await page.goto(`${pages.server.url}${path}`)
        const openNetworks = page.getByTestId('open-networks')
        await openNetworks.waitFor({ state: 'visible', timeout: 5000 })
        await openNetworks.click()
        await waitForModalOpen(page)
        await waitForView(page, 'w3m-networks-view')

        await page.keyboard.press('Escape')
        await waitForModalClosed(page)
        assert.equal((await deepActiveElement(page))?.testId, 'open-networks')
        assert.deepEqual(problems, [])
      } finally {
        await context.close()
      }
    })
  })
}
