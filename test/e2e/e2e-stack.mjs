// The local stack of the end-to-end tests: local/stack/local-stack.mjs (the code `npm start` runs) on
// free ports of 127.0.0.1, with a fresh master key, an in-memory database, the tests' projects and
// admin token, the frame and the demo built into temporary directories, and a local WalletConnect
// relay (local/walletconnect-relay/relay.ts) the demo is pointed at. test/e2e/run.mjs starts it once for
// every file; a file run on its own starts one for itself (local-stack.mjs's useLocalStack).
// `description` is what a test file needs to reach it (JSON: it crosses to the test processes).
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startLocalStack } from '../../local/stack/local-stack.mjs'
import { startLocalRelay } from '../../local/walletconnect-relay/relay.ts'
import { BUILT_IN_ORIGIN_PATTERNS } from '../../src/utils/origin-patterns.ts'

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

/** The environment variable run.mjs hands the description to the test files in. */
export const STACK_ENV = 'APPKIT_E2E_STACK'

/**
 * Starts the stack; resolves to { description, output, stop }. `log(name, chunk, stream)` sees the
 * services' output; `output()` is its last 256 kB, which a failed start's error carries too.
 */
export async function startE2eStack({ log } = {}) {
  let output = ''
  const keep = (name, chunk, stream) => {
    for (const line of chunk.toString().split('\n')) if (line.trim()) output += `[${name}] ${line}\n`
    if (output.length > 512_000) output = output.slice(-256_000)
    log?.(name, chunk, stream)
  }
  const frameDir = mkdtempSync(join(tmpdir(), 'appkit-frame-'))
  const demoDir = mkdtempSync(join(tmpdir(), 'appkit-demo-'))
  const relay = await startLocalRelay()
  const cleanUp = async () => {
    await relay.close()
    rmSync(frameDir, { recursive: true, force: true })
    rmSync(demoDir, { recursive: true, force: true })
  }
  let crashed
  let stack
  const masterKey = randomBytes(32).toString('base64')
  try {
    stack = await startLocalStack({
      masterKey,
      log: keep,
      onCrash: error => {
        crashed = error
        keep('stack', `${error.message}\n`, 'stderr')
      },
      frameOutDir: frameDir,
      demoOutDir: demoDir,
      demoEnv: { VITE_APPKIT_RELAY_URL: relay.url },
      backendArgs: ['--memory'],
      backendEnv: { APPKIT_ADMIN_TOKEN: ADMIN_TOKEN, APPKIT_PROJECTS: JSON.stringify(STACK_PROJECTS) }
    })
  } catch (error) {
    await cleanUp()
    throw new Error(`The local stack did not start: ${error.message}\n${output.slice(-20_000)}`, { cause: error })
  }
  const { urls } = stack
  const description = {
    rpc: { a: urls.chainA, b: urls.chainB, solana: urls.solana, bitcoin: urls.bitcoin },
    api: urls.api,
    frame: urls.frame,
    mail: { webUrl: urls.mailWeb, smtpUrl: urls.smtp },
    social: { url: urls.social },
    farcaster: { url: urls.farcaster },
    relay: { url: relay.url },
    demoDir,
    // The embedded wallet's master key: the key-material scans (key-material.mjs) search for it in
    // what the page received.
    masterKey
  }
  return {
    description,
    output: () => output,
    crashed: () => crashed,
    async stop() {
      await stack.stop()
      await cleanUp()
    }
  }
}
