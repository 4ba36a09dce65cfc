// The social login providers the reference backend can sign visitors in with (docs/behaviour.md section 1:
// google, github, apple, facebook, x, discord), each an OAuth 2.0 authorization-code client with
// PKCE. Configured from the environment, per provider P (upper case):
//   APPKIT_SOCIAL_P_CLIENT_ID, APPKIT_SOCIAL_P_CLIENT_SECRET   required: without both P is off
//   APPKIT_SOCIAL_P_ISSUER                                     an OpenID provider: its endpoints
//                                                              come from discovery, the visitor
//                                                              from its verified id_token
//   APPKIT_SOCIAL_P_AUTHORIZATION_URL, _TOKEN_URL, _USERINFO_URL, _SCOPE   plain OAuth 2.0
// Unset endpoints are the real provider's (PROVIDER_DEFAULTS). `npm start` points all six at the
// local OpenID provider (local/social/local-idp.ts).

export const SOCIAL_LOGIN_PROVIDERS = ['google', 'github', 'apple', 'facebook', 'x', 'discord'] as const
export type SocialLoginProvider = (typeof SOCIAL_LOGIN_PROVIDERS)[number]

export interface SocialProviderConfig {
  readonly provider: SocialLoginProvider
  readonly clientId: string
  readonly clientSecret: string
  readonly scope: string
  /** An OpenID provider's issuer; its endpoints then come from discovery. */
  readonly issuer?: string
  readonly authorizationUrl?: string
  readonly tokenUrl?: string
  readonly userinfoUrl?: string
}

type Defaults = Omit<SocialProviderConfig, 'provider' | 'clientId' | 'clientSecret'>

/** The real providers' endpoints and scopes, as their documentation gives them. */
export const PROVIDER_DEFAULTS: Record<SocialLoginProvider, Defaults> = {
  google: { issuer: 'https://accounts.google.com', scope: 'openid email profile' },
  apple: { issuer: 'https://appleid.apple.com', scope: 'openid email name' },
  github: {
    authorizationUrl: 'https://github.com/login/oauth/authorize',
    tokenUrl: 'https://github.com/login/oauth/access_token',
    userinfoUrl: 'https://api.github.com/user',
    scope: 'read:user user:email'
  },
  facebook: {
    authorizationUrl: 'https://www.facebook.com/v19.0/dialog/oauth',
    tokenUrl: 'https://graph.facebook.com/v19.0/oauth/access_token',
    userinfoUrl: 'https://graph.facebook.com/me?fields=id,name,email',
    scope: 'public_profile email'
  },
  x: {
    authorizationUrl: 'https://x.com/i/oauth2/authorize',
    tokenUrl: 'https://api.x.com/2/oauth2/token',
    userinfoUrl: 'https://api.x.com/2/users/me',
    scope: 'users.read tweet.read'
  },
  discord: {
    authorizationUrl: 'https://discord.com/oauth2/authorize',
    tokenUrl: 'https://discord.com/api/oauth2/token',
    userinfoUrl: 'https://discord.com/api/users/@me',
    scope: 'identify email'
  }
}

function isHttpUrl(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol)
  } catch {
    return false
  }
}

/** The configured providers (those with a client id and secret), in SOCIAL_LOGIN_PROVIDERS order. */
export function socialProvidersFromEnv(env: Record<string, string | undefined>): SocialProviderConfig[] {
  const configured: SocialProviderConfig[] = []
  for (const provider of SOCIAL_LOGIN_PROVIDERS) {
    const read = (name: string) => env[`APPKIT_SOCIAL_${provider.toUpperCase()}_${name}`]?.trim() || undefined
    const clientId = read('CLIENT_ID')
    const clientSecret = read('CLIENT_SECRET')
    if (!clientId || !clientSecret) continue
    const issuer = read('ISSUER')
    const explicit = Object.fromEntries(
      Object.entries({
        authorizationUrl: read('AUTHORIZATION_URL'),
        tokenUrl: read('TOKEN_URL'),
        userinfoUrl: read('USERINFO_URL')
      }).filter(([, value]) => value !== undefined)
    )
    const defaults = PROVIDER_DEFAULTS[provider]
    // An issuer given here replaces the default endpoints; explicit ones replace the default issuer.
    const fromExplicit = Object.keys(explicit).length > 0
    const chosen: Defaults = issuer
      ? { issuer, scope: defaults.scope.includes('openid') ? defaults.scope : 'openid email profile' }
      : fromExplicit
        ? { ...defaults, issuer: undefined, ...explicit }
        : defaults
    const config: SocialProviderConfig = {
      provider,
      clientId,
      clientSecret,
      ...Object.fromEntries(Object.entries(chosen).filter(([, value]) => value !== undefined)),
      scope: read('SCOPE') ?? chosen.scope
    } as SocialProviderConfig
    for (const key of ['issuer', 'authorizationUrl', 'tokenUrl', 'userinfoUrl'] as const) {
      const value = config[key]
      if (value !== undefined && !isHttpUrl(value)) {
        throw new Error(`APPKIT_SOCIAL_${provider.toUpperCase()}: ${key} is not an http(s) URL: ${value}`)
      }
    }
    if (!config.issuer && !(config.authorizationUrl && config.tokenUrl && config.userinfoUrl)) {
      throw new Error(
        `APPKIT_SOCIAL_${provider.toUpperCase()}: set an ISSUER, or AUTHORIZATION_URL, TOKEN_URL and USERINFO_URL`
      )
    }
    configured.push(config)
  }
  return configured
}
