/**
 * What the local stand-in services' command lines share (local/social/start.ts, local/farcaster/start.ts):
 * reading `--name value` options, stopping cleanly on Ctrl-C or SIGTERM, and running `main` only
 * when the file is the one node was started with, exiting with its error's message otherwise.
 */
import { pathToFileURL } from 'node:url'

/** The value after `name` in `args`, if any. */
export function option(args: readonly string[], name: string): string | undefined {
  const at = args.indexOf(name)
  return at >= 0 ? args[at + 1] : undefined
}

/** On SIGINT or SIGTERM: `stop()`, then exit. */
export function exitOnSignal(stop: () => Promise<void>): void {
  const exit = () => void stop().then(() => process.exit(0))
  process.on('SIGINT', exit)
  process.on('SIGTERM', exit)
}

/** Runs `main` with the command line's arguments when `moduleUrl` is the entry file. */
export function runAsCommand(moduleUrl: string, main: (args: readonly string[]) => Promise<void>): void {
  if (moduleUrl !== pathToFileURL(process.argv[1] ?? '').href) return
  main(process.argv.slice(2)).catch(error => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  })
}
