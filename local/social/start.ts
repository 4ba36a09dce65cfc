/**
 * The local OpenID provider for `npm start` (and by hand):
 *
 *   npx tsx local/social/start.ts [--port 8790] [--redirect http://127.0.0.1:8788/frame-api/social/callback]
 *
 * Prints each provider's issuer; the backend is pointed at them with localSocialEnv().
 */
import { exitOnSignal, option, runAsCommand } from '../stack/local-service.js'
import { LOCAL_SOCIAL_PROVIDERS, startLocalIdp } from './local-idp.js'

export const DEFAULT_SOCIAL_PORT = 8790
export const DEFAULT_REDIRECT = 'http://127.0.0.1:8788/frame-api/social/callback'

async function main(args: readonly string[]): Promise<void> {
  const port = Number(option(args, '--port') ?? DEFAULT_SOCIAL_PORT)
  const redirect = option(args, '--redirect') ?? DEFAULT_REDIRECT
  const started = performance.now()
  const idp = await startLocalIdp({ port, redirectUris: [redirect] })
  for (const provider of LOCAL_SOCIAL_PROVIDERS) console.log(`${provider.padEnd(8)} ${idp.issuer(provider)}`)
  console.log('Any login name and password sign in (local providers: oidc-provider’s development pages).')
  console.log(`Social providers ready in ${((performance.now() - started) / 1000).toFixed(1)} s`)
  exitOnSignal(() => idp.stop())
}

runAsCommand(import.meta.url, main)
