// End to end: Sign In With Farcaster through the embedded wallet against the local stack (issue
// 15): the Connect view's Farcaster button shows the QR code and 'Open Farcaster'; the link opens
// the local Farcaster app's page (local/farcaster/local-app.ts, served by the local relay), whose Approve
// signs as fid 1 with its custody key; the backend verifies the message on chain A (the ID
// registry) and the visitor is connected, the Account view naming them; a reload keeps the login,
// and the same fid in a fresh browser gets the same wallet. A message signed by a key that does not
// hold the fid is refused with the spec-style text, and Try again starts over.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { TEST_ACCOUNTS } from '../../local/chain/deployment.ts'
import { approveFarcasterSignIn } from '../../local/farcaster/approve.ts'
import { LOCAL_FID } from '../../local/farcaster/local-app.ts'
import { openDemo as openDemoPage, textOf, waitForAddress } from './demo-page.mjs'
import { useLocalStack } from './local-stack.mjs'

const stack = useLocalStack()
const RUN = Date.now().toString(36)

const openDemo = (context, query = '') => openDemoPage(stack.site.url, context, query)
const text = textOf

/** From the host button to the ConnectingFarcaster view's link: the sign-in URL. */
async function openFarcaster(page) {
  await page.locator('appkit-button [data-testid="connect-button"]').click()
  await page.getByTestId('social-farcaster').click()
  const link = page.getByTestId('farcaster-open')
  await link.waitFor({ timeout: 20_000 })
  return link
}

/** 'Open Farcaster' opens the local app's page in a new tab; Approve there, as `username`. */
async function approveInLocalApp(page, link, username) {
  const [app] = await Promise.all([page.context().waitForEvent('page'), link.click()])
  await app.locator('input[name="username"]').fill(username, { timeout: 20_000 })
  await app.getByTestId('farcaster-approve').click()
  await app.getByTestId('farcaster-approved').waitFor({ timeout: 20_000 })
  await app.close()
}

let address

test('Open Farcaster leads to the local app; its approval, verified on chain, connects the visitor under the Farcaster name; a reload keeps it', async () => {
  const context = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } })
  try {
    const { page, problems, quiet } = await openDemo(context)
    const link = await openFarcaster(page)
    const href = await link.getAttribute('href')
    assert.ok(href.startsWith(`${stack.farcaster.url}/~/siwf?channelToken=`), href)
    assert.equal(new URL(href).searchParams.get('domain'), new URL(stack.site.url).host)
    assert.equal(await text(page, 'farcaster-status'), 'Waiting for you to approve in Farcaster')
    assert.equal(await page.getByTestId('farcaster-qr').locator('svg[role="img"]').count(), 1, 'the QR code is drawn')

    const name = `alice-${RUN}`
    await approveInLocalApp(page, link, name)
    address = await waitForAddress(page)
    assert.notEqual(
      address.toLowerCase(),
      TEST_ACCOUNTS[3].address.toLowerCase(),
      'the wallet is the frame’s, not the custody key'
    )
    assert.equal(await text(page, 'account-social'), `Signed in with Farcaster as ${name}`)
    // The relay holds this sign-in's channel (the link's token) as completed, by fid 1 under that name.
    const channel = await fetch(`${stack.farcaster.url}/v1/channel/status`, {
      headers: { Authorization: `Bearer ${new URL(href).searchParams.get('channelToken')}` }
    })
    assert.equal(channel.status, 200)
    const status = await channel.json()
    assert.deepEqual([status.state, status.fid, status.username], ['completed', LOCAL_FID.fid, name])

    await quiet()
    await page.reload()
    assert.equal(await waitForAddress(page), address)
    assert.deepEqual(problems, [])
  } finally {
    await context.close()
  }

  // The same fid in a fresh browser: the same wallet.
  const fresh = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } })
  try {
    const { page, problems } = await openDemo(fresh)
    await approveInLocalApp(page, await openFarcaster(page), `alice-${RUN}`)
    assert.equal(await waitForAddress(page), address)
    assert.deepEqual(problems, [])
  } finally {
    await fresh.close()
  }
})

test('a message signed by a key that does not hold the fid is refused: said, nothing connects; Try again starts over', async () => {
  const context = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } })
  try {
    const { page, problems } = await openDemo(context)
    const link = await openFarcaster(page)
    const href = await link.getAttribute('href')
    // A Farcaster app that claims fid 1 but signs with test account #0's key.
    const status = await approveFarcasterSignIn({
      relayUrl: stack.farcaster.url,
      uri: href,
      privateKey: TEST_ACCOUNTS[0].privateKey,
      fid: LOCAL_FID.fid,
      username: 'mallory'
    })
    assert.equal(status, 201)
    await page
      .getByTestId('farcaster-error')
      .filter({ hasText: 'The Farcaster sign-in could not be verified' })
      .waitFor({ timeout: 15_000 })
    assert.equal(await text(page, 'account-is-connected'), 'false')
    await page.getByTestId('farcaster-retry').click()
    const again = page.getByTestId('farcaster-open')
    await again.waitFor({ timeout: 20_000 })
    assert.notEqual(await again.getAttribute('href'), href)
    // The one expected failure: the backend's refusal of the finish, answered 400.
    const refused = problems.filter(problem => /^HTTP 400: .*\/frame-api\/farcaster\/finish$/.test(problem))
    assert.equal(refused.length, 1)
    assert.deepEqual(
      problems.filter(problem => !refused.includes(problem)),
      []
    )
  } finally {
    await context.close()
  }
})
