// End to end: the wagmi example (apps/examples/wagmi/, React on wagmi's hooks with
// appkit-elements/wagmi) on the local stack in Chromium, with the AppKit Dev Wallet put on the page
// as an extension would (test-wallets.mjs), and with the e-mail wallet (the embedded wallet in its
// frame, the code read from the local inbox), its EOA and its smart account. Issue 31 ("Examples and
// tests"): after connecting through our modal, wagmi's useConnection shows the account (and follows
// a switch of account type in the modal), useReadContract reads the tUSDC balance,
// useWriteContract's transfer is approved in the wallet and mined (checked on chain A; from the
// smart account, a sponsored user operation), and useSignTypedData's signature verifies for the
// account (by ERC-1271 for the smart account). Assumes `npm run build` already ran; builds the
// example itself from that dist/.
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { after, before, test } from 'node:test'
import { createPublicClient, erc20Abi, getAddress, hashTypedData, http, parseEventLogs, verifyTypedData } from 'viem'
import { appKitSmartAccountAbi } from '../../local/chain/abis.ts'
import { CONTRACTS, localViemChain } from '../../local/chain/deployment.ts'
import { freshAccount, fundOnChainA, tokenBalance } from './chain-a.mjs'
import { approveInFrame, embeddedAccounts, enterEmailAndCodes } from './embedded-page.mjs'
import {
  ROOT,
  assertPagesBuilt,
  isModalOpen,
  openPage,
  startPageServer,
  waitForModalClosed,
  waitForModalOpen
} from './helpers.mjs'
import { useLocalStack } from './local-stack.mjs'
import { connectDevWallet, openWithDevWallet } from './test-wallets.mjs'

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
  `${server.url}/examples/wagmi/?${new URLSearchParams({
    'chain-a': stack.rpc.a,
    'chain-b': stack.rpc.b,
    api: stack.api,
    frame: `${stack.frame}/`
  })}`

/** The typed data the example's useSignTypedData signs for `from` on chain A. */
const greeting = from => ({
  domain: { name: 'appkit-elements wagmi example', version: '1', chainId: 31337 },
  types: {
    Greeting: [
      { name: 'from', type: 'address' },
      { name: 'text', type: 'string' }
    ]
  },
  primaryType: 'Greeting',
  message: { from, text: 'Hello from wagmi' }
})

test('wagmi example: connected through the modal, useReadContract reads tUSDC, useWriteContract’s transfer is mined on chain A, useSignTypedData signs', async () => {
  // The Dev Wallet holds an account of its own (no other file sends from it): 1 ETH and 10 tUSDC.
  const receiver = freshAccount()
  const { context, page, problems, sender } = await openWithDevWallet(stack, exampleUrl(), { tusdc: 10 })
  try {
    const output = id => page.getByTestId(id)
    assert.equal(await output('status').textContent(), 'disconnected')
    await connectDevWallet(page)

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
      ...greeting(sender.address),
      signature: await output('signature').textContent()
    })
    assert.equal(valid, true)
    assert.deepEqual(problems, [])
  } finally {
    await context.close()
  }
})

// The e-mail wallet (the embedded wallet in its frame, issue 31 "Examples and tests"; spec §1 and
// §4 E-mail login): one login for the two tests below, which run in this order on the same page.
// After the login the kit shows the smart account (spec §3: eip155's default account type); the
// first test switches to the EOA in the modal, the second back to the smart account (spec §4
// Preferred account type): wagmi follows each switch.
const embedded = {}
after(() => embedded.context?.close())

/** Waits until wagmi's useConnection shows `address` (the page's 'address' output). */
async function waitForWagmiAddress(page, address) {
  await page
    .waitForFunction(
      expected => document.querySelector('[data-testid="address"]')?.textContent?.toLowerCase() === expected,
      address.toLowerCase(),
      { timeout: 20_000 }
    )
    .catch(async () => assert.fail(`wagmi shows ${await page.getByTestId('address').textContent()}, not ${address}`))
}

/** Switches the account type from the modal's Account view (its button says `label`); waits until wagmi shows `address`, closes the modal. */
async function switchAccountType(page, label, address) {
  if (!(await isModalOpen(page))) await page.locator('appkit-button').first().click()
  const button = page.getByTestId('account-switch-type')
  await button.filter({ hasText: label }).waitFor({ timeout: 15_000 })
  await button.click()
  await waitForWagmiAddress(page, address)
  await page.keyboard.press('Escape')
  await waitForModalClosed(page)
}

/** The page's output `testId` once it holds a new answer: neither empty (pending) nor `previous`. */
async function nextOutput(page, testId, previous, timeout = 30_000) {
  await page.waitForFunction(
    ({ id, before }) => {
      const text = document.querySelector(`[data-testid="${id}"]`)?.textContent ?? ''
      return text !== '' && text !== before
    },
    { id: testId, before: previous },
    { timeout }
  )
  return page.getByTestId(testId).textContent()
}

/** Reads the balance again until the page shows `amount` (tUSDC). */
async function waitForBalance(page, amount) {
  await page.getByTestId('refresh').click()
  await page.waitForFunction(
    expected => document.querySelector('[data-testid="balance"]')?.textContent === expected,
    amount,
    { timeout: 15_000 }
  )
}

test('wagmi example with the e-mail wallet: logged in through the modal (code from the inbox), wagmi shows the smart account, then the EOA once switched in the modal; useWriteContract’s transfer approved in the frame is mined on chain A; the typed-data signature verifies for the EOA', async () => {
  const email = `wagmi-${Date.now()}@example.com`
  const receiver = freshAccount().address
  const chain = createPublicClient({ chain: localViemChain(31337, stack.rpc.a), transport: http(stack.rpc.a) })
  const { context, page, problems } = await openPage(stack.browser, { viewport: { width: 1280, height: 900 } })
  Object.assign(embedded, { context, page, problems, chain })
  await page.goto(exampleUrl())
  assert.equal(await page.getByTestId('status').textContent(), 'disconnected')
  await enterEmailAndCodes(page, stack.mail, email)
  await page.waitForFunction(
    () => document.querySelector('[data-testid="status"]')?.textContent === 'connected',
    null,
    { timeout: 30_000 }
  )
  assert.equal(await page.getByTestId('chain-id').textContent(), '31337')

  // The frame's EVM key is the EOA; the smart account is the factory's address for it.
  const { eoa, smart } = await embeddedAccounts(page, stack.frame, chain)
  Object.assign(embedded, { eoa, smart })
  await waitForWagmiAddress(page, smart)
  // The EOA gets 1 ETH for its fees and 10 tUSDC; the smart account 10 tUSDC and no ETH (sponsored).
  await fundOnChainA(stack.rpc.a, eoa, 10)
  await fundOnChainA(stack.rpc.a, smart, 10, { eth: '0' })

  await switchAccountType(page, 'Switch to EOA', eoa)
  assert.equal(await page.getByTestId('chain-id').textContent(), '31337')
  await waitForBalance(page, '10')

  // useWriteContract: approved in the frame, sent from the EOA and mined on chain A.
  await page.getByTestId('recipient').fill(receiver)
  await page.getByTestId('transfer').click()
  await approveInFrame(page)
  const hash = await nextOutput(page, 'transaction', '')
  assert.match(hash, /^0x[0-9a-f]{64}$/)
  const receipt = await chain.waitForTransactionReceipt({ hash, timeout: 30_000 })
  assert.equal(receipt.status, 'success')
  assert.equal(receipt.from.toLowerCase(), eoa.toLowerCase())
  assert.equal(receipt.to?.toLowerCase(), CONTRACTS.tUSDC.toLowerCase())
  assert.equal(await tokenBalance(stack.rpc.a, CONTRACTS.tUSDC, receiver), 1_500_000n)
  assert.equal(await tokenBalance(stack.rpc.a, CONTRACTS.tUSDC, eoa), 8_500_000n)
  await waitForBalance(page, '8.5')

  // useSignTypedData: approved in the frame; the EOA's own signature.
  await page.getByTestId('sign').click()
  await approveInFrame(page)
  const signature = await nextOutput(page, 'signature', '')
  assert.match(signature, /^0x[0-9a-f]{130}$/)
  assert.equal(await verifyTypedData({ address: eoa, ...greeting(eoa), signature }), true)
  assert.deepEqual(problems, [])
})

test('wagmi example with the e-mail wallet’s smart account: switched back in the modal, wagmi follows; useWriteContract’s transfer is one sponsored user operation (the Transfer from the account contract, no ETH), checked on chain A; the typed-data signature verifies by ERC-1271', async () => {
  const { page, problems, chain, eoa, smart } = embedded
  assert.ok(smart, 'the test before logged in with the e-mail wallet')
  const receiver = freshAccount().address
  const previous = {
    hash: await page.getByTestId('transaction').textContent(),
    signature: await page.getByTestId('signature').textContent()
  }
  await switchAccountType(page, 'Switch to smart account', smart)
  assert.equal(await page.getByTestId('chain-id').textContent(), '31337')
  await waitForBalance(page, '10')
  assert.equal((await chain.getCode({ address: smart })) ?? '0x', '0x', 'not deployed before its first operation')

  // useWriteContract: approved in the frame, sent as a user operation through the bundler; the page
  // gets the hash of the transaction that carried it.
  await page.getByTestId('recipient').fill(receiver)
  await page.getByTestId('transfer').click()
  await approveInFrame(page)
  const hash = await nextOutput(page, 'transaction', previous.hash, 60_000)
  assert.match(hash, /^0x[0-9a-f]{64}$/)
  const receipt = await chain.waitForTransactionReceipt({ hash, timeout: 30_000 })
  assert.equal(receipt.status, 'success')
  assert.equal(receipt.to?.toLowerCase(), CONTRACTS.entryPoint.toLowerCase(), 'carried by the EntryPoint')
  const transfers = parseEventLogs({ abi: erc20Abi, eventName: 'Transfer', logs: receipt.logs }).filter(
    log => log.address.toLowerCase() === CONTRACTS.tUSDC.toLowerCase()
  )
  assert.deepEqual(
    transfers.map(log => [log.args.from, log.args.to, log.args.value]),
    [[smart, getAddress(receiver), 1_500_000n]],
    'the transfer comes from the account contract'
  )
  assert.notEqual((await chain.getCode({ address: smart })) ?? '0x', '0x', 'deployed by its first operation')
  assert.equal(await chain.getBalance({ address: smart }), 0n, 'the paymaster paid: the account still has no ETH')
  assert.equal(await tokenBalance(stack.rpc.a, CONTRACTS.tUSDC, receiver), 1_500_000n)
  assert.equal(await tokenBalance(stack.rpc.a, CONTRACTS.tUSDC, smart), 8_500_000n)
  assert.equal(await tokenBalance(stack.rpc.a, CONTRACTS.tUSDC, eoa), 8_500_000n, 'nothing left the EOA')
  await waitForBalance(page, '8.5')

  // useSignTypedData: approved in the frame; the account contract accepts the signature (ERC-1271:
  // isValidSignature answers its magic value; viem's verifyTypedData asks the contract too).
  await page.getByTestId('sign').click()
  await approveInFrame(page)
  const signature = await nextOutput(page, 'signature', previous.signature)
  assert.match(signature, /^0x[0-9a-f]+$/)
  assert.equal(await chain.verifyTypedData({ address: smart, ...greeting(smart), signature }), true)
  assert.equal(
    await chain.readContract({
      address: smart,
      abi: appKitSmartAccountAbi,
      functionName: 'isValidSignature',
      args: [hashTypedData(greeting(smart)), signature]
    }),
    '0x1626ba7e'
  )
  assert.deepEqual(problems, [])
})
