// End to end: the React example (apps/examples/react/, built with Vite from `appkit-elements` and
// `appkit-elements/react` resolved to dist/), on React 19 and on React 18 (the react-18 and
// react-dom-18 npm aliases). Assumes `npm run build` already ran (fails at once when dist/ is
// missing); builds both example pages itself from that dist/ (helpers.mjs: buildReactExample).
// The connection panel (issue 31) runs on the local stack with the demo's test wallets put on the
// page as an extension would (test-wallets.mjs): a SOL transfer checked on the Solana runtime, a
// personal_sign checked with viem.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { Keypair } from '@solana/web3.js'
import { verifyMessage } from 'viem'
import { TEST_ACCOUNTS } from '../../local/chain/deployment.ts'
import { solanaTestAccounts } from '../../local/solana/accounts.ts'
import { useLocalStack } from './local-stack.mjs'
import { addTestWallets } from './test-wallets.mjs'
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
const stack = useLocalStack()

/** The message the example signs (apps/examples/react/connection-panel.tsx). */
const MESSAGE = 'Hello from the appkit-elements React example'
/** Solana test account #3, Dave: no other file sends SOL from it, so its balance holds still. */
const SOLANA_ACCOUNT = 3

/** `path` on the stack's chains, Solana runtime and backend (their URLs in the query, as the page reads them). */
const onStack = path =>
  `${pages.server.url}${path}?${new URLSearchParams({ 'chain-a': stack.rpc.a, 'chain-b': stack.rpc.b, solana: stack.rpc.solana, api: stack.api })}`

/** A method of the Solana runtime's JSON-RPC. */
async function solanaRpc(method, params) {
  const response = await fetch(stack.rpc.solana, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params })
  })
  const { result, error } = await response.json()
  if (error) throw new Error(`${method}: ${error.message}`)
  return result
}

/** A page of the example on the stack with the test wallets, connected with `wallet` ('dev' or 'solana'). */
async function openConnected(path, wallet) {
  const opened = await openPage(stack.browser)
  const { context, page } = opened
  await addTestWallets(context, {
    chainA: stack.rpc.a,
    chainB: stack.rpc.b,
    solana: stack.rpc.solana,
    solanaAccountIndex: SOLANA_ACCOUNT
  })
  await page.goto(onStack(path))
  await page.locator('appkit-button [data-testid="connect-button"]').click()
  await page
    .getByTestId(wallet === 'dev' ? 'connector-dev.appkit.wallet' : 'connector-AppKit Solana Test Wallet')
    .click()
  await page.getByTestId(wallet === 'dev' ? 'dev-wallet-approve' : 'solana-wallet-approve').click()
  // useWalletInfo() names the wallet once connected; the modal shows the Account view, closed here.
  await page.getByTestId('wallet-name').waitFor({ timeout: 15_000 })
  await waitForModalOpen(page)
  await page.keyboard.press('Escape')
  await waitForModalClosed(page)
  return opened
}

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
        await page.goto(onStack(path))
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
        await page.goto(onStack(path))
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
        await page.goto(onStack(path))
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

    test('issue 31 (spec §5): useWalletInfo, useAppKitBalance, and a SOL transfer built with web3.js on useAppKitConnection, sent through useAppKitProvider("solana"), lands on the runtime', async () => {
      const { context, page, problems } = await openConnected(path, 'solana')
      try {
        assert.equal(await page.getByTestId('wallet-name').textContent(), 'AppKit Solana Test Wallet')

        // fetchBalance reads Dave's balance past the caches: what the runtime holds.
        const lamports = (await solanaRpc('getBalance', [solanaTestAccounts[SOLANA_ACCOUNT].publicKey])).value
        await page.getByTestId('fetch-balance').click()
        await page.waitForFunction(() => document.querySelector('[data-testid="balance"]')?.textContent)
        const [balance, symbol] = (await page.getByTestId('balance').textContent()).split(' ')
        assert.equal(symbol, 'SOL')
        assert.ok(
          Math.abs(Number(balance) - lamports / 1e9) < 0.001,
          `the page shows ${balance} SOL, the runtime ${lamports / 1e9}`
        )

        const receiver = Keypair.generate().publicKey.toBase58()
        await page.getByTestId('sol-recipient').fill(receiver)
        await page.getByTestId('send-sol').click()
        await page.getByTestId('solana-wallet-approve').click()
        await page.waitForFunction(
          () => document.querySelector('[data-testid="sol-signature"]')?.textContent,
          undefined,
          {
            timeout: 30_000
          }
        )
        const signature = await page.getByTestId('sol-signature').textContent()
        assert.match(signature, /^[1-9A-HJ-NP-Za-km-z]{64,88}$/)
        const [status] = (await solanaRpc('getSignatureStatuses', [[signature]])).value
        assert.equal(status?.err, null, `the transfer's status: ${JSON.stringify(status)}`)
        assert.equal((await solanaRpc('getBalance', [receiver, { commitment: 'confirmed' }])).value, 10_000_000)
        assert.deepEqual(problems, [])
      } finally {
        await context.close()
      }
    })

    test('issue 31 (spec §5): personal_sign through useAppKitProvider("eip155") from the Dev Wallet verifies', async () => {
      const { context, page, problems } = await openConnected(path, 'dev')
      try {
        assert.equal(await page.getByTestId('wallet-name').textContent(), 'AppKit Dev Wallet')
        await page.getByTestId('sign-message').click()
        await page.getByTestId('dev-wallet-approve').click()
        await page.waitForFunction(() => document.querySelector('[data-testid="signature"]')?.textContent)
        const signature = await page.getByTestId('signature').textContent()
        assert.match(signature, /^0x[0-9a-f]{130}$/)
        assert.equal(await verifyMessage({ address: TEST_ACCOUNTS[1].address, message: MESSAGE, signature }), true)
        assert.deepEqual(problems, [])
      } finally {
        await context.close()
      }
    })
  })
}
