// A real PostgreSQL for the backend tests. With DATABASE_URL set, that database. Otherwise a
// throwaway server: initdb (trust auth, no fsync) in a fresh temp directory (on /dev/shm when
// there is one), started on a free port on 127.0.0.1 with its socket in that directory, one
// database created; stop() shuts it down (`pg_ctl stop -m immediate`) and removes the directory.
// The server is the child of a small guard process that reads a pipe from this process: when the
// pipe closes, on stop() or when the test process dies without running its hooks (Ctrl-C,
// SIGKILL, a crash), the guard stops and reaps the server and removes the directory.
// PostgreSQL refuses to run as root: as root the server runs as the `postgres` system user. When no
// PostgreSQL binaries are found, Debian's `postgresql` package is installed when possible (root
// with apt-get), as tools/chromium.mjs does for Chromium; otherwise the caller is told to skip.
import { execFileSync, spawn, spawnSync } from 'node:child_process'
import { accessSync, constants, existsSync, readdirSync, readFileSync, realpathSync } from 'node:fs'
import { appendFile, chown, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { delimiter, dirname, join } from 'node:path'
import pg from 'pg'
import { freePort } from './ports.js'

export interface TestPostgres {
  /** A postgres:// URL to an empty database (or DATABASE_URL as given). */
  url: string
  /** Which server this is, for the test log (no password). */
  description: string
  /** Restarts the server once its clients have disconnected (throwaway servers only; undefined for DATABASE_URL). */
  restart?: () => Promise<void>
  /** Shuts the throwaway server down and removes its directory; a no-op for DATABASE_URL. Idempotent. */
  stop(): Promise<void>
}

/**
 * No PostgreSQL can be run here: the message says what to install or set. A test file run by hand
 * skips with it; under `npm test` (tools/test.mjs sets APPKIT_REQUIRE_POSTGRES=1) it is a plain
 * error instead, so a machine without PostgreSQL fails the suite rather than skipping its
 * PostgreSQL tests unseen.
 */
export class PostgresUnavailable extends Error {}

function unavailable(message: string): Error {
  return process.env.APPKIT_REQUIRE_POSTGRES === '1'
    ? new Error(`PostgreSQL is required under npm test (APPKIT_REQUIRE_POSTGRES=1): ${message}`)
    : new PostgresUnavailable(message)
}

const DATABASE = 'appkit_test'
const SUPERUSER = 'postgres'

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK)
    return true
  } catch {
    return false
  }
}

/** The directory holding initdb, pg_ctl and postgres: PATH first, then /usr/lib/postgresql/<newest>/bin. */
export function findPostgresBin(): string | undefined {
  const complete = (dir: string) => ['initdb', 'pg_ctl', 'postgres'].every(name => isExecutable(join(dir, name)))
  for (const dir of (process.env.PATH ?? '').split(delimiter).filter(Boolean)) {
    const initdb = join(dir, 'initdb')
    if (!isExecutable(initdb)) continue
    // /usr/local/bin/initdb may be a link into /usr/lib/postgresql/N/bin, next to the rest.
    const real = dirname(realpathSync(initdb))
    if (complete(real)) return real
    if (complete(dir)) return dir
  }
  const root = '/usr/lib/postgresql'
  if (!existsSync(root)) return undefined
  const versions = readdirSync(root)
    .filter(name => /^\d+(\.\d+)?$/.test(name))
    .sort((a, b) => Number(b) - Number(a))
  return versions.map(version => join(root, version, 'bin')).find(complete)
}

function canInstallWithApt(): boolean {
  const isRoot = process.getuid?.() === 0
  return isRoot && spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0
}

const HOW_TO =
  'install PostgreSQL server binaries (Debian: apt-get install postgresql; initdb, pg_ctl and postgres on PATH ' +
  'or in /usr/lib/postgresql/<version>/bin) or set DATABASE_URL=postgres://... to a database to test against'

/** The PostgreSQL bin directory; installs Debian's `postgresql` when missing and possible. */
function ensurePostgresBin(): string {
  const found = findPostgresBin()
  if (found) return found
  if (!canInstallWithApt()) throw unavailable(`no PostgreSQL binaries (initdb, pg_ctl) found: ${HOW_TO}`)
  console.log('# PostgreSQL is missing: installing Debian\'s "postgresql" package with apt-get ...')
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  // stdout stays out of the test runner's TAP stream.
  execFileSync('apt-get', ['update', '-qq'], { stdio: ['ignore', 'ignore', 'inherit'], env })
  execFileSync('apt-get', ['install', '-y', '-qq', 'postgresql'], { stdio: ['ignore', 'ignore', 'inherit'], env })
  const installed = findPostgresBin()
  if (!installed) throw unavailable(`apt-get installed "postgresql", but no initdb was found: ${HOW_TO}`)
  return installed
}

/** Who runs the server: as root the `postgres` system user (PostgreSQL refuses root), else this user. */
function serverUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find(entry => entry.startsWith(`${SUPERUSER}:`))
  const [, , uid, gid] = line?.split(':') ?? []
  if (uid === undefined || gid === undefined) {
    throw unavailable(
      'running as root and there is no "postgres" system user to run PostgreSQL as (PostgreSQL refuses root): ' +
        "create one (Debian's postgresql package does) or set DATABASE_URL=postgres://..."
    )
  }
  return { uid: Number(uid), gid: Number(gid) }
}

/** Where the cluster goes: /dev/shm (tmpfs: initdb takes half the time on a busy disk) when usable, else the temp dir. */
function scratchDir(): string {
  try {
    accessSync('/dev/shm', constants.W_OK | constants.X_OK)
    return '/dev/shm'
  } catch {
    return tmpdir()
  }
}

// The server's parent: started before initdb, it reads commands on stdin from the test process
// ("start", "restart"; it answers the postmaster's pid on stdout) until the pipe closes, which
// happens on stop() and also when the test process dies, however (Ctrl-C, SIGKILL, a crash). Then
// it stops the server (`pg_ctl stop -m immediate`), reaps it, and removes the directory. A restart
// is a smart shutdown: it waits for the clients still closing (pg's pool.end() resolves before its
// sockets are closed, and a fast shutdown's "terminating connection" would reach them as an error).
// Arguments: pg_ctl, postgres, the temp directory (data directory <dir>/data, log <dir>/log).
const GUARD = `trap '' INT HUP PIPE
pg_ctl=$1 postgres=$2 dir=$3 pid=
start() { "$postgres" -D "$dir/data" </dev/null >>"$dir/log" 2>&1 & pid=$!; echo "$pid"; }
halt() {
  [ -n "$pid" ] || return 0
  "$pg_ctl" stop -D "$dir/data" -m "$1" -s -w -t 10 >/dev/null 2>&1 ||
    "$pg_ctl" stop -D "$dir/data" -m immediate -s -w -t 10 >/dev/null 2>&1 || kill -KILL "$pid" 2>/dev/null
  wait "$pid"
  pid=
}
while read -r command; do
  case "$command" in
    start) start ;;
    restart) halt smart; start ;;
  esac
done
halt immediate
rm -rf "$dir"`

/** Whether `pid` runs (not gone, not a zombie); true where /proc cannot tell. */
function running(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z'
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ENOENT'
  }
}

const sleep = (ms: number) => new Promise(resolve => setTimeout(resolve, ms))

/**
 * A PostgreSQL database for a test: DATABASE_URL when set, else a throwaway server as above.
 * Throws PostgresUnavailable (skip, with its message) when there is none and none can be installed.
 */
export async function startThrowawayPostgres(): Promise<TestPostgres> {
  const fromEnv = process.env.DATABASE_URL
  if (fromEnv) {
    const shown = new URL(fromEnv)
    if (shown.password) shown.password = '***'
    return { url: fromEnv, description: `DATABASE_URL (${shown.toString()})`, stop: async () => undefined }
  }

  const bin = ensurePostgresBin()
  const user = serverUser()
  const dir = await mkdtemp(join(scratchDir(), 'appkit-postgres-'))
  const data = join(dir, 'data')
  const log = join(dir, 'log')
  if (user) await chown(dir, user.uid, user.gid)

  // From here on the directory (and the server, once started) is the guard's to clean up.
  const guard = spawn(
    '/bin/sh',
    ['-c', GUARD, 'appkit-postgres-guard', join(bin, 'pg_ctl'), join(bin, 'postgres'), dir],
    {
      stdio: ['pipe', 'pipe', 'ignore'],
      detached: true,
      cwd: dir,
      ...user
    }
  )
  const guardExited = new Promise<void>(resolve => guard.once('exit', () => resolve()))
  guard.once('error', () => undefined)
  // Writing to a guard that has died fails at the next step (no pid, no server), not as an uncaught EPIPE.
  guard.stdin.on('error', () => undefined)
  const pids: number[] = []
  let pidArrived: (() => void) | undefined
  let buffered = ''
  guard.stdout.setEncoding('utf8')
  guard.stdout.on('data', (chunk: string) => {
    buffered += chunk
    const lines = buffered.split('\n')
    buffered = lines.pop()!
    for (const line of lines) if (line.trim()) pids.push(Number(line.trim()))
    pidArrived?.()
  })
  // None of it keeps this process alive: a test that forgets stop() still ends (closing the pipe).
  const handles = [guard, guard.stdin, guard.stdout] as unknown as { ref(): void; unref(): void }[]
  for (const handle of handles) handle.unref()

  let stopped: Promise<void> | undefined
  const stop = () =>
    (stopped ??= (async () => {
      guard.ref()
      guard.stdin.end()
      let timer: NodeJS.Timeout | undefined
      await Promise.race([guardExited, new Promise(resolve => (timer = setTimeout(resolve, 30_000)))])
      clearTimeout(timer)
      await rm(dir, { recursive: true, force: true })
    })())

  const tail = () => (existsSync(log) ? readFileSync(log, 'utf8').slice(-2000) : '')
  const run = (command: string, args: string[]) => {
    const result = spawnSync(join(bin, command), args, { cwd: dir, encoding: 'utf8', ...user })
    if (result.status !== 0) {
      throw new Error(
        `${command} ${args.join(' ')} failed (${result.error?.message ?? `exit ${result.status}`}):\n` +
          `${result.stdout}${result.stderr}${tail()}`
      )
    }
    return result.stdout
  }

  /** Asks the guard to (re)start the server; resolves once it accepts connections. */
  const startServer = async (command: 'start' | 'restart') => {
    for (const handle of handles) handle.ref()
    try {
      const known = pids.length
      guard.stdin.write(`${command}\n`)
      const deadline = Date.now() + 30_000
      while (pids.length === known) {
        if (Date.now() > deadline || guard.exitCode !== null) throw new Error(`PostgreSQL did not start:\n${tail()}`)
        await new Promise<void>(resolve => {
          pidArrived = resolve
          setTimeout(resolve, 100)
        })
      }
      const pid = pids[pids.length - 1]!
      // The postmaster writes "ready" into the 8th line of postmaster.pid (as `pg_ctl -w` reads it).
      for (;;) {
        const lines = existsSync(join(data, 'postmaster.pid'))
          ? readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')
          : []
        if (Number(lines[0]) === pid && lines[7]?.trim() === 'ready') return
        if (!running(pid) || Date.now() > deadline) throw new Error(`PostgreSQL did not start:\n${tail()}`)
        await sleep(20)
      }
    } finally {
      for (const handle of handles) handle.unref()
    }
  }

  try {
    const port = await freePort()
    run('initdb', [
      '-D',
      data,
      '-U',
      SUPERUSER,
      '--auth=trust',
      '--no-sync',
      '--no-instructions',
      '--locale=C',
      '-E',
      'UTF8'
    ])
    // Throwaway data: durability settings off for speed; reachable only on 127.0.0.1 and the socket here.
    await appendFile(
      join(data, 'postgresql.conf'),
      [
        '',
        '# appkit-elements test server',
        "listen_addresses = '127.0.0.1'",
        `port = ${port}`,
        `unix_socket_directories = '${dir}'`,
        'fsync = off',
        'synchronous_commit = off',
        'full_page_writes = off',
        'max_connections = 50',
        ''
      ].join('\n')
    )
    await startServer('start')
    const admin = new pg.Client({ host: '127.0.0.1', port, user: SUPERUSER, database: 'postgres' })
    await admin.connect()
    try {
      await admin.query(`CREATE DATABASE ${DATABASE}`)
    } finally {
      await admin.end()
    }
    return {
      url: `postgres://${SUPERUSER}@127.0.0.1:${port}/${DATABASE}`,
      description: `a throwaway server on 127.0.0.1:${port} (${bin}, data in ${dir})`,
      restart: () => startServer('restart'),
      stop
    }
  } catch (error) {
    await stop()
    throw error
  }
}
