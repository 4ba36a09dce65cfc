// The backend's social login client (service/backend/social/oauth.ts, providers.ts) against the local
// OpenID provider (local/social/local-idp.ts, oidc-provider): for each of the six providers the
// authorization URL (PKCE S256, state, nonce), a sign-in through the provider's own pages, the code
// exchange with the verifier derived from the state, and the visitor read from the verified
// id_token; a wrong verifier, a used code, a foreign nonce and a refused sign-in all fail with a
// clear text. The plain OAuth 2.0 providers' user endpoints (GitHub, Discord, X, Facebook) are read
// in their documented shapes; the configuration comes from the environment.
import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { after, before, describe, test } from 'node:test'
import {
  authorizationUrl,
  codeChallenge,
  exchangeCode,
  identify,
  oidcNonce,
  pkceVerifier,
  resolveProvider,
  SocialLoginError,
  type ResolvedProvider
} from '../../service/backend/social/oauth.js'
import {
  PROVIDER_DEFAULTS,
  socialProvidersFromEnv,
  type SocialProviderConfig
} from '../../service/backend/social/providers.js'
import {
  LOCAL_SOCIAL_PROVIDERS,
  localSocialEnv,
  localEmail,
  startLocalIdp,
  type LocalIdp
} from '../../local/social/local-idp.js'
import { signInAtLocalIdp } from './local-idp-driver.js'
import { rejected as rejection } from '../fixtures/rejected.js'

const REDIRECT_URI = 'http://127.0.0.1:1/frame-api/social/callback'
const KEY = randomBytes(32)

let idp: LocalIdp
before(async () => {
  idp = await startLocalIdp({ redirectUris: [REDIRECT_URI] })
})
after(async () => {
  await idp?.stop()
})

const localEnv = () => localSocialEnv(idp)

async function resolved(provider: string): Promise<ResolvedProvider> {
  const config = socialProvidersFromEnv(localEnv()).find(entry => entry.provider === provider)
  assert.ok(config)
  return resolveProvider(config)
}

/** The attempt's state, and the code the provider sent back for `login`. */
async function signIn(provider: ResolvedProvider, login: string) {
  const state = randomBytes(16).toString('base64url')
  const url = authorizationUrl(provider, { state, redirectUri: REDIRECT_URI, key: KEY })
  const back = await signInAtLocalIdp(url, login, { redirectUri: REDIRECT_URI })
  assert.equal(back.searchParams.get('state'), state)
  const code = back.searchParams.get('code')
  assert.ok(code, `a code came back: ${back}`)
  return { state, code }
}

describe('social login against the local OpenID provider', () => {
  for (const name of LOCAL_SOCIAL_PROVIDERS) {
    test(`${name}: sign in on its pages, exchange the code with PKCE, read the verified id_token`, async () => {
      const provider = await resolved(name)
      const login = `visitor-${name}`
      const { state, code } = await signIn(provider, login)
      const tokens = await exchangeCode(provider, { code, state, redirectUri: REDIRECT_URI, key: KEY })
      assert.ok(tokens.idToken)
      const profile = await identify(provider, tokens, { state, key: KEY })
      const email = localEmail(name, login)
      // Apple's scopes have no profile: its visitors are known by their e-mail.
      const username = name === 'apple' ? email : login
      assert.deepEqual(profile, { provider: name, subject: login, username, email })
    })
  }

  test('the authorization URL asks for a code with S256 PKCE, the state, the nonce and the client', async () => {
    const provider = await resolved('google')
    const url = new URL(authorizationUrl(provider, { state: 'the-state', redirectUri: REDIRECT_URI, key: KEY }))
    assert.equal(url.origin + url.pathname, `${idp.issuer('google')}/auth`)
    assert.deepEqual(Object.fromEntries(url.searchParams), {
      response_type: 'code',
      client_id: 'appkit-local-google',
      redirect_uri: REDIRECT_URI,
      scope: 'openid email profile',
      state: 'the-state',
      code_challenge: codeChallenge(pkceVerifier(KEY, 'the-state')),
      code_challenge_method: 'S256',
      nonce: oidcNonce(KEY, 'the-state')
    })
    // RFC 7636: 43 characters of base64url; another state or key, another verifier.
    assert.match(pkceVerifier(KEY, 'the-state'), /^[A-Za-z0-9_-]{43}$/)
    assert.notEqual(pkceVerifier(KEY, 'the-state'), pkceVerifier(KEY, 'other'))
    assert.notEqual(pkceVerifier(KEY, 'the-state'), pkceVerifier(randomBytes(32), 'the-state'))
  })

  test('a code exchanged with another attempt’s verifier, or used twice, is refused with the provider’s reason', async () => {
    const provider = await resolved('github')
    const { code } = await signIn(provider, 'mallory')
    const wrong = await rejection(
      exchangeCode(provider, { code, state: 'another', redirectUri: REDIRECT_URI, key: KEY })
    )
    assert.ok(wrong instanceof SocialLoginError)
    assert.match(wrong.message, /^The github login failed: /)

    const again = await signIn(provider, 'mallory')
    await exchangeCode(provider, { ...again, redirectUri: REDIRECT_URI, key: KEY })
    const reused = await rejection(exchangeCode(provider, { ...again, redirectUri: REDIRECT_URI, key: KEY }))
    assert.match(reused.message, /^The github login failed: /)
  })

  test('an id_token issued for another attempt (its nonce) is refused', async () => {
    const provider = await resolved('apple')
    const { state, code } = await signIn(provider, 'eve')
    const tokens = await exchangeCode(provider, { code, state, redirectUri: REDIRECT_URI, key: KEY })
    const error = await rejection(identify(provider, tokens, { state: 'another', key: KEY }))
    assert.equal(error.message, 'The apple login gave an id_token for another attempt')
    const forged = await rejection(
      identify(provider, { ...tokens, idToken: `${tokens.idToken}x` }, { state, key: KEY })
    )
    assert.equal(forged.message, 'The apple login gave an id_token that does not verify')
  })

  test('a visitor who refuses at the provider comes back with access_denied and no code', async () => {
    const provider = await resolved('discord')
    const url = authorizationUrl(provider, { state: 's', redirectUri: REDIRECT_URI, key: KEY })
    const back = await signInAtLocalIdp(url, 'nobody', { redirectUri: REDIRECT_URI, abort: true })
    assert.equal(back.searchParams.get('error'), 'access_denied')
    assert.equal(back.searchParams.get('code'), null)
    assert.equal(back.searchParams.get('state'), 's')
  })

  test('discovery must name the configured issuer', async () => {
    const config = socialProvidersFromEnv(localEnv()).find(entry => entry.provider === 'x')!
    const error = await rejection(resolveProvider({ ...config, issuer: `${idp.issuer('x')}/` }))
    assert.equal(error.message, `The x provider says its issuer is ${idp.issuer('x')}`)
  })
})

describe('plain OAuth 2.0 user endpoints', () => {
  const answers: Record<string, unknown> = {
    github: { id: 583231, login: 'octocat', email: 'octocat@github.example' },
    discord: { id: '80351110224678912', username: 'nelly', email: null },
    x: { data: { id: '2244994945', username: 'XDevelopers', name: 'X Dev' } },
    facebook: { id: '10158', name: 'Mark Example', email: 'mark@facebook.example' }
  }
  const expected: Record<string, object> = {
    github: { subject: '583231', username: 'octocat', email: 'octocat@github.example' },
    discord: { subject: '80351110224678912', username: 'nelly' },
    x: { subject: '2244994945', username: 'XDevelopers' },
    facebook: { subject: '10158', username: 'Mark Example', email: 'mark@facebook.example' }
  }
  for (const name of ['github', 'discord', 'x', 'facebook'] as const) {
    test(`${name}: the visitor from its documented user answer, asked with the access token`, async () => {
      const config: SocialProviderConfig = {
        provider: name,
        clientId: 'id',
        clientSecret: 'secret',
        ...PROVIDER_DEFAULTS[name]
      }
      const provider = await resolveProvider(config)
      const asked: Array<{ url: string; authorization: string | null }> = []
      // The provider's user endpoint cannot run here: its documented answer, from a stand-in fetch.
      const fetchStandIn = (async (url: string | URL, init?: RequestInit) => {
        asked.push({ url: String(url), authorization: new Headers(init?.headers).get('Authorization') })
        return Response.json(answers[name])
      }) as typeof fetch
      const profile = await identify(provider, { accessToken: 'the-token' }, { state: 's', key: KEY }, fetchStandIn)
      assert.deepEqual(profile, { provider: name, ...expected[name] })
      assert.deepEqual(asked, [{ url: PROVIDER_DEFAULTS[name].userinfoUrl, authorization: 'Bearer the-token' }])
    })
  }

  test('an answer of another shape says who could not be read', async () => {
    const provider = await resolveProvider({
      provider: 'github',
      clientId: 'id',
      clientSecret: 's',
      ...PROVIDER_DEFAULTS.github
    })
    const fetchStandIn = (async () => Response.json({ unexpected: true })) as unknown as typeof fetch
    const error = await rejection(identify(provider, { accessToken: 't' }, { state: 's', key: KEY }, fetchStandIn))
    assert.equal(error.message, 'The github login could not say who signed in')
  })
})

describe('configuration from the environment', () => {
  test('a provider is on with a client id and secret; an issuer makes it OpenID; explicit endpoints replace the defaults', () => {
    const configured = socialProvidersFromEnv({
      APPKIT_SOCIAL_GOOGLE_CLIENT_ID: 'g-id',
      APPKIT_SOCIAL_GOOGLE_CLIENT_SECRET: 'g-secret',
      APPKIT_SOCIAL_GITHUB_CLIENT_ID: 'gh-id',
      APPKIT_SOCIAL_GITHUB_CLIENT_SECRET: 'gh-secret',
      APPKIT_SOCIAL_GITHUB_ISSUER: 'http://127.0.0.1:9/github',
      APPKIT_SOCIAL_DISCORD_CLIENT_ID: 'd-id',
      APPKIT_SOCIAL_DISCORD_CLIENT_SECRET: 'd-secret',
      APPKIT_SOCIAL_DISCORD_TOKEN_URL: 'http://127.0.0.1:9/token',
      APPKIT_SOCIAL_DISCORD_SCOPE: 'identify',
      APPKIT_SOCIAL_X_CLIENT_ID: 'no secret: off'
    })
    assert.deepEqual(
      configured.map(entry => entry.provider),
      ['google', 'github', 'discord']
    )
    assert.deepEqual(configured[0], {
      provider: 'google',
      clientId: 'g-id',
      clientSecret: 'g-secret',
      ...PROVIDER_DEFAULTS.google
    })
    assert.deepEqual(configured[1], {
      provider: 'github',
      clientId: 'gh-id',
      clientSecret: 'gh-secret',
      issuer: 'http://127.0.0.1:9/github',
      scope: 'openid email profile'
    })
    assert.equal(configured[2]!.tokenUrl, 'http://127.0.0.1:9/token')
    assert.equal(configured[2]!.authorizationUrl, PROVIDER_DEFAULTS.discord.authorizationUrl)
    assert.equal(configured[2]!.scope, 'identify')
    assert.equal(configured[2]!.issuer, undefined)
  })

  test('a URL that is not http(s) is a configuration error naming the variable', () => {
    assert.throws(
      () =>
        socialProvidersFromEnv({
          APPKIT_SOCIAL_APPLE_CLIENT_ID: 'a',
          APPKIT_SOCIAL_APPLE_CLIENT_SECRET: 'b',
          APPKIT_SOCIAL_APPLE_ISSUER: 'javascript:alert(1)'
        }),
      { message: 'APPKIT_SOCIAL_APPLE: issuer is not an http(s) URL: javascript:alert(1)' }
    )
  })
})
