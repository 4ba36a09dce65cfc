// End to end: the wagmi example (apps/examples/wagmi/, React on wagmi's hooks with
// appkit-elements/wagmi) on the local stack in Chromium, with the AppKit Dev Wallet put on the page
// as an extension would (test-wallets.mjs). Issue 31 ("wagmi"): after connecting through our modal,
// wagmi's useConnection shows the account, useReadContract reads the tUSDC balance,
// useWriteContract's transfer is approved in the wallet and mined (checked on chain A), and
// useSignTypedData's signature verifies for the account. Assumes `npm run build` already ran;
// builds the example itself from that dist/.
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { after, before, test } from 'node:test'
import { createPublicClient, http, verifyTypedData } from 'viem'
import { CONTRACTS, localViemChain } from '../../local/chain/deployment.ts'
import { freshAccount, fundOnChainA, tokenBalance } from './chain-a.mjs'
import { ROOT, assertPagesBuilt, openPage, startPageServer, waitForModalClosed, waitForModalOpen } from './helpers.mjs'
import { useLocalStack } from './local-stack.mjs'
import { addTestWallets } from './test-wallets.mjs'

/** Builds apps/examples/wagmi/dist/ from the current dist/ (about a second). */
function buildWagmiExample() {
  const vite = join(ROOT, 'node_modules/vite/bin/vite.js')
  const result = spawnSync(
    process.execPath,
    [vite, 'build', '-c', 'apps/examples/wagmi/vite.config.ts', '--logLevel', 'warn'],
    { cwd: ROOT, encoding: 'utf8' }
  )
  if (result.status !== 0 || !existsSync(join(ROOT, 'apps/examples/wagmi/dist/index.html'))) {
    throw new Error(`Building the wagmi example failed:\n${result.stdout}${result.stderr}`)
  }
}

const stack = useLocalStack()
let server
before(async () => {
  assertPagesBuilt()
  buildWagmiExample()
  server = await startPageServer()
})
after(() => server?.stop())

const exampleUrl = () =>
  `${server.url}/examples/wagmi/?chain-a=${encodeURIComponent(stack.rpc.a)}&chain-b=${encodeURIComponent(stack.rpc.b)}`

test('wagmi example: connected through the modal, useReadContract reads tUSDC, useWriteContract’s transfer is mined on chain A, useSignTypedData signs', async () => {
  // The Dev Wallet holds an account of its own (no other file sends from it): 1 ETH and 10 tUSDC.
  const sender = freshAccount()
  const receiver = freshAccount()
  await fundOnChainA(stack.rpc.a, sender.address, 10)
  const { context, page, problems } = await openPage(stack.browser)
  try {
    await addTestWallets(context, {
      chainA: stack.rpc.a,
      chainB: stack.rpc.b,
      solana: stack.rpc.solana,
      devWalletKey: sender.privateKey
    })
    await page.goto(exampleUrl())
    const output = id => page.getByTestId(id)
    assert.equal(await output('status').textContent(), 'disconnected')
    await page.locator('appkit-button [data-testid="connect-button"]').click()
    await page.getByTestId('connector-dev.appkit.wallet').click()
    await page.getByTestId('dev-wallet-approve').click()

    // wagmi sees the connection made in the modal.
    await page.waitForFunction(() => document.querySelector('[data-testid="status"]')?.textContent === 'connected')
    await waitForModalOpen(page)
    await page.keyboard.press('Escape')
    await waitForModalClosed(page)
    assert.equal((await output('address').textContent()).toLowerCase(), sender.address.toLowerCase())
    assert.equal(await output('chain-id').textContent(), '31337')
    await page.waitForFunction(() => document.querySelector('[data-testid="balance"]')?.textContent === '10')

    // useWriteContract: the wallet asks in its panel; the transfer is mined on chain A.
    await output('recipient').fill(receiver.address)
    await output('transfer').click()
    await page.getByTestId('dev-wallet-approve').click()
    await page.waitForFunction(() =>
      /^0x[0-9a-f]{64}$/.test(document.querySelector('[data-testid="transaction"]')?.textContent ?? '')
    )
    const hash = await output('transaction').textContent()
    const client = createPublicClient({ chain: localViemChain(31337, stack.rpc.a), transport: http(stack.rpc.a) })
    const receipt = await client.waitForTransactionReceipt({ hash, timeout: 30_000 })
    assert.equal(receipt.status, 'success')
    assert.equal(receipt.from.toLowerCase(), sender.address.toLowerCase())
    assert.equal(receipt.to?.toLowerCase(), CONTRACTS.tUSDC.toLowerCase())
    assert.equal(await tokenBalance(stack.rpc.a, CONTRACTS.tUSDC, receiver.address), 1_500_000n)
    assert.equal(await tokenBalance(stack.rpc.a, CONTRACTS.tUSDC, sender.address), 8_500_000n)
    await output('refresh').click()
    await page.waitForFunction(() => document.querySelector('[data-testid="balance"]')?.textContent === '8.5')

    // useSignTypedData: approved in the wallet; the signature is the account's.
    await output('sign').click()
    await page.getByTestId('dev-wallet-approve').click()
    await page.waitForFunction(() =>
      /^0x[0-9a-f]{130}$/.test(document.querySelector('[data-testid="signature"]')?.textContent ?? '')
    )
    const valid = await verifyTypedData({
      address: sender.address,
      domain: { name: 'appkit-elements wagmi example', version: '1', chainId: 31337 },
      types: {
        Greeting: [
          { name: 'from', type: 'address' },
          { name: 'text', type: 'string' }
        ]
      },
      primaryType: 'Greeting',
      message: { from: sender.address, text: 'Hello from wagmi' },
      signature: await output('signature').textContent()
    })
    assert.equal(valid, true)
    assert.deepEqual(problems, [])
  } finally {
    await context.close()
  }
})
