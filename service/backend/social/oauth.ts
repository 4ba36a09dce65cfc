// The backend's side of a social login (OAuth 2.0 authorization code with PKCE S256 and state;
// OpenID Connect where the provider is an OpenID provider): the authorization URL, the code
// exchange, and who the visitor is (the verified id_token, with the user endpoint's claims for the
// same subject where the token leaves some out; the user endpoint of a plain OAuth 2.0 provider). The PKCE verifier and the OIDC nonce are derived from the
// state with a server key (HMAC), so nothing secret about an attempt needs storing; the token
// exchange and the identity read happen only here, and the kit never sees a token.
import { createHash, createHmac } from 'node:crypto'
import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose'
import * as z from 'zod'
import type { SocialLoginProvider, SocialProviderConfig } from './providers.js'

/** Who signed in: the provider's stable id for them, a name to show, their e-mail when given. */
export interface SocialProfile {
  readonly provider: SocialLoginProvider
  readonly subject: string
  readonly username: string
  readonly email?: string
}

/** The endpoints of a provider, from its configuration or its OpenID discovery document. */
export interface ResolvedProvider extends SocialProviderConfig {
  readonly authorizationUrl: string
  readonly tokenUrl: string
  readonly userinfoUrl?: string
  readonly jwks?: JWTVerifyGetKey
}

export class SocialLoginError extends Error {
  override readonly name = 'SocialLoginError'
}

type Fetch = typeof fetch

const base64url = (bytes: Buffer): string => bytes.toString('base64url')

/** The PKCE code verifier of the attempt with `state` (43 characters, RFC 7636). */
export function pkceVerifier(key: Buffer, state: string): string {
  return base64url(createHmac('sha256', key).update(`pkce\0${state}`).digest())
}

/** The OIDC nonce of the attempt with `state`. */
export function oidcNonce(key: Buffer, state: string): string {
  return base64url(createHmac('sha256', key).update(`nonce\0${state}`).digest())
}

/** S256: base64url(SHA-256(verifier)). */
export function codeChallenge(verifier: string): string {
  return base64url(createHash('sha256').update(verifier).digest())
}

const discoverySchema = z.object({
  issuer: z.string(),
  authorization_endpoint: z.string(),
  token_endpoint: z.string(),
  jwks_uri: z.string(),
  userinfo_endpoint: z.string().optional()
})

/** `config` with its endpoints: discovered for an OpenID provider, as configured otherwise. */
export async function resolveProvider(
  config: SocialProviderConfig,
  fetchImpl: Fetch = fetch
): Promise<ResolvedProvider> {
  if (!config.issuer) {
    if (!config.authorizationUrl || !config.tokenUrl || !config.userinfoUrl) {
      throw new SocialLoginError(`The ${config.provider} login is not fully configured`)
    }
    return { ...config, authorizationUrl: config.authorizationUrl, tokenUrl: config.tokenUrl }
  }
  const where = `${config.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`
  const response = await fetchImpl(where, { headers: { Accept: 'application/json' } })
  const parsed = discoverySchema.safeParse(response.ok ? await response.json() : undefined)
  if (!parsed.success) throw new SocialLoginError(`The ${config.provider} provider’s discovery (${where}) failed`)
  if (parsed.data.issuer !== config.issuer) {
    throw new SocialLoginError(`The ${config.provider} provider says its issuer is ${parsed.data.issuer}`)
  }
  return {
    ...config,
    authorizationUrl: parsed.data.authorization_endpoint,
    tokenUrl: parsed.data.token_endpoint,
    ...(parsed.data.userinfo_endpoint ? { userinfoUrl: parsed.data.userinfo_endpoint } : {}),
    jwks: createRemoteJWKSet(new URL(parsed.data.jwks_uri))
  }
}

/** Where the visitor goes to sign in with the provider. */
export function authorizationUrl(
  provider: ResolvedProvider,
  attempt: { readonly state: string; readonly redirectUri: string; readonly key: Buffer }
): string {
  const url = new URL(provider.authorizationUrl)
  const params: Record<string, string> = {
    response_type: 'code',
    client_id: provider.clientId,
    redirect_uri: attempt.redirectUri,
    scope: provider.scope,
    state: attempt.state,
    code_challenge: codeChallenge(pkceVerifier(attempt.key, attempt.state)),
    code_challenge_method: 'S256'
  }
  if (provider.issuer) params.nonce = oidcNonce(attempt.key, attempt.state)
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value)
  return url.toString()
}

const tokenSchema = z.object({ access_token: z.string().min(1), id_token: z.string().optional() })
const tokenErrorSchema = z.object({ error: z.string(), error_description: z.string().optional() })

export interface Tokens {
  readonly accessToken: string
  readonly idToken?: string
}

/** Trades the code the provider sent back for tokens (with the attempt's PKCE verifier). */
export async function exchangeCode(
  provider: ResolvedProvider,
  attempt: { readonly code: string; readonly state: string; readonly redirectUri: string; readonly key: Buffer },
  fetchImpl: Fetch = fetch
): Promise<Tokens> {
  const body = new URLSearchParams({
    grant_type: 'authorization_code',
    code: attempt.code,
    redirect_uri: attempt.redirectUri,
    client_id: provider.clientId,
    client_secret: provider.clientSecret,
    code_verifier: pkceVerifier(attempt.key, attempt.state)
  })
  const response = await fetchImpl(provider.tokenUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
    body
  })
  const answer: unknown = await response.json().catch(() => undefined)
  const failed = tokenErrorSchema.safeParse(answer)
  if (!response.ok || failed.success) {
    const reason = failed.success ? (failed.data.error_description ?? failed.data.error) : `HTTP ${response.status}`
    throw new SocialLoginError(`The ${provider.provider} login failed: ${reason}`)
  }
  const tokens = tokenSchema.safeParse(answer)
  if (!tokens.success) throw new SocialLoginError(`The ${provider.provider} login failed: no access token`)
  return {
    accessToken: tokens.data.access_token,
    ...(tokens.data.id_token ? { idToken: tokens.data.id_token } : {})
  }
}

const idClaimsSchema = z.object({
  sub: z.string().min(1),
  nonce: z.string().optional(),
  preferred_username: z.string().optional(),
  name: z.string().optional(),
  email: z.string().optional(),
  email_verified: z.boolean().optional()
})

/** How each plain OAuth 2.0 provider's user endpoint answers (their documentation). */
const PROFILE_SHAPES: Record<string, (answer: unknown) => Omit<SocialProfile, 'provider'> | undefined> = {
  github(answer) {
    const user = z.object({ id: z.number(), login: z.string(), email: z.string().nullish() }).safeParse(answer)
    if (!user.success) return undefined
    return {
      subject: String(user.data.id),
      username: user.data.login,
      ...(user.data.email ? { email: user.data.email } : {})
    }
  },
  discord(answer) {
    const user = z.object({ id: z.string(), username: z.string(), email: z.string().nullish() }).safeParse(answer)
    if (!user.success) return undefined
    return {
      subject: user.data.id,
      username: user.data.username,
      ...(user.data.email ? { email: user.data.email } : {})
    }
  },
  x(answer) {
    const user = z.object({ data: z.object({ id: z.string(), username: z.string() }) }).safeParse(answer)
    return user.success ? { subject: user.data.data.id, username: user.data.data.username } : undefined
  },
  facebook(answer) {
    const user = z.object({ id: z.string(), name: z.string(), email: z.string().optional() }).safeParse(answer)
    if (!user.success) return undefined
    return { subject: user.data.id, username: user.data.name, ...(user.data.email ? { email: user.data.email } : {}) }
  }
}

/** Who signed in: from the verified id_token of an OpenID provider, else from its user endpoint. */
export async function identify(
  provider: ResolvedProvider,
  tokens: Tokens,
  attempt: { readonly state: string; readonly key: Buffer },
  fetchImpl: Fetch = fetch
): Promise<SocialProfile> {
  if (provider.issuer && provider.jwks) {
    if (!tokens.idToken) throw new SocialLoginError(`The ${provider.provider} login gave no id_token`)
    let claims: z.infer<typeof idClaimsSchema>
    try {
      const { payload } = await jwtVerify(tokens.idToken, provider.jwks, {
        issuer: provider.issuer,
        audience: provider.clientId
      })
      claims = idClaimsSchema.parse(payload)
    } catch (error) {
      throw new SocialLoginError(`The ${provider.provider} login gave an id_token that does not verify`, {
        cause: error
      })
    }
    if (claims.nonce !== oidcNonce(attempt.key, attempt.state)) {
      throw new SocialLoginError(`The ${provider.provider} login gave an id_token for another attempt`)
    }
    // Claims the id_token leaves out (an OpenID provider may keep them for its user endpoint).
    if ((!claims.email || !claims.preferred_username) && provider.userinfoUrl) {
      const response = await fetchImpl(provider.userinfoUrl, {
        headers: { Authorization: `Bearer ${tokens.accessToken}`, Accept: 'application/json' }
      })
      const more = idClaimsSchema.safeParse(response.ok ? await response.json().catch(() => undefined) : undefined)
      if (more.success && more.data.sub === claims.sub) {
        const { nonce: _nonce, ...rest } = more.data
        claims = { ...rest, ...Object.fromEntries(Object.entries(claims).filter(([, value]) => value !== undefined)) }
      }
    }
    const email = claims.email && claims.email_verified !== false ? claims.email : undefined
    return {
      provider: provider.provider,
      subject: claims.sub,
      username: claims.preferred_username ?? claims.name ?? email ?? claims.sub,
      ...(email ? { email } : {})
    }
  }
  const shape = PROFILE_SHAPES[provider.provider]
  if (!provider.userinfoUrl || !shape) throw new SocialLoginError(`The ${provider.provider} login has no user endpoint`)
  const response = await fetchImpl(provider.userinfoUrl, {
    headers: { Authorization: `Bearer ${tokens.accessToken}`, Accept: 'application/json' }
  })
  const profile = response.ok ? shape(await response.json().catch(() => undefined)) : undefined
  if (!profile) throw new SocialLoginError(`The ${provider.provider} login could not say who signed in`)
  return { provider: provider.provider, ...profile }
}
