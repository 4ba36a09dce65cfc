// `npm start`: the embedded default, all on 127.0.0.1, with no internet and no account:
//   chains   two local EVM chains (hardhat, ids 31337 and 31338) with the test contracts deployed
//   solana   the local Solana runtime (LiteSVM behind JSON-RPC and websockets)
//   mail     maildev: the SMTP server the embedded wallet's codes go to, and its inbox on the web
//   social   a local OpenID provider standing in for google, github, apple, facebook, x and discord
//            (social/local-idp.ts); an APPKIT_SOCIAL_<P>_* setting of your own replaces it for P
//   farcaster a local Farcaster Auth relay and the page its sign-in links open, which approves as
//            fid 1 (farcaster/); the backend verifies on chain A; APPKIT_FARCASTER_RELAY_URL of
//            your own replaces it (with the other APPKIT_FARCASTER_* settings)
//   backend  the reference backend (server/) reading those chains, and the embedded wallet's frame
//            on an origin of its own (its page built from frame/ first, when frame/ has one)
//   web      the demo app (demo/dist), the examples and the built kit
// Each process's output is labelled; Ctrl-C stops them all; a taken port fails at once, naming it.
// Without APPKIT_MASTER_KEY, the embedded wallet's master key is .data/master-key (made once).
// Prints the demo's URL and how long the start took.
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { tsImport } from 'tsx/esm/api'
import { startServer } from './serve.mjs'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const started = performance.now()
const seconds = () => ((performance.now() - started) / 1000).toFixed(1)

const PORTS = {
  chainA: Number(process.env.CHAIN_A_PORT ?? 8545),
  chainB: Number(process.env.CHAIN_B_PORT ?? 8546),
  solana: Number(process.env.SOLANA_PORT ?? 8899),
  backend: Number(process.env.APPKIT_SERVER_PORT ?? 8787),
  frame: Number(process.env.APPKIT_FRAME_PORT ?? 8788),
  mailSmtp: Number(process.env.MAIL_SMTP_PORT ?? 1025),
  mailWeb: Number(process.env.MAIL_WEB_PORT ?? 1080),
  social: Number(process.env.SOCIAL_PORT ?? 8790),
  farcaster: Number(process.env.FARCASTER_PORT ?? 8791),
  web: Number(process.env.PORT ?? 5173)
}

const MASTER_KEY_FILE = '.data/master-key'
/**
 * The backend's settings for the local social providers (social/local-clients.ts's localSocialEnv:
 * test clients only), for each provider the environment does not configure itself.
 */
async function localSocialSettings() {
  const { LOCAL_SOCIAL_PROVIDERS, localSocialEnv } = await tsImport('../social/local-clients.ts', import.meta.url)
  const unset = LOCAL_SOCIAL_PROVIDERS.filter(
    provider => !Object.keys(process.env).some(name => name.startsWith(`APPKIT_SOCIAL_${provider.toUpperCase()}_`))
  )
  return localSocialEnv({ issuer: provider => `http://127.0.0.1:${PORTS.social}/${provider}` }, unset)
}

/**
 * The backend's APPKIT_FARCASTER_* for the local relay and the registries on chain A
 * (farcaster/relay.ts's localFarcasterEnv), unless the environment names a relay of its own.
 */
async function localFarcasterSettings() {
  if (process.env.APPKIT_FARCASTER_RELAY_URL) return {}
  const { localFarcasterEnv } = await tsImport('../farcaster/relay.ts', import.meta.url)
  return localFarcasterEnv(`http://127.0.0.1:${PORTS.farcaster}`, `http://127.0.0.1:${PORTS.chainA}`)
}

/** Who needs each port: Solana also takes the next one for its websocket. */
const NEEDED = [
  [PORTS.chainA, 'chain A (CHAIN_A_PORT)'],
  [PORTS.chainB, 'chain B (CHAIN_B_PORT)'],
  [PORTS.solana, 'Solana RPC (SOLANA_PORT)'],
  [PORTS.solana + 1, 'Solana websocket (SOLANA_PORT + 1)'],
  [PORTS.backend, 'the backend (APPKIT_SERVER_PORT)'],
  [PORTS.frame, 'the wallet frame (APPKIT_FRAME_PORT)'],
  [PORTS.mailSmtp, 'the mail server (MAIL_SMTP_PORT)'],
  [PORTS.mailWeb, 'the mail inbox (MAIL_WEB_PORT)'],
  [PORTS.social, 'the local social providers (SOCIAL_PORT)'],
  [PORTS.farcaster, 'the local Farcaster relay (FARCASTER_PORT)'],
  [PORTS.web, 'the demo (PORT)']
]

const children = new Set()
let stopping = false

function label(name, chunk, stream) {
  const text = chunk.toString()
  for (const line of text.split('\n')) if (line.trim()) stream.write(`[${name.padEnd(7)}] ${line}\n`)
}

/** Starts a labelled process; resolves when `ready` matches its output, rejects if it exits first. */
function run(name, args, { ready, env = {}, persistent = false } = {}) {
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env, FORCE_COLOR: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true
  })
  children.add(child)
  let output = ''
  return new Promise((resolve, reject) => {
    const onData = stream => chunk => {
      label(name, chunk, stream)
      if (!ready) return
      output += chunk.toString()
      if (ready.test(output)) {
        ready = undefined
        resolve(child)
      }
    }
    child.stdout.on('data', onData(process.stdout))
    child.stderr.on('data', onData(process.stderr))
    child.on('exit', code => {
      children.delete(child)
      if (stopping) return
      if (ready !== undefined || code !== 0 || persistent) {
        const error = new Error(`${name} stopped (exit code ${code})`)
        reject(error)
        // A service that dies after it was ready takes the rest down with it.
        if (persistent) {
          console.error(error.message)
          stopAll(1)
        }
      } else resolve(child)
    })
  })
}

/**
 * The embedded wallet's master key: APPKIT_MASTER_KEY, else the one in .data/master-key (32 random
 * bytes in base64, mode 600), made the first time.
 */
function masterKey() {
  if (process.env.APPKIT_MASTER_KEY) return { key: process.env.APPKIT_MASTER_KEY, from: 'APPKIT_MASTER_KEY' }
  const file = join(ROOT, MASTER_KEY_FILE)
  if (!existsSync(file)) {
    mkdirSync(join(ROOT, '.data'), { recursive: true })
    writeFileSync(file, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' })
  }
  return { key: readFileSync(file, 'utf8').trim(), from: MASTER_KEY_FILE }
}

function portIsFree(port) {
  return new Promise(resolve => {
    const probe = createServer()
    probe.once('error', () => resolve(false))
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)))
  })
}

function stopAll(code) {
  if (stopping) return
  stopping = true
  for (const child of children) {
    try {
      process.kill(-child.pid, 'SIGTERM')
    } catch {
      // already gone
    }
  }
  setTimeout(() => process.exit(code), children.size ? 1500 : 0).unref()
  if (!children.size) process.exit(code)
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    console.log(`\n${signal}: stopping everything`)
    stopAll(0)
  })
}

async function main() {
  const taken = []
  for (const [port, who] of NEEDED) if (!(await portIsFree(port))) taken.push(`${port} (${who})`)
  if (taken.length) {
    console.error(`Port ${taken.join(', ')} on 127.0.0.1 is already in use: stop what runs there, or move it.`)
    process.exit(1)
  }

  const vite = 'node_modules/vite/bin/vite.js'
  const tsx = ['--import', 'tsx']
  const wallet = masterKey()
  const mail = run(
    'mail',
    [
      'node_modules/maildev/dist/bin/maildev.js',
      '--smtp',
      String(PORTS.mailSmtp),
      '--web',
      String(PORTS.mailWeb),
      '--ip',
      '127.0.0.1',
      '--web-ip',
      '127.0.0.1'
    ],
    { ready: /Press Ctrl\+C to stop/, persistent: true }
  )
  const social = run(
    'social',
    [
      ...tsx,
      'social/start.ts',
      '--port',
      String(PORTS.social),
      '--redirect',
      `http://127.0.0.1:${PORTS.frame}/frame-api/social/callback`
    ],
    { ready: /Social providers ready in/, persistent: true }
  )
  const farcaster = run('farcaster', [...tsx, 'farcaster/start.ts', '--port', String(PORTS.farcaster)], {
    ready: /Farcaster relay ready in/,
    persistent: true
  })
  // The frame's page, when frame/ has its build (the backend serves frame/dist).
  const frame = existsSync(join(ROOT, 'frame/vite.config.ts'))
    ? run('frame', [vite, 'build', '-c', 'frame/vite.config.ts', '--logLevel', 'warn'])
    : Promise.resolve()
  const chains = run('chains', [...tsx, 'chain/start.ts'], {
    ready: /Chains ready in/,
    persistent: true,
    env: { CHAIN_A_PORT: String(PORTS.chainA), CHAIN_B_PORT: String(PORTS.chainB) }
  })
  const solana = run('solana', [...tsx, 'solana/start.ts', '--quiet', '--port', String(PORTS.solana)], {
    ready: /ready in/,
    persistent: true
  })
  const kit = run('kit', [vite, 'build', '-c', 'vite.script-tag.config.ts', '--logLevel', 'warn'])
  const demo = run('build', [vite, 'build', '-c', 'demo/vite.config.ts', '--logLevel', 'warn'], {
    env: {
      VITE_APPKIT_API_URL: `http://127.0.0.1:${PORTS.backend}`,
      VITE_APPKIT_FRAME_URL: `http://127.0.0.1:${PORTS.frame}/`,
      VITE_APPKIT_CHAIN_A_RPC: `http://127.0.0.1:${PORTS.chainA}`,
      VITE_APPKIT_CHAIN_B_RPC: `http://127.0.0.1:${PORTS.chainB}`,
      VITE_APPKIT_SOLANA_RPC: `http://127.0.0.1:${PORTS.solana}`
    }
  })
  // The backend reads Solana accounts from the runtime, and mails codes: they must be up first.
  await Promise.all([chains, solana, mail, frame, social, farcaster])
  const backend = run(
    'backend',
    [
      ...tsx,
      'server/main.ts',
      '--port',
      String(PORTS.backend),
      '--rpc',
      `31337=http://127.0.0.1:${PORTS.chainA}`,
      '--rpc',
      `31338=http://127.0.0.1:${PORTS.chainB}`,
      '--solana-rpc',
      `http://127.0.0.1:${PORTS.solana}`
    ],
    {
      ready: /Frame listening on/,
      persistent: true,
      env: {
        APPKIT_FRAME_PORT: String(PORTS.frame),
        APPKIT_SMTP_URL: process.env.APPKIT_SMTP_URL || `smtp://127.0.0.1:${PORTS.mailSmtp}`,
        APPKIT_MASTER_KEY: wallet.key,
        ...(await localSocialSettings()),
        ...(await localFarcasterSettings())
      }
    }
  )
  await Promise.all([solana, demo, kit, backend])
  const { url } = await startServer({ port: PORTS.web })
  console.log(`Mail inbox: http://127.0.0.1:${PORTS.mailWeb}`)
  console.log(`Social login: local providers at http://127.0.0.1:${PORTS.social}/<provider> (any name and password)`)
  if (!process.env.APPKIT_FARCASTER_RELAY_URL) {
    console.log(`Farcaster: local relay at http://127.0.0.1:${PORTS.farcaster} ('Open Farcaster' approves as fid 1)`)
  }
  if (wallet.from === MASTER_KEY_FILE) {
    console.log(`Embedded wallet master key: ${MASTER_KEY_FILE} (set APPKIT_MASTER_KEY to use another)`)
  }
  console.log(`\nappkit-elements demo: ${url}/   (examples: ${url}/examples/)`)
  console.log(`Everything up in ${seconds()} s. Ctrl-C stops it all.`)
}

main().catch(error => {
  console.error(error instanceof Error ? error.message : error)
  stopAll(1)
})
