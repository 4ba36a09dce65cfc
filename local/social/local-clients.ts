/**
 * The local OpenID provider's clients (TEST CLIENTS ONLY: public ids and secrets), apart from the
 * provider itself so that `npm start` (local/stack/start.mjs) reads them without loading oidc-provider:
 * the provider (local-idp.ts) and the backend's settings (localSocialEnv) come from this one place.
 */
export const LOCAL_SOCIAL_PROVIDERS = ['google', 'github', 'apple', 'facebook', 'x', 'discord'] as const
export type LocalSocialProvider = (typeof LOCAL_SOCIAL_PROVIDERS)[number]

/** The local client of `provider`: what the backend is configured with in `npm start`. */
export function localClient(provider: LocalSocialProvider): { clientId: string; clientSecret: string } {
  return { clientId: `appkit-local-${provider}`, clientSecret: `appkit-local-${provider}-secret` }
}

/** The e-mail address the local provider gives a login name. */
export const localEmail = (provider: LocalSocialProvider, login: string): string =>
  `${login.toLowerCase()}@${provider}.local.test`

/** The backend's APPKIT_SOCIAL_* settings that point the providers at `idp` (all six, or those given). */
export function localSocialEnv(
  idp: { issuer(provider: LocalSocialProvider): string },
  providers: readonly LocalSocialProvider[] = LOCAL_SOCIAL_PROVIDERS
): Record<string, string> {
  const env: Record<string, string> = {}
  for (const provider of providers) {
    const upper = provider.toUpperCase()
    env[`APPKIT_SOCIAL_${upper}_CLIENT_ID`] = localClient(provider).clientId
    env[`APPKIT_SOCIAL_${upper}_CLIENT_SECRET`] = localClient(provider).clientSecret
    env[`APPKIT_SOCIAL_${upper}_ISSUER`] = idp.issuer(provider)
  }
  return env
}
