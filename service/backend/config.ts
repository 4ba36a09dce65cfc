// The backend's configuration, parsed with zod from options and the environment:
//   APPKIT_SERVER_PORT   port (default 8787; 0 = any free port)
//   APPKIT_SERVER_HOST   bind address (default 127.0.0.1)
//   DATABASE_URL         PostgreSQL; without it the embedded PGlite is used
//   APPKIT_DATA_DIR      PGlite's data directory (default .data/pglite; ':memory:' for none)
//   APPKIT_PUBLIC_URL    this backend's URL as browsers reach it (links it hands out, e.g. the
//                        sandbox onramp page); default: the origin of the request being answered
//   APPKIT_PROJECTS      JSON array of projects [{ id, allowedOrigins, isAnalyticsEnabled? }]
//                        (replaces the default project)
//   APPKIT_ALLOWED_ORIGINS  comma list: extra origin patterns for the default project
//   APPKIT_CHAIN_RPCS    comma list 'chainId=url': the chains this backend reads (service/backend/main.ts), each
//                        also in place of its public default for the frame (service/backend/frame-networks.ts)
//   APPKIT_ADMIN_TOKEN   a secret (16+ characters) that opens the project owner's read routes
//                        (GET /admin/analytics-events); without it they answer 404
// The embedded wallet (service/frame/README.md), served on an origin of its own:
//   APPKIT_FRAME_PORT    the frame's port (default 8788, but 0 when the backend's port is 0;
//                        0 = any free port), on the same bind address
//   APPKIT_FRAME_PUBLIC_URL  the frame's URL as browsers reach it, when not http://{host}:{port}
//                        (its origin is the only one the frame's API accepts POSTs from)
//   APPKIT_SMTP_URL      where the one-time codes are mailed (default smtp://127.0.0.1:1025,
//                        maildev in npm start)
//   APPKIT_MAIL_FROM     their sender (default 'AppKit wallet <wallet@appkit.local>')
//   APPKIT_MASTER_KEY    base64 of exactly 32 bytes: the key that wraps every stored wallet key's
//                        data key. Without it the embedded wallet's routes answer 503.
//   APPKIT_SOCIAL_<P>_*  the social login providers (service/backend/social/providers.ts)
//   APPKIT_FARCASTER_*   Sign In With Farcaster's relay and registries (service/backend/farcaster/settings.ts)
//   APPKIT_BUNDLER_KEY   the ERC-4337 bundler's key (service/backend/bundler/; default: the local chains'
//                        account #18); APPKIT_ENTRY_POINT its EntryPoint v0.7 (default: the local one)
//   APPKIT_ACCOUNT_FACTORY the embedded wallet's smart-account factory (default: the local one)
//   APPKIT_PAYMASTER_KEY the paymaster service's signer (default: account #17); APPKIT_PAYMASTER
//                        its VerifyingPaymaster (default: the local one)
import { Buffer } from 'node:buffer'
import { randomBytes } from 'node:crypto'
import * as z from 'zod'
import { BUILT_IN_ORIGIN_PATTERNS } from '../../src/utils/origin-patterns.js'
import { socialProvidersFromEnv, type SocialProviderConfig } from './social/providers.js'
import { farcasterSettingsFromEnv, type FarcasterSettings } from './farcaster/settings.js'
import { frameRpcUrls } from './frame-networks.js'
import { BUNDLER, CONTRACTS, LOCAL_CHAIN_IDS, NAME_SUFFIXES, PAYMASTER_SIGNER } from '../../local/chain/deployment.js'

export const DEFAULT_PORT = 8787
export const DEFAULT_HOST = '127.0.0.1'
export const DEFAULT_PROJECT_ID = 'appkit-local'
export const DEFAULT_DATA_DIR = '.data/pglite'
export const DEFAULT_FRAME_PORT = 8788
export const DEFAULT_SMTP_URL = 'smtp://127.0.0.1:1025'
export const DEFAULT_MAIL_FROM = 'AppKit wallet <wallet@appkit.local>'

/** Origin patterns: exact origins, `*` for one or more host labels, `:*` for any port. */
export const DEFAULT_ALLOWED_ORIGINS = [...BUILT_IN_ORIGIN_PATTERNS]

/** docs/behaviour.md section 9: the 12 swap networks; docs/behaviour.md section 11: plus the local chains. */
export const SPEC_SWAP_NETWORKS = [1, 42161, 10, 324, 8453, 56, 137, 100, 43114, 250, 8217, 1313161554].map(
  id => `eip155:${id}`
)
export const DEFAULT_SWAP_NETWORKS = [...SPEC_SWAP_NETWORKS, ...LOCAL_CHAIN_IDS.map(id => `eip155:${id}`)]

const projectSchema = z.object({
  id: z.string().min(1),
  name: z.string().default('AppKit local project'),
  allowedOrigins: z.array(z.string().min(1)),
  isAnalyticsEnabled: z.boolean().default(true)
})
export type ProjectConfig = z.infer<typeof projectSchema>

export const serverConfigSchema = z.object({
  port: z.coerce.number().int().min(0).max(65535).default(DEFAULT_PORT),
  host: z.string().default(DEFAULT_HOST),
  /** The URL browsers use to reach this backend; undefined = derive from the request. */
  publicUrl: z.url().optional(),
  databaseUrl: z.string().optional(),
  /** PGlite's directory; undefined = in memory. */
  dataDir: z.string().optional(),
  projects: z.array(projectSchema).min(1),
  /** CAIP-2 ids of the chains the convert (swap) endpoints serve. */
  swapNetworks: z.array(z.string().regex(/^eip155:\d+$/)),
  nameSuffixes: z.object({ current: z.string(), legacy: z.string() }),
  /** Opens GET /admin/* with `Authorization: Bearer <token>`; undefined: those routes do not exist. */
  adminToken: z.string().min(16).optional(),
  /** Wallet catalog size and seed (the catalog is generated, deterministic per seed). */
  catalog: z.object({ size: z.number().int().min(1), seed: z.string() }),
  /** The embedded wallet's frame origin: its port (0 = any free port) on `host`. */
  framePort: z.coerce.number().int().min(0).max(65535).default(DEFAULT_FRAME_PORT),
  /** The frame's URL as browsers reach it; undefined = http://{host}:{framePort}. */
  framePublicUrl: z.url().optional(),
  /**
   * Where POST /frame-api/rpc sends a network the backend reads no node of its own for, by CAIP-2
   * id: service/backend/frame-networks.ts's public endpoints, APPKIT_CHAIN_RPCS's in their place.
   */
  frameRpcUrls: z.record(
    z.string().regex(/^(?:eip155:\d{1,20}|solana:[1-9A-HJ-NP-Za-km-z]{1,44})$/, 'a CAIP-2 chain id'),
    z.url({ protocol: /^https?$/ })
  ),
  smtpUrl: z
    .string()
    .regex(/^smtps?:\/\//, 'an smtp:// or smtps:// URL')
    .default(DEFAULT_SMTP_URL),
  mailFrom: z.string().min(3).default(DEFAULT_MAIL_FROM),
  /** Base64 of 32 bytes (APPKIT_MASTER_KEY); undefined: the embedded wallet is not configured. */
  masterKey: z.string().optional(),
  /** The social login providers (APPKIT_SOCIAL_*, service/backend/social/providers.ts); none by default. */
  socialProviders: z
    .array(z.custom<SocialProviderConfig>(value => typeof value === 'object' && value !== null))
    .default([]),
  /** Sign In With Farcaster: the relay and the registries' chain (APPKIT_FARCASTER_*, service/backend/farcaster/settings.ts). */
  farcaster: z.custom<FarcasterSettings>(value => typeof value === 'object' && value !== null),
  /** The bundler's key (APPKIT_BUNDLER_KEY): it sends the smart accounts' user operations. */
  bundlerKey: z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'a 32-byte 0x hex private key'),
  /** The EntryPoint v0.7 the bundler sends to (APPKIT_ENTRY_POINT). */
  entryPoint: z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'an address'),
  /** The factory of the embedded wallet's smart accounts (APPKIT_ACCOUNT_FACTORY, local/chain/contracts/AppKitSmartAccount.sol). */
  accountFactory: z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'an address'),
  /** The paymaster service's signer (APPKIT_PAYMASTER_KEY) and its VerifyingPaymaster (APPKIT_PAYMASTER). */
  paymasterKey: z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'a 32-byte 0x hex private key'),
  paymaster: z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'an address')
})
export type ServerConfig = z.infer<typeof serverConfigSchema>
export type ServerConfigInput = z.input<typeof serverConfigSchema>

export function defaultProject(extraOrigins: string[] = []): ProjectConfig {
  return {
    id: DEFAULT_PROJECT_ID,
    name: 'AppKit local project',
    allowedOrigins: [...DEFAULT_ALLOWED_ORIGINS, ...extraOrigins],
    isAnalyticsEnabled: true
  }
}

/**
 * The configuration from `options` over the environment over the defaults. Throws a readable error
 * naming the setting when something is malformed.
 */
export function loadConfig(
  options: Partial<ServerConfigInput> = {},
  env: NodeJS.ProcessEnv = process.env
): ServerConfig {
  const extraOrigins = (env.APPKIT_ALLOWED_ORIGINS ?? '')
    .split(',')
    .map(item => item.trim())
    .filter(Boolean)
  let projects: unknown = options.projects
  if (projects === undefined && env.APPKIT_PROJECTS) {
    try {
      projects = JSON.parse(env.APPKIT_PROJECTS)
    } catch (error) {
      throw new Error(`APPKIT_PROJECTS is not JSON: ${(error as Error).message}`, { cause: error })
    }
  }
  const dataDirEnv = env.APPKIT_DATA_DIR === ':memory:' ? undefined : (env.APPKIT_DATA_DIR ?? DEFAULT_DATA_DIR)
  const port = options.port ?? env.APPKIT_SERVER_PORT ?? DEFAULT_PORT
  const input = {
    port,
    host: options.host ?? env.APPKIT_SERVER_HOST ?? DEFAULT_HOST,
    publicUrl: options.publicUrl ?? (env.APPKIT_PUBLIC_URL || undefined),
    databaseUrl: options.databaseUrl ?? (env.DATABASE_URL || undefined),
    dataDir: 'dataDir' in options ? options.dataDir : dataDirEnv,
    projects: projects ?? [defaultProject(extraOrigins)],
    swapNetworks: options.swapNetworks ?? DEFAULT_SWAP_NETWORKS,
    nameSuffixes: options.nameSuffixes ?? { ...NAME_SUFFIXES },
    catalog: options.catalog ?? { size: 600, seed: 'appkit-catalog-v1' },
    adminToken: options.adminToken ?? (env.APPKIT_ADMIN_TOKEN || undefined),
    // A backend on any free port (tests, benches) puts its frame on one too.
    framePort: options.framePort ?? (env.APPKIT_FRAME_PORT || (String(port) === '0' ? 0 : DEFAULT_FRAME_PORT)),
    framePublicUrl: options.framePublicUrl ?? (env.APPKIT_FRAME_PUBLIC_URL || undefined),
    frameRpcUrls: options.frameRpcUrls ?? frameRpcUrls(env.APPKIT_CHAIN_RPCS),
    smtpUrl: options.smtpUrl ?? (env.APPKIT_SMTP_URL || DEFAULT_SMTP_URL),
    mailFrom: options.mailFrom ?? (env.APPKIT_MAIL_FROM || DEFAULT_MAIL_FROM),
    masterKey: checkMasterKey('masterKey' in options ? options.masterKey : env.APPKIT_MASTER_KEY || undefined),
    socialProviders: options.socialProviders ?? socialProvidersFromEnv(env),
    farcaster: { ...farcasterSettingsFromEnv(env), ...options.farcaster },
    bundlerKey: options.bundlerKey ?? (env.APPKIT_BUNDLER_KEY || BUNDLER.privateKey),
    entryPoint: options.entryPoint ?? (env.APPKIT_ENTRY_POINT || CONTRACTS.entryPoint),
    accountFactory: options.accountFactory ?? (env.APPKIT_ACCOUNT_FACTORY || CONTRACTS.smartAccountFactory),
    paymasterKey: options.paymasterKey ?? (env.APPKIT_PAYMASTER_KEY || PAYMASTER_SIGNER.privateKey),
    paymaster: options.paymaster ?? (env.APPKIT_PAYMASTER || CONTRACTS.paymaster)
  }
  const parsed = serverConfigSchema.safeParse(input)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    throw new Error(`Invalid server configuration: ${issue.path.join('.') || '(root)'}: ${issue.message}`)
  }
  return parsed.data
}

/** The 32 bytes of a master key given as base64 (APPKIT_MASTER_KEY); throws naming the variable. */
export function decodeMasterKey(base64: string): Buffer {
  const text = base64.trim()
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(text) || text.length % 4 !== 0) {
    throw new Error('APPKIT_MASTER_KEY is not base64: it must be the base64 of exactly 32 random bytes')
  }
  const bytes = Buffer.from(text, 'base64')
  if (bytes.length !== 32) {
    throw new Error(`APPKIT_MASTER_KEY must be the base64 of exactly 32 bytes, got ${bytes.length} bytes`)
  }
  return bytes
}

function checkMasterKey(value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined
  decodeMasterKey(value)
  return value.trim()
}

/** 32 random bytes in base64: a master key (tests; npm start's .data/master-key). */
export function randomMasterKey(): string {
  return randomBytes(32).toString('base64')
}

/**
 * A configuration for tests: in-memory database, port 0 (the frame's too), a random master key
 * (pass `masterKey: undefined` for none), defaults elsewhere, env ignored.
 */
export function testConfig(options: Partial<ServerConfigInput> = {}): ServerConfig {
  return loadConfig({ port: 0, framePort: 0, dataDir: undefined, masterKey: randomMasterKey(), ...options }, {})
}
