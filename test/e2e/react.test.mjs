// End to end: the React example (examples/react/, built with Vite from `appkit-elements` and
// `appkit-elements/react` resolved to dist/). Assumes `npm run build` already ran (fails at once when
// dist/ is missing); builds the example page itself from that dist/ (npm run build:examples).
import assert from 'node:assert/strict'
import { test } from 'node:test'
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

test('React: <AppKitButton /> opens the modal on Connect, Escape closes it and focus returns', async () => {
  const { context, page, problems } = await openPage(pages.browser)
  try {
    await page.goto(`${pages.server.url}/examples/react/`)
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

test('React: useAppKit().open({ view: "Networks" }) opens the Networks view', async () => {
  const { context, page, problems } = await openPage(pages.browser)
  try {
    await page.goto(`${pages.server.url}/examples/react/`)
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
