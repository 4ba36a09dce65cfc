/**
 * The AppKit Dev Wallet in Chromium against the real local chains (test/wallets/dev-wallet-stack.ts
 * starts them, the test page and Chromium): EIP-6963, connecting, signing, sending, switching and
 * adding chains, a reload, and wallet_sendCalls one call after another. Every signing or sending
 * request is decided in the wallet's own panel. The atomic batches are in dev-wallet-atomic.test.ts.
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { verifyMessage, verifyTypedData, parseEther, type Address, type Hex } from 'viem'
import {
  CHAIN_A_HEX,
  CHAIN_B_HEX,
  WALLET,
  browser,
  call,
  chains,
  clientA,
  clientB,
  connected,
  decide,
  events,
  pageUrl,
  useDevWalletStack,
  type WalletTestWindow
} from './dev-wallet-stack.js'
import { TEST_ACCOUNTS } from '../../local/chain/deployment.js'
import { gotoTestPage, openContext, waitUntil } from './helpers.js'

useDevWalletStack()

describe('AppKit Dev Wallet', () => {
  test('announces itself over EIP-6963 and answers eip6963:requestProvider', async () => {
    const { context, page, problems } = await openContext(browser)
    try {
      await gotoTestPage(page, pageUrl)
      const first = await page.evaluate(() => (globalThis as unknown as WalletTestWindow).walletTest.announced)
      assert.equal(first.length, 1)
      const info = first[0]!
      assert.equal(info.name, 'AppKit Dev Wallet')
      assert.equal(info.rdns, 'dev.appkit.wallet')
      assert.match(info.uuid, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
      assert.match(info.icon, /^data:image\/svg\+xml;base64,/)
      await page.evaluate(() => (globalThis as unknown as WalletTestWindow).walletTest.announce())
      const again = await page.evaluate(() => (globalThis as unknown as WalletTestWindow).walletTest.announced)
      assert.equal(again.length, 2)
      assert.deepEqual(again[1], info)
      assert.deepEqual(problems, [])
    } finally {
      await context.close()
    }
  })

  test('eth_requestAccounts shows the panel; approve gives the account, reject gives 4001', async () => {
    const { context, page, problems } = await openContext(browser)
    try {
      await gotoTestPage(page, pageUrl)
      assert.deepEqual(await call(page, 'eth_accounts'), { result: [] })
      assert.deepEqual(await call(page, 'eth_chainId'), { result: CHAIN_A_HEX })
      // Nothing signs before a connection.
      const early = await call(page, 'personal_sign', ['0x68656c6c6f', WALLET])
      assert.equal(early.error?.code, 4100)

      const rejected = await decide(page, 'reject', 'eth_requestAccounts')
      assert.deepEqual(rejected, { error: { code: 4001, message: 'User rejected the request.' } })
      assert.deepEqual(await call(page, 'eth_accounts'), { result: [] })

      // The panel shows the request's summary: the account and the network.
      const pending = call(page, 'eth_requestAccounts')
      const summary = page.getByTestId('dev-wallet-summary')
      await summary.waitFor({ state: 'visible' })
      assert.match((await summary.textContent()) ?? '', new RegExp(WALLET))
      await page.getByTestId('dev-wallet-approve').click()
      assert.deepEqual(await pending, { result: [WALLET] })
      assert.deepEqual(await call(page, 'eth_accounts'), { result: [WALLET] })
      await waitUntil(
        async () => (await events(page)).some(e => e.event === 'accountsChanged'),
        5000,
        'accountsChanged'
      )
      await waitUntil(async () => (await events(page)).some(e => e.event === 'connect'), 10_000, 'connect')
      const seen = await events(page)
      assert.deepEqual(
        seen.filter(e => e.event === 'accountsChanged'),
        [{ event: 'accountsChanged', args: [[WALLET]] }]
      )
      // The probe at install reached chain A: `connect` with its chain id.
      assert.deepEqual(
        seen.find(e => e.event === 'connect'),
        { event: 'connect', args: [{ chainId: CHAIN_A_HEX }] }
      )
      assert.deepEqual(problems, [])
    } finally {
      await context.close()
    }
  })

  test('personal_sign and eth_signTypedData_v4: approved signatures verify with viem; a rejection is 4001', async () => {
    const { context, page, problems } = await connected(browser)
    try {
      const message = 'Sign in to appkit-elements\nNonce: 42'
      const hexMessage = `0x${Buffer.from(message).toString('hex')}` as Hex
      const signed = await decide(page, 'approve', 'personal_sign', [hexMessage, WALLET])
      assert.equal(typeof signed.result, 'string')
      assert.equal(await verifyMessage({ address: WALLET, message, signature: signed.result as Hex }), true)

      const refused = await decide(page, 'reject', 'personal_sign', [hexMessage, WALLET])
      assert.deepEqual(refused, { error: { code: 4001, message: 'User rejected the request.' } })

      // Another account is not this wallet's to sign for.
      const other = await call(page, 'personal_sign', [hexMessage, TEST_ACCOUNTS[0]!.address])
      assert.equal(other.error?.code, 4100)

      const typedData = {
        types: {
          EIP712Domain: [
            { name: 'name', type: 'string' },
            { name: 'version', type: 'string' },
            { name: 'chainId', type: 'uint256' },
            { name: 'verifyingContract', type: 'address' }
          ],
          Mail: [
            { name: 'to', type: 'address' },
            { name: 'contents', type: 'string' },
            { name: 'amount', type: 'uint256' }
          ]
        },
        primaryType: 'Mail',
        domain: {
          name: 'AppKit',
          version: '1',
          chainId: 31337,
          verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC'
        },
        message: { to: TEST_ACCOUNTS[2]!.address, contents: 'Hello', amount: '1000' }
      } as const
      const typed = await decide(page, 'approve', 'eth_signTypedData_v4', [WALLET, JSON.stringify(typedData)])
      assert.equal(
        await verifyTypedData({
          address: WALLET,
          domain: typedData.domain,
          types: { Mail: typedData.types.Mail },
          primaryType: 'Mail',
          message: { ...typedData.message, amount: 1000n },
          signature: typed.result as Hex
        }),
        true
      )
      assert.deepEqual(problems, [])
    } finally {
      await context.close()
    }
  })

  test('eth_sendTransaction approved moves ETH on chain A; rejected moves nothing', async () => {
    const { context, page, problems } = await connected(browser)
    try {
      const recipient = '0x000000000000000000000000000000000000dEaD' as Address
      const before = await clientA.getBalance({ address: recipient })
      const value = parseEther('1.25')
      const tx = { from: WALLET, to: recipient, value: `0x${value.toString(16)}` }

      const refused = await decide(page, 'reject', 'eth_sendTransaction', [tx])
      assert.equal(refused.error?.code, 4001)
      assert.equal(await clientA.getBalance({ address: recipient }), before)

      const pending = call(page, 'eth_sendTransaction', [tx])
      const method = page.getByTestId('dev-wallet-method')
      await method.waitFor({ state: 'visible' })
      assert.equal(await method.textContent(), 'eth_sendTransaction')
      assert.match((await page.getByTestId('dev-wallet-summary').textContent()) ?? '', /1\.25 ETH/)
      await page.getByTestId('dev-wallet-approve').click()
      const sent = await pending
      assert.match(String(sent.result), /^0x[0-9a-f]{64}$/)
      const receipt = await clientA.waitForTransactionReceipt({ hash: sent.result as Hex })
      assert.equal(receipt.status, 'success')
      assert.equal(receipt.from.toLowerCase(), WALLET.toLowerCase())
      assert.equal(await clientA.getBalance({ address: recipient }), before + value)

      // Reads go to the chain: the wallet's eth_getBalance agrees with viem's.
      const balance = await call(page, 'eth_getBalance', [recipient, 'latest'])
      assert.equal(BigInt(balance.result as string), before + value)
      // Signing methods are never proxied to the node (it holds unlocked keys).
      assert.equal((await call(page, 'eth_sign', [WALLET, '0x00'])).error?.code, 4200)
      assert.deepEqual(problems, [])
    } finally {
      await context.close()
    }
  })

  test('wallet_switchEthereumChain: to 31338 emits chainChanged and sends there; an unknown chain is 4902 until added', async () => {
    const { context, page, problems } = await connected(browser)
    try {
      assert.deepEqual(await call(page, 'wallet_switchEthereumChain', [{ chainId: CHAIN_B_HEX }]), { result: null })
      assert.deepEqual(await call(page, 'eth_chainId'), { result: CHAIN_B_HEX })
      await waitUntil(async () => (await events(page)).some(e => e.event === 'chainChanged'), 5000, 'chainChanged')
      assert.deepEqual(
        (await events(page)).filter(e => e.event === 'chainChanged'),
        [{ event: 'chainChanged', args: [CHAIN_B_HEX] }]
      )

      const recipient = '0x000000000000000000000000000000000000bEEF' as Address
      const beforeA = await clientA.getBalance({ address: recipient })
      const beforeB = await clientB.getBalance({ address: recipient })
      const sent = await decide(page, 'approve', 'eth_sendTransaction', [
        { from: WALLET, to: recipient, value: '0xde0b6b3a7640000' }
      ])
      await clientB.waitForTransactionReceipt({ hash: sent.result as Hex })
      assert.equal(await clientB.getBalance({ address: recipient }), beforeB + 10n ** 18n)
      assert.equal(await clientA.getBalance({ address: recipient }), beforeA)

      const unknown = await call(page, 'wallet_switchEthereumChain', [{ chainId: '0x539' }])
      assert.equal(unknown.error?.code, 4902)
      assert.match(unknown.error?.message ?? '', /Unrecognized chain ID "0x539"/)
      assert.deepEqual(await call(page, 'eth_chainId'), { result: CHAIN_B_HEX })

      const added = await call(page, 'wallet_addEthereumChain', [
        {
          chainId: '0x539',
          chainName: 'Another local chain',
          rpcUrls: [chains.chains[0]!.rpcUrl],
          nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }
        }
      ])
      assert.deepEqual(added, { result: null })
      assert.deepEqual(await call(page, 'wallet_switchEthereumChain', [{ chainId: '0x539' }]), { result: null })
      assert.deepEqual(await call(page, 'eth_chainId'), { result: '0x539' })
      assert.deepEqual(problems, [])
    } finally {
      await context.close()
    }
  })

  test('a reload keeps the connection and the chosen chain: eth_accounts answers without asking', async () => {
    const { context, page, problems } = await connected(browser)
    try {
      assert.deepEqual(await call(page, 'wallet_switchEthereumChain', [{ chainId: CHAIN_B_HEX }]), { result: null })
      await page.reload()
      await page.waitForSelector('body[data-ready="true"]')
      assert.deepEqual(await call(page, 'eth_accounts'), { result: [WALLET] })
      assert.deepEqual(await call(page, 'eth_chainId'), { result: CHAIN_B_HEX })
      assert.equal(await page.getByTestId('dev-wallet-panel').isVisible(), false)

      // Revoking forgets it: after another reload eth_accounts is empty.
      assert.deepEqual(await call(page, 'wallet_revokePermissions', [{ eth_accounts: {} }]), { result: null })
      await page.reload()
      await page.waitForSelector('body[data-ready="true"]')
      assert.deepEqual(await call(page, 'eth_accounts'), { result: [] })
      assert.deepEqual(problems, [])
    } finally {
      await context.close()
    }
  })

  test('wallet_sendCalls sends every call after one approval; wallet_getCallsStatus and wallet_getCapabilities answer', async () => {
    const { context, page, problems } = await connected(browser)
    try {
      const capabilities = await call(page, 'wallet_getCapabilities', [WALLET])
      assert.deepEqual(capabilities, {
        result: {
          [CHAIN_A_HEX]: { atomic: { status: 'unsupported' } },
          [CHAIN_B_HEX]: { atomic: { status: 'unsupported' } }
        }
      })
      const one = '0x0000000000000000000000000000000000000C01' as Address
      const two = '0x0000000000000000000000000000000000000C02' as Address
      const sent = await decide(page, 'approve', 'wallet_sendCalls', [
        {
          version: '2.0.0',
          chainId: CHAIN_A_HEX,
          from: WALLET,
          atomicRequired: false,
          calls: [
            { to: one, value: '0x1000' },
            { to: two, value: '0x2000' }
          ]
        }
      ])
      const id = (sent.result as { id: string }).id
      assert.match(id, /^0x[0-9a-f]{64}$/)
      const status = await call(page, 'wallet_getCallsStatus', [id])
      const result = status.result as {
        status: number
        atomic: boolean
        chainId: string
        receipts: { status: string }[]
      }
      assert.equal(result.status, 200)
      assert.equal(result.chainId, CHAIN_A_HEX)
      assert.equal(result.atomic, false)
      assert.deepEqual(
        result.receipts.map(r => r.status),
        ['0x1', '0x1']
      )
      assert.equal(await clientA.getBalance({ address: one }), 0x1000n)
      assert.equal(await clientA.getBalance({ address: two }), 0x2000n)

      assert.equal((await call(page, 'wallet_getCallsStatus', ['0xnope'])).error?.code, 5730)
      const atomic = await call(page, 'wallet_sendCalls', [
        { version: '2.0.0', chainId: CHAIN_A_HEX, atomicRequired: true, calls: [{ to: one, value: '0x1' }] }
      ])
      assert.equal(atomic.error?.code, 5760)
      assert.deepEqual(problems, [])
    } finally {
      await context.close()
    }
  })
})
