// The local stack, all on 127.0.0.1: what `npm start` runs (local/stack/start.mjs) and what the
// end-to-end run shares between its test files (test/e2e/e2e-stack.mjs). One code path for both:
//   chains   two local EVM chains (hardhat, ids 31337 and 31338) with the test contracts deployed
//   solana   the local Solana runtime (LiteSVM behind JSON-RPC and websockets; it also takes port + 1)
//   bitcoin  the local Bitcoin regtest node (local/bitcoin: a stand-in, not bitcoind), Core's JSON-RPC
//            and the Esplora REST API on one port
//   mail     maildev: the SMTP server the embedded wallet's codes go to, and its inbox (web and REST)
//   social   the local OpenID providers (local/social/start.ts), for each provider the environment leaves unset
//   farcaster the local Farcaster relay and its app page (local/farcaster/start.ts), unless
//            APPKIT_FARCASTER_RELAY_URL names one of the environment's own
//   frame    the embedded wallet's frame page, built with vite (into service/frame/dist, or `frameOutDir`)
//   backend  the reference backend (service/backend/main.ts) reading all of the above, and the frame's origin
//   demo     the demo app built with vite, its VITE_APPKIT_* settings pointed at the stack
// Each service is a `node` process in a process group of its own, stopped by that group's id.
// `startLocalStack` resolves once every service is ready and every build is done.
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { tsImport } from 'tsx/esm/api'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const VITE = 'node_modules/vite/bin/vite.js'
const TSX = ['--import', 'tsx']

/** The services' ports, and what each is called when one is taken (`npm start`'s variables). */
export const PORT_NAMES = {
  chainA: 'chain A (CHAIN_A_PORT)',
  chainB: 'chain B (CHAIN_B_PORT)',
  solana: 'Solana RPC (SOLANA_PORT)',
  bitcoin: 'the Bitcoin regtest node (BITCOIN_PORT)',
  backend: 'the backend (APPKIT_SERVER_PORT)',
  frame: 'the wallet frame (APPKIT_FRAME_PORT)',
  mailSmtp: 'the mail server (MAIL_SMTP_PORT)',
  mailWeb: 'the mail inbox (MAIL_WEB_PORT)',
  social: 'the local social providers (SOCIAL_PORT)',
  farcaster: 'the local Farcaster relay (FARCASTER_PORT)'
}

export function portIsFree(port) {
  return new Promise(resolve => {
    const probe = createServer()
    probe.once('error', () => resolve(false))
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)))
  })
}

/** A free port of 127.0.0.1 (with `pair`, one whose successor is free too). */
export async function freePort(pair = false) {
  for (;;) {
    const port = await new Promise(resolve => {
      const probe = createServer()
      probe.listen(0, '127.0.0.1', () => {
        const { port: picked } = probe.address()
        probe.close(() => resolve(picked))
      })
    })
    if (!pair || (await portIsFree(port + 1))) return port
  }
}

/**
 * `ports` with every 0 (or missing) replaced by a free port. Throws naming each fixed port that is
 * already taken (`extra`: more [port, who] pairs to check, such as the web server's).
 */
export async function resolvePorts(ports = {}, extra = []) {
  const chosen = {}
  for (const name of Object.keys(PORT_NAMES)) chosen[name] = ports[name] || (await freePort(name === 'solana'))
  const needed = [
    ...Object.entries(PORT_NAMES)
      .filter(([name]) => ports[name])
      .map(([name, who]) => [chosen[name], who]),
    ...(ports.solana ? [[chosen.solana + 1, 'Solana websocket (SOLANA_PORT + 1)']] : []),
    ...extra
  ]
  const taken = []
  for (const [port, who] of needed) if (!(await portIsFree(port))) taken.push(`${port} (${who})`)
  if (taken.length) {
    throw new Error(`Port ${taken.join(', ')} on 127.0.0.1 is already in use: stop what runs there, or move it.`)
  }
  return chosen
}

/**
 * Starts the stack. Options:
 *   ports        fixed ports by service (PORT_NAMES); 0 or missing picks a free one
 *   checkPorts   more [port, who] that must be free (the caller's own, checked with the rest)
 *   masterKey    the embedded wallet's master key (base64 of 32 bytes)
 *   log          (name, chunk, stream) for each service's output; stream is 'stdout' or 'stderr'
 *   onCrash      (error) when a service stops after it was ready
 *   frameOutDir  where the frame's page is built (default service/frame/dist, where the backend looks)
 *   demoOutDir   where the demo is built (default apps/demo/dist); demoEnv: more VITE_* settings
 *   builds       more builds to run beside the services: [name, args, env] for `node args`
 *   backendArgs, backendEnv: more for the backend (e.g. --memory, APPKIT_PROJECTS)
 * Resolves to { ports, urls, stop }; rejects (after stopping what started) when anything fails.
 */
export async function startLocalStack(options) {
  const { masterKey, log = () => {}, onCrash = () => {} } = options
  const ports = await resolvePorts(options.ports, options.checkPorts)
  const url = port => `http://127.0.0.1:${port}`
  const urls = {
    chainA: url(ports.chainA),
    chainB: url(ports.chainB),
    solana: url(ports.solana),
    bitcoin: url(ports.bitcoin),
    api: url(ports.backend),
    frame: url(ports.frame),
    smtp: process.env.APPKIT_SMTP_URL || `smtp://127.0.0.1:${ports.mailSmtp}`,
    mailWeb: url(ports.mailWeb),
    social: url(ports.social),
    farcaster: process.env.APPKIT_FARCASTER_RELAY_URL || url(ports.farcaster)
  }
  const children = new Set()
  let stopping = false

  /** Starts `node args`; resolves when `ready` matches its output (or, with no `ready`, when it exits 0). */
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
        log(name, chunk, stream)
        if (!ready) return
        output += chunk.toString()
        if (ready.test(output)) {
          ready = undefined
          output = ''
          resolve(child)
        }
      }
      child.stdout.on('data', onData('stdout'))
      child.stderr.on('data', onData('stderr'))
      child.on('exit', code => {
        children.delete(child)
        if (stopping) return
        const error = new Error(`${name} stopped (exit code ${code})`)
        if (ready !== undefined || code !== 0 || persistent) reject(error)
        else resolve(child)
        // A service that stops after it was ready takes the stack down with it.
        if (persistent && ready === undefined) onCrash(error)
      })
    })
  }

  async function stop() {
    stopping = true
    await Promise.all(
      [...children].map(
        child =>
          new Promise(resolve => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve()
            const kill = setTimeout(() => signal(child, 'SIGKILL'), 5000)
            child.once('exit', () => {
              clearTimeout(kill)
              resolve()
            })
            signal(child, 'SIGTERM')
          })
      )
    )
  }

  try {
    const frameArgs = ['build', '-c', 'service/frame/vite.config.ts', '--logLevel', 'warn']
    if (options.frameOutDir) frameArgs.push('--outDir', options.frameOutDir, '--emptyOutDir')
    const demoArgs = ['build', '-c', 'apps/demo/vite.config.ts', '--logLevel', 'warn']
    if (options.demoOutDir) demoArgs.push('--outDir', options.demoOutDir, '--emptyOutDir')
    const mail = run(
      'mail',
      [
        'node_modules/maildev/dist/bin/maildev.js',
        ...['--smtp', String(ports.mailSmtp), '--web', String(ports.mailWeb)],
        ...['--ip', '127.0.0.1', '--web-ip', '127.0.0.1']
      ],
      { ready: /Press Ctrl\+C to stop/, persistent: true }
    )
    const social = run(
      'social',
      [
        ...TSX,
        'local/social/start.ts',
        ...['--port', String(ports.social), '--redirect', `${urls.frame}/frame-api/social/callback`]
      ],
      { ready: /Social providers ready in/, persistent: true }
    )
    const farcaster = run('farcaster', [...TSX, 'local/farcaster/start.ts', '--port', String(ports.farcaster)], {
      ready: /Farcaster relay ready in/,
      persistent: true
    })
    // The frame's page, when service/frame/ has its build (the backend serves it).
    const frame = existsSync(join(ROOT, 'service/frame/vite.config.ts'))
      ? run('frame', [VITE, ...frameArgs])
      : undefined
    const chains = run('chains', [...TSX, 'local/chain/start.ts'], {
      ready: /Chains ready in/,
      persistent: true,
      env: { CHAIN_A_PORT: String(ports.chainA), CHAIN_B_PORT: String(ports.chainB) }
    })
    // The Solana runtime and the Bitcoin regtest node: local/<name>/start.ts, the same way.
    const [solana, bitcoin] = ['solana', 'bitcoin'].map(name =>
      run(name, [...TSX, `local/${name}/start.ts`, '--quiet', '--port', String(ports[name])], {
        ready: /ready in/,
        persistent: true
      })
    )
    const demo = run('build', [VITE, ...demoArgs], {
      env: {
        VITE_APPKIT_API_URL: urls.api,
        VITE_APPKIT_FRAME_URL: `${urls.frame}/`,
        VITE_APPKIT_CHAIN_A_RPC: urls.chainA,
        VITE_APPKIT_CHAIN_B_RPC: urls.chainB,
        VITE_APPKIT_SOLANA_RPC: urls.solana,
        VITE_APPKIT_BITCOIN_URL: urls.bitcoin,
        ...options.demoEnv
      }
    })
    const builds = (options.builds ?? []).map(([name, args, env]) => run(name, args, { env }))
    // The backend reads Solana and Bitcoin accounts from their nodes, and mails codes: they must be up first.
    await Promise.all([chains, solana, bitcoin, mail, frame, social, farcaster])
    const backendArgs = [
      ...TSX,
      'service/backend/main.ts',
      ...['--port', String(ports.backend)],
      ...['--rpc', `31337=${urls.chainA}`, '--rpc', `31338=${urls.chainB}`, '--solana-rpc', urls.solana],
      ...['--bitcoin-esplora', urls.bitcoin],
      ...(options.frameOutDir ? ['--frame-dist', options.frameOutDir] : []),
      ...(options.backendArgs ?? [])
    ]
    const backend = run('backend', backendArgs, {
      ready: /Frame listening on/,
      persistent: true,
      env: {
        APPKIT_FRAME_PORT: String(ports.frame),
        APPKIT_SMTP_URL: urls.smtp,
        APPKIT_MASTER_KEY: masterKey,
        ...(await localSocialSettings(urls.social)),
        ...(await localFarcasterSettings(urls.farcaster, urls.chainA)),
        ...options.backendEnv
      }
    })
    await Promise.all([demo, backend, ...builds])
  } catch (error) {
    await stop()
    throw error
  }
  return { ports, urls, stop }
}

function signal(child, name) {
  try {
    process.kill(-child.pid, name)
  } catch {
    // already gone
  }
}

/**
 * The backend's settings for the local social providers (local/social/local-clients.ts's localSocialEnv:
 * test clients only), for each provider the environment does not configure itself.
 */
async function localSocialSettings(socialUrl) {
  const { LOCAL_SOCIAL_PROVIDERS, localSocialEnv } = await tsImport('../social/local-clients.ts', import.meta.url)
  const unset = LOCAL_SOCIAL_PROVIDERS.filter(
    provider => !Object.keys(process.env).some(name => name.startsWith(`APPKIT_SOCIAL_${provider.toUpperCase()}_`))
  )
  return localSocialEnv({ issuer: provider => `${socialUrl}/${provider}` }, unset)
}

/**
 * The backend's APPKIT_FARCASTER_* for the local relay and the registries on chain A
 * (local/farcaster/relay.ts's localFarcasterEnv), unless the environment names a relay of its own.
 */
async function localFarcasterSettings(relayUrl, chainA) {
  if (process.env.APPKIT_FARCASTER_RELAY_URL) return {}
  const { localFarcasterEnv } = await tsImport('../farcaster/relay.ts', import.meta.url)
  return localFarcasterEnv(relayUrl, chainA)
}
