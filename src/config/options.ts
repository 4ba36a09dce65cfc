import * as z from 'zod/mini'
import { caipNetworkSchema, CHAIN_NAMESPACES } from '../networks/types.js'
import type { NamespaceAdapter } from '../adapters/types.js'
import { ONRAMP_PROVIDERS, SOCIAL_PROVIDERS, type OnrampProviderName, type SocialProvider } from './shell-constants.js'
import { THEME_VARIABLE_NAMES, type ThemeVariableName } from '../theme/variables.js'
import { describeIssue } from './describe-issue.js'
import { listOf, oneOf, recordOf, urlString } from '../utils/zod-checks.js'
import { AppKitOptionsError } from './options-error.js'
import { fromViemChain } from './network-input.js'
import type { UnknownOption } from './unknown-options.js'
import { LOCALES } from '../i18n/locales.js'
import type { MessageOverrides } from '../i18n/overrides.js'
import type { SiwxConfig } from '../siwx/types.js'

export { AppKitOptionsError } from './options-error.js'

/** The features' defaults (docs/behaviour.md section 9, with the default remote features). */
export const DEFAULT_FEATURES: Features = {
  receive: true,
  send: true,
  analytics: true,
  allWallets: true,
  legalCheckbox: false,
  smartSessions: false,
  pay: false,
  email: true,
  socials: [...SOCIAL_PROVIDERS],
  swaps: true,
  onramp: true,
  history: true,
  connectMethodsOrder: ['email', 'social', 'wallet'],
  walletFeaturesOrder: ['onramp', 'swaps', 'receive', 'send']
}

const SIWX_METHODS = ['createMessage', 'addSession', 'getSessions', 'revokeSession', 'setSessions'] as const

/** An EVM 0x address or a Solana mint. */
const TOKEN_ADDRESS = /^(?:0x[0-9a-fA-F]{40}|[1-9A-HJ-NP-Za-km-z]{32,44})$/

const isTextRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * The shape of the `messages` option: texts by message id, or under a locale's code texts by id.
 * Its ids and placeholders are checked against the catalog where the texts are applied
 * (src/i18n/overrides.ts, loaded then).
 */
function isMessagesShape(value: unknown): boolean {
  return (
    isTextRecord(value) &&
    Object.values(value).every(
      text => typeof text === 'string' || (isTextRecord(text) && Object.values(text).every(t => typeof t === 'string'))
    )
  )
}

/**
 * The options' schemas, built on createAppKit's first call (or the first run-time theme setter),
 * not when the module loads (issue 35: no schema construction at module evaluation). They use only
 * the zod types of src/utils/zod-checks.ts, so the first load holds no more of zod.
 */
function buildSchemas() {
  /** A boolean option; absent, it takes its default (OPTION_DEFAULTS, FEATURE_DEFAULTS). One instance for all. */
  const flag = z.optional(z.boolean())

  const adapterSchema = z.custom<NamespaceAdapter>(
    value =>
      typeof value === 'object' &&
      value !== null &&
      (CHAIN_NAMESPACES as readonly unknown[]).includes((value as { namespace?: unknown }).namespace) &&
      typeof (value as { loadConnectors?: unknown }).loadConnectors === 'function',
    'a namespace adapter such as evmAdapter() from "appkit-elements/evm"'
  )

  const themeModeSchema = oneOf(['light', 'dark'])

  /**
   * The kit's theme variables, each a string or a number; anything but an object is 'a record', a
   * name the kit does not know 'Invalid input' (the texts of z.partialRecord with the names' enum).
   */
  const themeVariablesSchema = z
    .custom<Partial<Record<ThemeVariableName, string | number>>>(isTextRecord, 'a record')
    .check(
      z.check(payload => {
        if (!isTextRecord(payload.value)) return
        for (const [name, value] of Object.entries(payload.value)) {
          const known = (THEME_VARIABLE_NAMES as readonly string[]).includes(name)
          if (known && (typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value)))) continue
          payload.issues.push({
            code: 'custom',
            message: known ? 'one of the allowed forms of this option' : 'Invalid input',
            input: value,
            path: known ? [name] : []
          } as z.core.$ZodRawIssue)
        }
      })
    )

  /** Features; an absent one takes its default (DEFAULT_FEATURES). */
  const featuresSchema = z.object({
    receive: flag,
    send: flag,
    analytics: flag,
    allWallets: flag,
    legalCheckbox: flag,
    smartSessions: flag,
    pay: flag,
    email: flag,
    socials: z.optional(
      z.custom<SocialProvider[] | false>(
        value => value === false || (Array.isArray(value) && value.every(name => SOCIAL_PROVIDERS.includes(name))),
        'one of the allowed forms of this option'
      )
    ),
    swaps: flag,
    /** Buy on or off, or on with these providers (docs/behaviour.md section 4: only those listed are offered). */
    onramp: z.optional(
      z
        .custom<boolean | OnrampProviderName[]>(
          value =>
            typeof value === 'boolean' ||
            (Array.isArray(value) && value.every(name => ONRAMP_PROVIDERS.includes(name))),
          'true, false, or a list of "coinbase" | "meld"'
        )
        .check(
          z.refine(
            value => (value !== true && value !== false ? value.length > 0 : true),
            'at least one provider (false turns Buy off)'
          )
        )
    ),
    history: flag,
    connectMethodsOrder: z.optional(listOf(['email', 'social', 'wallet'])),
    walletFeaturesOrder: z.optional(listOf(['onramp', 'swaps', 'receive', 'send']))
  })

  /** Sign-in with X: an implementation (createLocalSiwx(), createBackendSiwx(), or the app's own). */
  const siwxSchema = z.custom<SiwxConfig>(
    value =>
      SIWX_METHODS.every(
        method => typeof (value as unknown as Record<string, unknown> | null)?.[method] === 'function'
      ),
    'a SIWX implementation (createLocalSiwx() or createBackendSiwx())'
  )

  const metadataSchema = z.object({
    name: z.string().check(z.minLength(1)),
    description: z.optional(z.string()),
    url: urlString(),
    icons: z.optional(z.array(z.string()))
  })

  const walletIds = z.optional(z.array(z.string().check(z.minLength(1))))

  /**
   * A token the app wants read from the chain when the backend cannot answer: its contract (an EVM
   * 0x address or a Solana mint), and the symbol and name to show instead of the chain's.
   */
  const tokenOptionSchema = z.object({
    address: z.string().check(z.refine(address => TOKEN_ADDRESS.test(address), 'a token address')),
    symbol: z.optional(z.string()),
    name: z.optional(z.string())
  })

  const accountTypeSchema = oneOf(['eoa', 'smartAccount', 'payment', 'ordinal'])

  const appKitOptionsSchema = z
    .object({
      adapters: z.optional(z.array(adapterSchema)),
      networks: z.array(caipNetworkSchema()).check(z.minLength(1, 'at least one network')),
      defaultNetwork: z.optional(caipNetworkSchema()),
      /** Empty or absent: the kit runs, and its alert says 'Project ID Not Configured'. */
      projectId: z.optional(z.string()),
      metadata: z.optional(metadataSchema),
      themeMode: z.optional(themeModeSchema),
      themeVariables: z.optional(themeVariablesSchema),
      features: z.optional(featuresSchema),
      featuredWalletIds: walletIds,
      includeWalletIds: walletIds,
      excludeWalletIds: walletIds,
      allowUnsupportedChain: flag,
      /**
       * Spec.md section 2: choosing a network of a namespace with no connected wallet skips the
       * SwitchActiveChain confirmation (the network becomes active and Connect opens at once).
       */
      ignoreSwitchConfirmation: flag,
      /** The account type to use by namespace until the visitor switches (kit defaults: eip155 smartAccount, solana eoa, bip122 payment, polkadot eoa). */
      defaultAccountTypes: z.optional(
        z.object({
          eip155: z.optional(accountTypeSchema),
          solana: z.optional(accountTypeSchema),
          bip122: z.optional(accountTypeSchema),
          polkadot: z.optional(accountTypeSchema)
        })
      ),
      enableWalletConnect: flag,
      /** The WalletConnect relay (wss://); the SDK's default is WalletConnect's cloud relay. */
      relayUrl: z.optional(urlString(/^wss?$/)),
      enableInjected: flag,
      manualWCControl: flag,
      siwx: z.optional(siwxSchema),
      /** The modal's language; else the page's <html lang>, else the browser's languages, else English. */
      locale: z.optional(oneOf(LOCALES)),
      /** The app's own texts by message id, for every locale or under a locale's code. */
      messages: z.optional(
        z.custom<MessageOverrides>(isMessagesShape, 'message texts by id, for every locale or under a locale')
      ),
      /** The deployment's public key from Meld: without it Buy does not offer Meld, whose checkout refuses any other. */
      meldPublicKey: z.optional(z.string().check(z.minLength(1, 'a Meld public key'))),
      debug: flag,
      apiUrl: z.optional(urlString()),
      /**
       * The secure wallet frame's page (the embedded wallet behind the e-mail login), on an origin of
       * its own; without it the Connect view offers no e-mail login.
       */
      frameUrl: z.optional(urlString(/^https?$/)),
      /** The app's terms of service, linked from the Connect view's legal line (`features.legalCheckbox`); http(s) only. */
      termsConditionsUrl: z.optional(urlString(/^https?$/)),
      /** The app's privacy policy, linked from the Connect view's legal line (`features.legalCheckbox`); http(s) only. */
      privacyPolicyUrl: z.optional(urlString(/^https?$/)),
      /**
       * Per network (CAIP-2 id), the tokens the Tokens list reads from the chain when the backend is
       * unreachable or not configured; a network listed (even with []) gets its native balance too.
       */
      tokens: z.optional(recordOf(z.array(tokenOptionSchema)))
    })
    .check(
      z.refine(
        options =>
          !options.defaultNetwork ||
          options.networks.some(n => n.caipNetworkId === options.defaultNetwork?.caipNetworkId),
        { message: 'one of the networks listed in "networks"', path: ['defaultNetwork'] }
      )
    )
  return { appKitOptionsSchema, featuresSchema, themeModeSchema, themeVariablesSchema, tokenOptionSchema }
}

type Schemas = ReturnType<typeof buildSchemas>
let schemas: Schemas | undefined

/** The options' schemas, built once, on first use. */
export function optionSchemas(): Schemas {
  return (schemas ??= buildSchemas())
}

export type ThemeMode = z.infer<Schemas['themeModeSchema']>
export type ThemeVariables = z.infer<Schemas['themeVariablesSchema']>
export type TokenOption = z.infer<Schemas['tokenOptionSchema']>

/** A network as createAppKit takes it: a CAIP network, or a viem `Chain` (see network-input.ts). */
export type NetworkInput = z.input<ReturnType<typeof caipNetworkSchema>> | ViemChainLike

/** What the kit reads of a viem `Chain` (structural: the kit does not import viem's types). */
export interface ViemChainLike {
  readonly id: number
  readonly name: string
  readonly nativeCurrency: { readonly name: string; readonly symbol: string; readonly decimals: number }
  readonly rpcUrls: { readonly default: { readonly http: readonly string[]; readonly webSocket?: readonly string[] } }
  readonly blockExplorers?: { readonly default: { readonly name: string; readonly url: string } }
  readonly testnet?: boolean
}

export type AppKitOptionsInput = Omit<z.input<Schemas['appKitOptionsSchema']>, 'networks' | 'defaultNetwork'> & {
  /** CAIP networks (at least one) or viem chains. */
  readonly networks: readonly NetworkInput[]
  readonly defaultNetwork?: NetworkInput
}
/** `T` with the keys of `D` present (their defaults filled in by withDefaults). */
type Defaulted<T, D> = Omit<T, keyof D> & { [K in keyof D & keyof T]-?: Exclude<T[K], undefined> }

export type Features = Defaulted<z.output<Schemas['featuresSchema']>, Required<z.output<Schemas['featuresSchema']>>>
type Metadata = Defaulted<NonNullable<z.output<Schemas['appKitOptionsSchema']>['metadata']>, typeof METADATA_DEFAULTS>
export type AppKitOptions = Omit<
  Defaulted<z.output<Schemas['appKitOptionsSchema']>, typeof OPTION_DEFAULTS>,
  'features' | 'metadata'
> & { features: Features; metadata?: Metadata }

/**
 * The defaults of the options the app may leave out, filled in after the schema took the options
 * (zod's z._default is not in the first load, issue 35): a function gives a fresh value each time.
 */
const OPTION_DEFAULTS = {
  adapters: (): NamespaceAdapter[] => [],
  projectId: '',
  themeVariables: (): ThemeVariables => ({}),
  allowUnsupportedChain: false,
  ignoreSwitchConfirmation: false,
  enableWalletConnect: true,
  enableInjected: true,
  manualWCControl: false,
  debug: false
}
const METADATA_DEFAULTS = { description: '', icons: (): string[] => [] }

/** `value` with every key of `defaults` it lacks (or holds undefined) set to the default. */
function withDefaults(value: object, defaults: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...value }
  for (const [key, fallback] of Object.entries(defaults)) {
    if (out[key] === undefined) out[key] = typeof fallback === 'function' ? (fallback as () => unknown)() : fallback
  }
  return out
}

/** The features with the defaults filled in: fresh lists, so the app's options object never shares DEFAULT_FEATURES'. */
function featuresWithDefaults(features: object | undefined): Features {
  const defaults = Object.fromEntries(
    Object.entries(DEFAULT_FEATURES).map(([key, value]) => [key, Array.isArray(value) ? () => [...value] : value])
  )
  return withDefaults(features ?? {}, defaults) as Features
}

/** The parsed options with every default filled in (what z._default gave before). */
function optionsWithDefaults(data: z.output<Schemas['appKitOptionsSchema']>): AppKitOptions {
  const options = withDefaults(data, OPTION_DEFAULTS)
  options.features = featuresWithDefaults(data.features)
  if (data.metadata) options.metadata = withDefaults(data.metadata, METADATA_DEFAULTS)
  return options as AppKitOptions
}

/** The keys of `value` (an object) that `shape` does not list. */
function unknownKeys(value: unknown, shape: object, path: string): UnknownOption[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return []
  const known = Object.keys(shape)
  return Object.keys(value)
    .filter(key => !known.includes(key))
    .map(key => ({ path, key, known }))
}

/** `networks` and `defaultNetwork` with every viem chain turned into a CAIP network. */
function withViemChains(input: unknown): unknown {
  if (typeof input !== 'object' || input === null) return input
  const options = input as Record<string, unknown>
  return {
    ...options,
    ...(Array.isArray(options.networks) ? { networks: options.networks.map(fromViemChain) } : {}),
    ...('defaultNetwork' in options ? { defaultNetwork: fromViemChain(options.defaultNetwork) } : {})
  }
}

export function parseOptions(input: unknown): AppKitOptions {
  const { appKitOptionsSchema, featuresSchema } = optionSchemas()
  const result = appKitOptionsSchema.safeParse(withViemChains(input))
  if (result.success) {
    const given = input as Record<string, unknown>
    const unknown = [
      ...unknownKeys(given, appKitOptionsSchema.shape, ''),
      ...unknownKeys(given.features, featuresSchema.shape, 'features')
    ]
    const [first] = unknown
    if (first && result.data.debug) {
      throw new AppKitOptionsError(`${first.path ? `${first.path}.` : ''}${first.key}`, 'a known option')
    }
    // The warnings (with the nearest known key) load only when an option is unknown.
    if (first) void import('./unknown-options.js').then(module => module.warnUnknownOptions(unknown))
    return optionsWithDefaults(result.data)
  }
  const issue = result.error.issues[0]
  if (!issue) throw new AppKitOptionsError('(options)', 'an options object')
  const { option, expected } = describeIssue(issue)
  throw new AppKitOptionsError(option, expected)
}
