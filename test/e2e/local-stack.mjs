// The local stack for end-to-end flows: the two local chains (hardhat, contracts deployed), the
// Solana runtime, maildev (in this process: the embedded wallet's codes, read back with
// `stack.mail.waitForCode(address)`), the reference backend with its wallet frame (a random master
// key, its page built from frame/ into a temporary directory), the local social providers (in this
// process, oidc-provider), the local Farcaster relay with its app page (in this process) and a
// WalletConnect relay on free
// ports of 127.0.0.1, the demo built into a temporary directory with its VITE_APPKIT_* settings
// pointed at them and served under the demo's Content-Security-Policy, and Chromium. Everything
// started is stopped by its id.
import { spawn, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer as createNetServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before } from 'node:test'
import { ROOT, launchChromium } from './helpers.mjs'
import { buildDemo, serveDemo } from './demo-site.mjs'
import { startLocalRelay } from '../walletconnect/relay.ts'
import { startMailInbox } from '../server/mail-inbox.ts'
import { localSocialEnv, startLocalIdp } from '../../social/local-idp.ts'
import { localFarcasterEnv, startLocalFarcasterRelay } from '../../farcaster/relay.ts'
import { handleLocalApp } from '../../farcaster/local-app.ts'
import { BUILT_IN_ORIGIN_PATTERNS } from '../../src/utils/origin-patterns.ts'

function freePort() {
  return new Promise(resolve => {
    const probe = createNetServer()
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address()
      probe.close(() => resolve(port))
    })
  })
}

/** Starts `node --import tsx <args>` in its own process group; resolves once `ready` shows in its output. */
function startService(name, args, ready, env = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env, FORCE_COLOR: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true
  })
  let output = ''
  const stop = () =>
    new Promise(resolve => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve()
      child.once('exit', () => resolve())
      try {
        process.kill(-child.pid, 'SIGTERM')
      } catch {
        resolve()
      }
    })
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop()
      reject(new Error(`${name} did not start within 120 s:\n${output}`))
    }, 120_000)
    const onData = chunk => {
      output += chunk
      if (ready.test(output)) {
        clearTimeout(timer)
        resolve({ stop, output: () => output })
      }
    }
    child.stdout.setEncoding('utf8').on('data', onData)
    child.stderr.setEncoding('utf8').on('data', onData)
    child.once('exit', code => {
      clearTimeout(timer)
      reject(new Error(`${name} exited (code ${code}) before it was ready:\n${output}`))
    })
  })
}

/** Builds the frame's page (frame/vite.config.ts) into `outDir`, for the backend's --frame-dist. */
function buildFrame(outDir) {
  const result = spawnSync(
    process.execPath,
    [
      join(ROOT, 'node_modules/vite/bin/vite.js'),
      'build',
      '-c',
      'frame/vite.config.ts',
      '--outDir',
      outDir,
      '--emptyOutDir',
      '--logLevel',
      'warn'
    ],
    { cwd: ROOT, encoding: 'utf8' }
  )
  if (result.status !== 0 || !existsSync(join(outDir, 'index.html'))) {
    throw new Error(`Building the frame failed (npm run build:frame):\n${result.stdout}${result.stderr}`)
  }
}

const realFetch = globalThis.fetch

/** Opens the backend's GET /admin/* (the stored analytics events) for the tests. */
export const ADMIN_TOKEN = 'e2e-admin-token-0123456789abcdef'

/**
 * The backend's projects: the demo's (appkit-local, the default origin list) and one whose list
 * leaves the demo's origin out (appkit-strict), for the allowlist's 403.
 */
export const STACK_PROJECTS = [
  { id: 'appkit-local', allowedOrigins: [...BUILT_IN_ORIGIN_PATTERNS] },
  { id: 'appkit-strict', allowedOrigins: ['https://app.example'] }
]

/**
 * Registers the suite's hooks that start the stack before its tests and stop it after. Returns an
 * object whose `site` (the demo's URL and close), `browser`, `rpc` (a, b, solana URLs), `api` (the backend's URL),
 * `frame` (the wallet frame's origin), `mail` (the inbox: `webUrl`, `smtpPort`, `smtpUrl`, `waitForCode(address)`),
 * `social` (the local OpenID providers: `issuer(provider)`), `farcaster` (the local Farcaster relay:
 * `url`, `channels`) and `relay` are set once the hooks ran.
 */
export function useLocalStack() {
  const stack = {
    site: undefined,
    browser: undefined,
    rpc: {},
    relay: undefined,
    api: undefined,
    frame: undefined,
    mail: undefined,
    social: undefined,
    farcaster: undefined
  }
  let chains
  let backend
  let solana
  let outDir
  let frameDir
  const { rpc } = stack
  before(async () => {
    const [chainA, chainB, api, solanaPort] = [await freePort(), await freePort(), await freePort(), await freePort()]
    const framePort = await freePort()
    stack.mail = await startMailInbox()
    stack.social = await startLocalIdp({
      redirectUris: [`http://127.0.0.1:${framePort}/frame-api/social/callback`]
    })
    stack.farcaster = await startLocalFarcasterRelay({ handle: handleLocalApp })
    frameDir = mkdtempSync(join(tmpdir(), 'appkit-frame-'))
    buildFrame(frameDir)
    rpc.solana = `http://127.0.0.1:${solanaPort}`
    solana = await startService('the Solana runtime', ['solana/start.ts', '--port', String(solanaPort)], /ready in/)
    rpc.a = `http://127.0.0.1:${chainA}`
    rpc.b = `http://127.0.0.1:${chainB}`
    chains = await startService('the chains', ['chain/start.ts'], /Chains ready in/, {
      CHAIN_A_PORT: String(chainA),
      CHAIN_B_PORT: String(chainB)
    })
    backend = await startService(
      'the backend',
      [
        'server/main.ts',
        '--port',
        String(api),
        '--memory',
        '--rpc',
        `31337=${rpc.a}`,
        '--rpc',
        `31338=${rpc.b}`,
        '--solana-rpc',
        rpc.solana,
        '--frame-dist',
        frameDir
      ],
      /Frame listening on/,
      {
        APPKIT_ADMIN_TOKEN: ADMIN_TOKEN,
        APPKIT_PROJECTS: JSON.stringify(STACK_PROJECTS),
        APPKIT_FRAME_PORT: String(framePort),
        APPKIT_SMTP_URL: stack.mail.smtpUrl,
        APPKIT_MASTER_KEY: randomBytes(32).toString('base64'),
        ...localSocialEnv(stack.social),
        ...localFarcasterEnv(stack.farcaster.url, rpc.a)
      }
    )
    stack.api = `http://127.0.0.1:${api}`
    stack.frame = `http://127.0.0.1:${framePort}`
    // The wallet SDK in this process calls WalletConnect's cloud (telemetry, verify): offline, it is answered 503 at once.
    globalThis.fetch = async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input))
      if (url.hostname === '127.0.0.1') return realFetch(input, init)
      return new Response(null, { status: 503, statusText: 'offline test' })
    }
    stack.relay = await startLocalRelay()
    outDir = mkdtempSync(join(tmpdir(), 'appkit-connect-'))
    buildDemo(outDir, {
      VITE_APPKIT_API_URL: `http://127.0.0.1:${api}`,
      VITE_APPKIT_FRAME_URL: `${stack.frame}/`,
      VITE_APPKIT_CHAIN_A_RPC: rpc.a,
      VITE_APPKIT_CHAIN_B_RPC: rpc.b,
      VITE_APPKIT_SOLANA_RPC: rpc.solana,
      VITE_APPKIT_RELAY_URL: stack.relay.url
    })
    stack.site = await serveDemo(outDir)
    stack.browser = await launchChromium()
  })

  after(async () => {
    await stack.browser?.close()
    await stack.site?.close()
    await backend?.stop()
    await chains?.stop()
    await solana?.stop()
    await stack.relay?.close()
    await stack.mail?.stop()
    await stack.social?.stop()
    await stack.farcaster?.close()
    globalThis.fetch = realFetch
    if (outDir) rmSync(outDir, { recursive: true, force: true })
    if (frameDir) rmSync(frameDir, { recursive: true, force: true })
  })
  return stack
}
