// `npm start`: the embedded default, all on 127.0.0.1, with no internet and no account:
//   chains   two local EVM chains (hardhat, ids 31337 and 31338) with the test contracts deployed
//   solana   the local Solana runtime (LiteSVM behind JSON-RPC and websockets)
//   bitcoin  a local Bitcoin regtest node: a stand-in written for the tests (local/bitcoin/README.md),
//            not bitcoind; Bitcoin Core's JSON-RPC and the Esplora REST API on one port
//   mail     maildev: the SMTP server the embedded wallet's codes go to, and its inbox on the web
//   social   a local OpenID provider standing in for google, github, apple, facebook, x and discord
//            (local/social/local-idp.ts); an APPKIT_SOCIAL_<P>_* setting of your own replaces it for P
//   farcaster a local Farcaster Auth relay and the page its sign-in links open, which approves as
//            fid 1 (local/farcaster/); the backend verifies on chain A; APPKIT_FARCASTER_RELAY_URL of
//            your own replaces it (with the other APPKIT_FARCASTER_* settings)
//   backend  the reference backend (service/backend/) reading those chains, and the embedded wallet's frame
//            on an origin of its own (its page built from service/frame/ first, when service/frame/ has one)
//   web      the demo app (apps/demo/dist), the examples and the built kit
// The services are started by local/stack/local-stack.mjs (the end-to-end run starts the same stack).
// Each process's output is labelled; Ctrl-C stops them all; a taken port fails at once, naming it.
// Without APPKIT_MASTER_KEY, the embedded wallet's master key is .data/master-key (made once).
// Prints the demo's URL and how long the start took.
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { startLocalStack } from './local-stack.mjs'
import { startServer } from './serve.mjs'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const started = performance.now()
const seconds = () => ((performance.now() - started) / 1000).toFixed(1)

const PORTS = {
  chainA: Number(process.env.CHAIN_A_PORT ?? 8545),
  chainB: Number(process.env.CHAIN_B_PORT ?? 8546),
  solana: Number(process.env.SOLANA_PORT ?? 8899),
  bitcoin: Number(process.env.BITCOIN_PORT ?? 18443),
  backend: Number(process.env.APPKIT_SERVER_PORT ?? 8787),
  frame: Number(process.env.APPKIT_FRAME_PORT ?? 8788),
  mailSmtp: Number(process.env.MAIL_SMTP_PORT ?? 1025),
  mailWeb: Number(process.env.MAIL_WEB_PORT ?? 1080),
  social: Number(process.env.SOCIAL_PORT ?? 8790),
  farcaster: Number(process.env.FARCASTER_PORT ?? 8791)
}
const WEB_PORT = Number(process.env.PORT ?? 5173)

const MASTER_KEY_FILE = '.data/master-key'

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

/** Each process's output, line by line, under its name. */
function label(name, chunk, stream) {
  const out = stream === 'stderr' ? process.stderr : process.stdout
  for (const line of chunk.toString().split('\n')) if (line.trim()) out.write(`[${name.padEnd(7)}] ${line}\n`)
}

let stack
let stopping = false

async function stopAll(code) {
  if (stopping) return
  stopping = true
  // Whatever happens, gone within a few seconds.
  setTimeout(() => process.exit(code), 6000).unref()
  await stack?.stop()
  process.exit(code)
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    console.log(`\n${signal}: stopping everything`)
    void stopAll(0)
  })
}

async function main() {
  const wallet = masterKey()
  const vite = 'node_modules/vite/bin/vite.js'
  const starting = startLocalStack({
    ports: PORTS,
    checkPorts: [[WEB_PORT, 'the demo (PORT)']],
    masterKey: wallet.key,
    log: label,
    onCrash: error => {
      console.error(error.message)
      void stopAll(1)
    },
    // The kit's script-tag build, for the examples the web server lists.
    builds: [['kit', [vite, 'build', '-c', 'vite.script-tag.config.ts', '--logLevel', 'warn']]]
  })
  stack = await starting
  if (stopping) return
  const { urls } = stack
  const { url } = await startServer({ port: WEB_PORT })
  console.log(`Mail inbox: ${urls.mailWeb}`)
  console.log(
    `Bitcoin regtest: ${urls.bitcoin} (JSON-RPC and Esplora; a local stand-in written for the tests, not bitcoind)`
  )
  console.log(`Social login: local providers at ${urls.social}/<provider> (any name and password)`)
  if (!process.env.APPKIT_FARCASTER_RELAY_URL) {
    console.log(`Farcaster: local relay at ${urls.farcaster} ('Open Farcaster' approves as fid 1)`)
  }
  if (wallet.from === MASTER_KEY_FILE) {
    console.log(`Embedded wallet master key: ${MASTER_KEY_FILE} (set APPKIT_MASTER_KEY to use another)`)
  }
  console.log(`\nappkit-elements demo: ${url}/   (examples: ${url}/examples/)`)
  console.log(`Everything up in ${seconds()} s. Ctrl-C stops it all.`)
}

main().catch(error => {
  console.error(error instanceof Error ? error.message : error)
  void stopAll(1)
})
