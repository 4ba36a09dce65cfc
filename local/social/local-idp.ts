/**
 * A local OpenID provider standing in for each social login provider (google, github, apple,
 * facebook, x, discord) in `npm start` and the tests: one oidc-provider instance per provider,
 * each mounted under its own path of one HTTP server on 127.0.0.1 (issuer
 * http://127.0.0.1:<port>/<provider>), with login and consent pages of their own
 * (interaction-pages.ts: any login name and password signs in as that name, nothing loaded from
 * the internet). Authorization code with PKCE (S256) only.
 *
 * TEST CLIENTS ONLY: the client ids and secrets below are public; a deployment configures the
 * real providers' endpoints and credentials instead (service/backend/social/providers.ts).
 */
import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import Provider from 'oidc-provider'
import { handleInteraction } from './interaction-pages.js'
import { LOCAL_SOCIAL_PROVIDERS, localClient, localEmail, type LocalSocialProvider } from './local-clients.js'

export {
  LOCAL_SOCIAL_PROVIDERS,
  localClient,
  localEmail,
  localSocialEnv,
  type LocalSocialProvider
} from './local-clients.js'

export interface LocalIdp {
  /** http://127.0.0.1:<port> */
  readonly url: string
  /** The issuer of `provider` (OIDC discovery at <issuer>/.well-known/openid-configuration). */
  issuer(provider: LocalSocialProvider): string
  stop(): Promise<void>
}

export interface LocalIdpOptions {
  /** 0 (default): any free port. */
  readonly port?: number
  /** Where the providers may send the visitor back (the backend's callback). */
  readonly redirectUris: readonly string[]
}

function providerFor(issuer: string, provider: LocalSocialProvider, redirectUris: readonly string[]): Provider {
  const { clientId, clientSecret } = localClient(provider)
  return new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        client_name: `appkit-elements (local ${provider})`,
        redirect_uris: [...redirectUris],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post'
      }
    ],
    pkce: { required: () => true },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'preferred_username']
    },
    findAccount: (_ctx, sub) => ({
      accountId: sub,
      claims: () => ({
        sub,
        name: sub,
        preferred_username: sub,
        email: localEmail(provider, sub),
        email_verified: true
      })
    }),
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/${provider}/interaction/${interaction.uid}` },
    ttl: { AuthorizationCode: 60, AccessToken: 600, Session: 3600, Interaction: 600, Grant: 3600, IdToken: 600 }
  })
}

/** Starts the six local providers on one port. */
export async function startLocalIdp(options: LocalIdpOptions): Promise<LocalIdp> {
  const handlers = new Map<string, (req: IncomingMessage, res: ServerResponse) => void>()
  const instances = new Map<string, Provider>()
  const server: Server = createServer((req, res) => {
    const url = req.url ?? '/'
    const [, first = ''] = url.split('/')
    const name = first.split('?')[0] ?? ''
    const handler = handlers.get(name)
    if (!handler) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Unknown provider')
      return
    }
    const rest = url.slice(name.length + 1) || '/'
    const instance = instances.get(name)!
    void handleInteraction(instance, name, rest.split('?')[0] ?? '/', req, res).then(handled => {
      if (handled) return
      // Mounted under /<provider>: the provider routes the rest (as a framework's mount would).
      ;(req as IncomingMessage & { originalUrl?: string }).originalUrl = url
      req.url = rest
      handler(req, res)
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve())
  })
  const { port } = server.address() as AddressInfo
  const url = `http://127.0.0.1:${port}`
  const issuer = (provider: LocalSocialProvider) => `${url}/${provider}`
  // oidc-provider warns, for each instance, that it uses its development-only memory storage and
  // keys: exactly what this local stand-in is. Said here instead of twelve times.
  const warn = console.warn
  console.warn = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].startsWith('oidc-provider WARNING: ')) return
    warn(...args)
  }
  try {
    for (const provider of LOCAL_SOCIAL_PROVIDERS) {
      const instance = providerFor(issuer(provider), provider, options.redirectUris)
      instances.set(provider, instance)
      handlers.set(provider, instance.callback() as (req: IncomingMessage, res: ServerResponse) => void)
    }
  } finally {
    console.warn = warn
  }
  return {
    url,
    issuer,
    stop: () =>
      new Promise<void>(resolve => {
        server.closeAllConnections()
        server.close(() => resolve())
      })
  }
}
