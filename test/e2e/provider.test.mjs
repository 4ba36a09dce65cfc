// End to end: the wallet-provider example (apps/examples/provider/, plain HTML, no framework) on the
// local stack in Chromium, with the AppKit Dev Wallet put on the page as an extension would
// (test-wallets.mjs). Issue 31 (spec §5, the connection handed to the app): after connecting in the
// modal, the page reads eth_chainId / eth_accounts through appKit.getWalletProvider('eip155'),
// sends ETH with eth_sendTransaction (mined, checked on chain A), and shows chainChanged when the
// visitor switches network in the modal. Assumes `npm run build` already ran.
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { createPublicClient, http, parseEther } from 'viem'
import { localViemChain } from '../../local/chain/deployment.ts'
import { freshAccount } from './chain-a.mjs'
import { assertPagesBuilt, startPageServer, waitForModalClosed, waitForModalOpen } from './helpers.mjs'
import { useLocalStack } from './local-stack.mjs'
import { connectDevWallet, openWithDevWallet } from './test-wallets.mjs'

const stack = useLocalStack()
let server
before(async () => {
  assertPagesBuilt()
  server = await startPageServer()
})
after(() => server?.stop())

/** The example page on the stack's chains (their RPCs in the query, as the page reads them). */
const exampleUrl = () =>
  `${server.url}/examples/provider/?chain-a=${encodeURIComponent(stack.rpc.a)}&chain-b=${encodeURIComponent(stack.rpc.b)}`

test('provider example: eth_chainId and eth_accounts through getWalletProvider, a sent transfer mined on chain A, chainChanged on a network switch in the modal', async () => {
  // The Dev Wallet holds an account of its own (no other file sends from it), funded with 1 ETH.
  const receiver = freshAccount()
  const { context, page, problems, sender } = await openWithDevWallet(stack, exampleUrl())
  try {
    const output = id => page.getByTestId(id)
    await connectDevWallet(page)

    // Read through the provider: the kit's session answers them.
    await page.waitForFunction(
      () => document.querySelector('[data-testid="accounts"]')?.textContent?.startsWith('0x'),
      undefined,
      { timeout: 15_000 }
    )
    // The modal shows the Account view after connecting; the visitor closes it.
    await waitForModalOpen(page)
    await page.keyboard.press('Escape')
    await waitForModalClosed(page)
    assert.equal(await output('chain-id').textContent(), '0x7a69')
    assert.equal((await output('accounts').textContent()).toLowerCase(), sender.address.toLowerCase())

    // eth_sendTransaction goes to the wallet, which asks in its panel; the page shows the hash.
    await output('recipient').fill(receiver.address)
    await output('send').click()
    await page.getByTestId('dev-wallet-approve').click()
    await page.waitForFunction(() =>
      /^0x[0-9a-f]{64}$/.test(document.querySelector('[data-testid="transaction"]')?.textContent ?? '')
    )
    const hash = await output('transaction').textContent()
    const client = createPublicClient({ chain: localViemChain(31337, stack.rpc.a), transport: http(stack.rpc.a) })
    const receipt = await client.waitForTransactionReceipt({ hash, timeout: 30_000 })
    assert.equal(receipt.status, 'success')
    assert.equal(receipt.from.toLowerCase(), sender.address.toLowerCase())
    assert.equal(receipt.to?.toLowerCase(), receiver.address.toLowerCase())
    assert.equal(await client.getBalance({ address: receiver.address }), parseEther('0.001'))

    // Switching network in the modal: the provider raises chainChanged (hex), which the page shows.
    await page.locator('appkit-network-button [data-testid="network-button"]').click()
    await page.getByTestId('network-eip155:31338').click()
    await page.waitForFunction(() => document.querySelector('[data-testid="chain-id"]')?.textContent === '0x7a6a')
    assert.deepEqual(await output('events').locator('li').allTextContents(), ['chainChanged "0x7a6a"'])
    assert.deepEqual(problems, [])
  } finally {
    await context.close()
  }
})
