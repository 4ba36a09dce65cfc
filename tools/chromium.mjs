// Finds Chromium for the browser tests, or installs Debian's `chromium-headless-shell` when it can (root with apt).
//
// The headless shell first: Chromium's old headless mode as a binary of its own (Debian's
// chromium-headless-shell package, the same version as its chromium), without the full browser
// that `chromium --headless` starts. Measured on this 2-core machine, CPU seconds of every Chromium
// process (user + sys, sampled by process): the element tests of test/browser/account/ 22 with the
// shell against 37 to 41 with the full browser; the Storybook check of the 24 Views/Account
// screenshots 95 against 228. The visual baselines (test/visual/baselines/) are the shell's
// rendering: a full Chromium draws text a few pixels differently.
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'

/** The headless shell: the binary itself, not /usr/bin's launcher script (which only adds a shell). */
const HEADLESS_SHELL = ['/usr/lib/chromium/chromium-headless-shell', '/usr/bin/chromium-headless-shell']
/** A full Chromium or Chrome, where the shell is missing and cannot be installed (no root or apt). */
const FULL_BROWSERS = [
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
  return HEADLESS_SHELL.find(path => existsSync(path))
}

/** A full browser, used only where the headless shell is missing and cannot be installed. */
function findFullBrowser() {
  return FULL_BROWSERS.find(path => existsSync(path))
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
    const full = findFullBrowser()
    if (full) {
      console.warn(
        `Chromium's headless shell is missing: using ${full} (slower; its text rendering differs from the ` +
          'visual baselines). Install Debian\'s "chromium-headless-shell" package for the suite as CI runs it.'
      )
      return full
    }
    throw new Error(
      'No Chromium found for the browser tests. Install Debian\'s "chromium-headless-shell" package ' +
        '(apt-get install chromium-headless-shell) or set CHROME_PATH to a Chromium or Chrome binary.'
    )
  }
  console.log(
    'Chromium\'s headless shell is missing: installing Debian\'s "chromium-headless-shell" package with apt-get ...'
  )
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env })
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium-headless-shell'], { stdio: 'inherit', env })
  const installed = findChromium()
  if (!installed) {
    throw new Error(`apt-get installed "chromium-headless-shell", but no binary was found at ${HEADLESS_SHELL[0]}.`)
  }
  return installed
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(ensureChromium())
