// Finds Chromium for the browser tests, or installs Debian's `chromium` when it can (root with apt).
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'

const CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable'
]

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync'
]

export function findChromium() {
  const fromEnv = process.env.CHROME_PATH
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`CHROME_PATH is set to ${fromEnv}, but there is no file there.`)
    return fromEnv
  }
  return CANDIDATES.find(path => existsSync(path))
}

function canInstallWithApt() {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0
  return isRoot && spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0
}

/** The path of a Chromium binary; installs Debian's package when missing and possible. */
export function ensureChromium() {
  const found = findChromium()
  if (found) return found
  if (!canInstallWithApt()) {
    throw new Error(
      'No Chromium found for the browser tests. Install Debian\'s "chromium" package ' +
        '(apt-get install chromium) or set CHROME_PATH to a Chromium or Chrome binary.'
    )
  }
  console.log('Chromium is missing: installing Debian\'s "chromium" package with apt-get ...')
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env })
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env })
  const installed = findChromium()
  if (!installed) throw new Error('apt-get installed "chromium", but no binary was found at /usr/bin/chromium.')
  return installed
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(ensureChromium())
