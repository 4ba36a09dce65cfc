// The whole embedded default from scratch: `local/stack/start.mjs` (what `npm start` runs) on free
// ports, a real transfer with viem, and the backend's balance and history agreeing with the chain;
// then the demo in Chromium with the Dev Wallet announced; then Ctrl-C stops every process.
// Run with `node --import tsx` (it reads the shared response schemas from src/api/schemas).
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, test } from 'node:test'
import { chromium } from 'playwright-core'
import { createPublicClient, createWalletClient, http, parseEther } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { localViemChain, TEST_ACCOUNTS } from '../../local/chain/deployment.ts'
import { balanceResponseSchema, historyResponseSchema } from '../../src/api/schemas/index.ts'
import { CHROMIUM_ARGS, ensureChromium } from '../../tools/chromium.mjs'
import { ROOT } from './helpers.mjs'
import { freePort, portIsFree } from '../../local/stack/local-stack.mjs'
import { signInAtLocalIdp } from '../server/local-idp-driver.ts'

const SDK_QUERY = 'projectId=appkit-local&st=appkit&sv=html-elements-0.1.0'

async function waitFor(check, what, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await check()
    if (value) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${typeof what === 'function' ? what() : what}`)
    await new Promise(resolve => setTimeout(resolve, 250))
  }
}

let stack
let output = ''
let ports
let dataDir

before(async () => {
  ports = {
    CHAIN_A_PORT: await freePort(),
    CHAIN_B_PORT: await freePort(),
    SOLANA_PORT: await freePort(true),
    BITCOIN_PORT: await freePort(),
    APPKIT_SERVER_PORT: await freePort(),
    APPKIT_FRAME_PORT: await freePort(),
    MAIL_SMTP_PORT: await freePort(),
    MAIL_WEB_PORT: await freePort(),
    SOCIAL_PORT: await freePort(),
    FARCASTER_PORT: await freePort(),
    PORT: await freePort()
  }
  dataDir = mkdtempSync(join(tmpdir(), 'appkit-stack-'))
  const env = { ...process.env, APPKIT_DATA_DIR: join(dataDir, 'pglite') }
  for (const [name, port] of Object.entries(ports)) env[name] = String(port)
  stack = spawn(process.execPath, ['local/stack/start.mjs'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] })
  stack.stdout.on('data', chunk => (output += chunk))
  stack.stderr.on('data', chunk => (output += chunk))
  // Its output as it stands when the wait ends. The limit leaves room for a 2-core machine shared
  // with other test layers (113 to 135 s seen there).
  await waitFor(
    () => /Everything up in/.test(output),
    () => `the stack to start:\n${output}`,
    240_000
  )
})

after(async () => {
  if (stack && stack.exitCode === null) {
    stack.kill('SIGINT')
    await new Promise(resolve => stack.once('exit', resolve))
  }
  rmSync(dataDir, { recursive: true, force: true })
})

test('npm start prints the demo URL and the funded accounts', () => {
  assert.match(output, new RegExp(`demo: http://127\\.0\\.0\\.1:${ports.PORT}/`))
  assert.match(output, new RegExp(TEST_ACCOUNTS[1].address))
})

test('npm start runs the local Bitcoin regtest node, says it is a stand-in, and the backend reads it', async () => {
  const bitcoinUrl = `http://127.0.0.1:${ports.BITCOIN_PORT}`
  assert.match(output, new RegExp(`Bitcoin regtest: ${bitcoinUrl} .*stand-in.*not bitcoind`))
  const tip = await fetch(`${bitcoinUrl}/blocks/tip/height`)
  assert.equal(tip.status, 200)
  const chains = await fetch(`http://127.0.0.1:${ports.APPKIT_SERVER_PORT}/v1/supported-chains?${SDK_QUERY}`)
  assert.equal(chains.status, 200)
  assert.ok((await chains.json()).http.includes('bip122:0f9188f13cb7b2c71f2a335e3a4fc328'))
})

test('npm start runs the local social providers and points the backend at them: each one signs a visitor in', async () => {
  assert.match(output, new RegExp(`local providers at http://127\\.0\\.0\\.1:${ports.SOCIAL_PORT}/`))
  const frame = `http://127.0.0.1:${ports.APPKIT_FRAME_PORT}`
  for (const provider of ['google', 'github', 'apple', 'facebook', 'x', 'discord']) {
    const response = await fetch(`${frame}/frame-api/social/start`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: frame },
      body: JSON.stringify({
        projectId: 'appkit-local',
        provider,
        returnUrl: `http://127.0.0.1:${ports.PORT}/`,
        deviceId: 'stack-test-device'
      })
    })
    assert.equal(response.status, 200, provider)
    const { uri } = await response.json()
    assert.ok(uri.startsWith(`http://127.0.0.1:${ports.SOCIAL_PORT}/${provider}/auth?`), uri)
    // The whole login: the provider's pages, the code exchanged with the client npm start gave the
    // backend (its id and secret must be the provider's), the result redeemed for a session.
    const callback = `${frame}/frame-api/social/callback`
    const back = await signInAtLocalIdp(uri, `stack-${provider}`, { redirectUri: callback })
    const answer = await fetch(back, { redirect: 'manual' })
    assert.equal(answer.status, 302, provider)
    const result = new URL(answer.headers.get('location')).searchParams.get('appkit_social_result')
    assert.ok(result, `${provider}: ${answer.headers.get('location')}`)
    const finished = await fetch(`${frame}/frame-api/social/finish`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Origin: frame,
        // The session is made for the demo's page (the host page the frame serves).
        'x-appkit-host-origin': `http://127.0.0.1:${ports.PORT}`
      },
      body: JSON.stringify({ result, deviceId: 'stack-test-device' })
    })
    assert.equal(finished.status, 200, provider)
    assert.equal((await finished.json()).social.provider, provider)
  }
})

test('npm start runs the local Farcaster relay: its app page approves as fid 1, the backend verifies it on chain A', async () => {
  assert.match(output, new RegExp(`local relay at http://127\\.0\\.0\\.1:${ports.FARCASTER_PORT}`))
  const frame = `http://127.0.0.1:${ports.APPKIT_FRAME_PORT}`
  const post = (path, body) =>
    fetch(`${frame}/frame-api/farcaster/${path}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Origin: frame,
        'x-appkit-host-origin': `http://127.0.0.1:${ports.PORT}`
      },
      body: JSON.stringify(body)
    })
  const deviceId = 'stack-test-farcaster-device'
  const started = await post('start', {
    projectId: 'appkit-local',
    pageOrigin: `http://127.0.0.1:${ports.PORT}`,
    deviceId
  })
  assert.equal(started.status, 200)
  const { uri, attempt } = await started.json()
  assert.ok(uri.startsWith(`http://127.0.0.1:${ports.FARCASTER_PORT}/~/siwf?`), uri)
  assert.deepEqual(await (await post('finish', { attempt, deviceId })).json(), { state: 'pending' })

  // The page 'Open Farcaster' leads to, and its Approve form, as a browser would send it.
  const page = await (await fetch(uri)).text()
  assert.match(page, new RegExp(`Sign in to 127\\.0\\.0\\.1:${ports.PORT}`))
  const form = new URLSearchParams(new URL(uri).searchParams)
  form.set('username', 'stack-alice')
  const approved = await fetch(`http://127.0.0.1:${ports.FARCASTER_PORT}/~/siwf`, { method: 'POST', body: form })
  assert.equal(approved.status, 200, await approved.clone().text())

  const finished = await (await post('finish', { attempt, deviceId })).json()
  assert.equal(finished.state, 'completed')
  assert.deepEqual(finished.social, { provider: 'farcaster', username: 'stack-alice' })
  assert.equal(finished.email, null)
})

test('a transfer made with viem shows in the backend balance and history, as the chain says', async () => {
  const rpcUrl = `http://127.0.0.1:${ports.CHAIN_A_PORT}`
  const chain = localViemChain(31337, rpcUrl)
  const sender = privateKeyToAccount(TEST_ACCOUNTS[2].privateKey)
  const receiver = TEST_ACCOUNTS[3].address
  const wallet = createWalletClient({ account: sender, chain, transport: http(rpcUrl) })
  const client = createPublicClient({ chain, transport: http(rpcUrl) })
  const hash = await wallet.sendTransaction({ to: receiver, value: parseEther('1.25') })
  await client.waitForTransactionReceipt({ hash })
  const onChain = await client.getBalance({ address: receiver })

  const api = `http://127.0.0.1:${ports.APPKIT_SERVER_PORT}`
  const history = await waitFor(async () => {
    const response = await fetch(`${api}/v1/account/${receiver}/history?chainId=eip155:31337&${SDK_QUERY}`)
    const page = historyResponseSchema.parse(await response.json())
    return page.data.some(tx => tx.metadata.hash === hash) ? page : undefined
  }, 'the indexer to show the transfer')
  const entry = history.data.find(tx => tx.metadata.hash === hash)
  assert.equal(entry.metadata.sentFrom.toLowerCase(), sender.address.toLowerCase())
  assert.equal(entry.metadata.sentTo.toLowerCase(), receiver.toLowerCase())
  assert.equal(entry.transfers[0]?.quantity.numeric, '1.25')

  const response = await fetch(
    `${api}/v1/account/${receiver}/balance?currency=usd&chainId=eip155:31337&forceUpdate=true&${SDK_QUERY}`
  )
  const { balances } = balanceResponseSchema.parse(await response.json())
  const native = balances.find(b => b.symbol === 'ETH' && b.chainId === 'eip155:31337')
  assert.ok(native, 'the native balance is listed')
  assert.equal(parseEther(native.quantity.numeric), onChain)
})

test('the demo opens in Chromium with the Dev Wallet announced and the connect button shown', async () => {
  const browser = await chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_ARGS })
  try {
    const page = await browser.newPage()
    const errors = []
    page.on('pageerror', error => errors.push(String(error)))
    await page.addInitScript(() => {
      window.__announced = []
      window.addEventListener('eip6963:announceProvider', event => window.__announced.push(event.detail.info.rdns))
    })
    await page.goto(`http://127.0.0.1:${ports.PORT}/`)
    await page.waitForFunction(() => window.__announced.includes('dev.appkit.wallet'))
    await page.locator('appkit-button').waitFor()
    assert.deepEqual(errors, [])
  } finally {
    await browser.close()
  }
})

test('Ctrl-C stops every process of the stack', async () => {
  stack.kill('SIGINT')
  const code = await new Promise(resolve => stack.once('exit', resolve))
  assert.equal(code, 0)
  const stackPorts = [
    ports.CHAIN_A_PORT,
    ports.CHAIN_B_PORT,
    ports.SOLANA_PORT,
    ports.BITCOIN_PORT,
    ports.APPKIT_SERVER_PORT
  ]
  for (const port of stackPorts) {
    await waitFor(() => portIsFree(port), `port ${port} to be free again`, 10_000)
  }
})
