/**
 * The local Farcaster relay and app page for `npm start` (and by hand):
 *
 *   npx tsx farcaster/start.ts [--port 8791]
 *
 * The backend is pointed at it, and at the registries on chain A, with localFarcasterEnv().
 */
import { pathToFileURL } from 'node:url'
import { LOCAL_FID, LOCAL_USERNAME, handleLocalApp } from './local-app.js'
import { startLocalFarcasterRelay } from './relay.js'

export const DEFAULT_FARCASTER_PORT = 8791

function option(args: readonly string[], name: string): string | undefined {
  const at = args.indexOf(name)
  return at >= 0 ? args[at + 1] : undefined
}

async function main(args: readonly string[]): Promise<void> {
  const port = Number(option(args, '--port') ?? DEFAULT_FARCASTER_PORT)
  const started = performance.now()
  const relay = await startLocalFarcasterRelay({ port, handle: handleLocalApp })
  console.log(`relay    ${relay.url}`)
  console.log(`app page ${relay.url}/~/siwf (signs in as fid ${LOCAL_FID.fid}, '${LOCAL_USERNAME}' unless renamed)`)
  console.log(`Farcaster relay ready in ${((performance.now() - started) / 1000).toFixed(1)} s`)
  const stop = () => void relay.close().then(() => process.exit(0))
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main(process.argv.slice(2)).catch(error => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  })
}
