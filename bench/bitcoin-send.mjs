// The time to a confirmed Bitcoin send on the local stack (issue 34): from the click on Send in the
// preview (the wallet approves by itself) to the kit's POST /tx answered, and to the transaction
// confirmed on the local regtest node (Esplora /tx/:id/status polled every 20 ms). The node mines a
// block every DEFAULT_BLOCK_INTERVAL_MS (2 s), so the confirmation waits on average about half an
// interval after the post. Prints each run and the medians; a benchmark, not a test.
//
//   npm run bench:bitcoin-send               # 7 runs
//   npm run bench:bitcoin-send -- --runs 11
import { parseArgs } from 'node:util'
import { DEFAULT_BLOCK_INTERVAL_MS } from '../local/bitcoin/start.ts'
import { freshAddress } from '../test/bitcoin/helpers.ts'
import { serveDemo } from '../test/e2e/demo-site.mjs'
import { startE2eStack } from '../test/e2e/e2e-stack.mjs'
import { launchChromium } from '../test/e2e/helpers.mjs'

const { values } = parseArgs({ options: { runs: { type: 'string', default: '7' } } })
const runs = Number(values.runs)
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a whole number of runs')

const median = list => {
  const sorted = [...list].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

console.log('Starting the local stack (the demo built, the Bitcoin node with a block every 2 s)…')
const stack = await startE2eStack()
const { rpc } = stack.description
const site = await serveDemo(stack.description.demoDir)
const browser = await launchChromium()
const rows = []
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
  await page.goto(`${site.url}/?bitcoin-wallet-face=wallet-standard`)
  await page.locator('appkit-button [data-testid="connect-button"]').click()
  await page.getByTestId('connector-AppKit Bitcoin Test Wallet').click()
  await page.getByTestId('bitcoin-wallet-approve').click()
  await page.getByTestId('wallet-feature-send').waitFor({ timeout: 15_000 })
  await page.evaluate(() => globalThis.testWallets.bitcoin.setAutoApprove(true))
  for (let run = 1; run <= runs; run++) {
    await page.evaluate(() => globalThis.appKit.open({ view: 'Account' }))
    await page.getByTestId('wallet-feature-send').click()
    await page.getByTestId('send-token-select').filter({ hasText: 'BTC' }).waitFor({ timeout: 15_000 })
    await page.getByTestId('send-amount-input').fill('0.001')
    await page.getByTestId('send-receiver-input').fill(freshAddress())
    await page.getByTestId('send-preview-button').click()
    await page.getByTestId('send-preview-fee').waitFor({ timeout: 15_000 })
    const posted = page.waitForResponse(
      response => response.url() === `${rpc.bitcoin}/tx` && response.request().method() === 'POST'
    )
    const clicked = performance.now()
    await page.getByTestId('send-confirm-button').click()
    const txid = (await (await posted).text()).trim()
    const postedAt = performance.now()
    for (;;) {
      const status = await (await fetch(`${rpc.bitcoin}/tx/${txid}/status`)).json()
      if (status.confirmed) break
      await new Promise(resolve => setTimeout(resolve, 20))
    }
    const confirmedAt = performance.now()
    await page.getByTestId('toast-message').filter({ hasText: 'Transaction sent' }).waitFor({ timeout: 15_000 })
    rows.push({ run, posted: postedAt - clicked, confirmed: confirmedAt - clicked })
  }
} finally {
  await browser.close()
  await site.close()
  await stack.stop()
}

const ms = value => `${Math.round(value)} ms`.padStart(9)
console.log(`\nSend BTC on the local stack: block interval ${DEFAULT_BLOCK_INTERVAL_MS / 1000} s, ${runs} runs`)
console.log('run | click -> POST /tx answered | click -> confirmed on the node')
for (const row of rows)
  console.log(`${String(row.run).padStart(3)} | ${ms(row.posted).padEnd(26)} | ${ms(row.confirmed)}`)
console.log(
  `median | ${ms(median(rows.map(row => row.posted))).padEnd(26)} | ${ms(median(rows.map(row => row.confirmed)))}`
)
