// Names over the NameRegistry contract: identity (reverse lookup), profile by name and by address,
// suggestions, and registration.
//
// Registration (POST /v1/profile/account): the body's `message` is the JSON of a
// RegisterNameMessage signed by `address` (personal_sign). The backend checks the signature with
// viem BEFORE anything else is done with the request, checks the name rules (letters, digits,
// hyphens, at least 4 characters) and that the message is recent, then writes the name to the
// registry of every chain it reads with NameRegistry.registerFor, sent from the registrar key (the
// local chains' deployer by default, APPKIT_REGISTRAR_KEY otherwise), and stores the signed
// registration in profile_names. Because the local chains start empty every time, the stored
// registrations are written to a registry again when a chain no longer has them (at start and
// after the indexer sees a chain reset): registered names survive restarts of both the backend and
// the chains.
//
// Lookups read the registry of the first chain that has one (the names chain): the chain is the
// truth for who owns a name; the database adds the attributes (avatar, ...) and the times.
import {
  createWalletClient,
  getAddress,
  http,
  isAddressEqual,
  keccak256,
  parseAbiItem,
  toBytes,
  verifyMessage,
  type Address,
  type Hex,
  type WalletClient
} from 'viem'
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'
import { nameRegistryAbi } from '../../../local/chain/abis.js'
import {
  NAME_LABEL_PATTERN,
  registerNameMessageSchema,
  type IdentityResponse,
  type Profile,
  type ProfileSuggestion,
  type RegisterNameBody
} from '../../../src/api/schemas/index.js'
import type { ServerConfig } from '../config.js'
import type { Database } from '../db/database.js'
import { ApiError, badRequest, notFound } from '../http.js'
import type { ChainReader } from './reader.js'
import { evmAddress, registrarKey, ZERO_ADDRESS } from './setup.js'

export const NAME_MAX_LENGTH = 63
/** How old (or how far in the future) a signed registration message may be. */
export const REGISTRATION_MAX_AGE_MS = 10 * 60_000
/** SLIP-44 coin type of Ethereum; ENSIP-11 coin types of EVM chains are 0x80000000 | chainId. */
export const ETH_COIN_TYPE = 60

export const ERRORS = {
  resolve: 'Error resolving name',
  suggestions: 'Error fetching name suggestions',
  namesForAddress: 'Error fetching names for address',
  register: (name?: string) => (name ? `Error registering name ${name}` : 'Error registering name')
} as const

const nameRegisteredEvent = parseAbiItem(
  'event NameRegistered(bytes32 indexed labelHash, address indexed owner, string name)'
)

interface ProfileRow {
  name: string
  label: string
  address: string
  coin_type: string | number
  attributes: Record<string, string> | string
  registered_at: string | number
  updated_at: string | number
}

export class NameService {
  private readonly suffixes: { current: string; legacy: string }
  private readonly account: PrivateKeyAccount
  private readonly wallets = new Map<string, WalletClient>()
  /** Registrations are sent one at a time per chain (one nonce sequence for the registrar). */
  private readonly queues = new Map<string, Promise<unknown>>()

  constructor(
    private readonly db: Database,
    private readonly readers: ChainReader[],
    config: ServerConfig,
    key: Hex = registrarKey()
  ) {
    this.suffixes = config.nameSuffixes
    this.account = privateKeyToAccount(key)
  }

  /** The readers whose chain has a registry; the first one answers lookups. */
  private get registries(): ChainReader[] {
    return this.readers.filter(reader => reader.setup.nameRegistry)
  }

  private namesChain(message: string): ChainReader {
    const reader = this.registries[0]
    if (!reader) throw new ApiError(503, `${message}: no chain with a name registry is configured`, 'no_registry')
    return reader
  }

  /**
   * The label of `name` (lower case, suffix removed) and the full name with the current suffix, or
   * the rule it breaks.
   */
  normalize(name: string): { label: string; fullName: string } | { problem: string } {
    let label = name.trim()
    for (const suffix of [this.suffixes.current, this.suffixes.legacy]) {
      if (label.toLowerCase().endsWith(suffix.toLowerCase())) {
        label = label.slice(0, label.length - suffix.length)
        break
      }
    }
    if (label.length < 4) return { problem: 'a name needs at least 4 characters' }
    if (label.length > NAME_MAX_LENGTH) return { problem: `a name has at most ${NAME_MAX_LENGTH} characters` }
    if (!NAME_LABEL_PATTERN.test(label)) return { problem: 'a name may only have letters, digits and hyphens' }
    label = label.toLowerCase()
    return { label, fullName: `${label}${this.suffixes.current}` }
  }

  // ---- lookups ----

  async identity(address: string): Promise<IdentityResponse> {
    const evm = evmAddress(address)
    if (!evm) return { name: null, avatar: null }
    const reader = this.namesChain(ERRORS.namesForAddress)
    let name: string
    try {
      name = await reader.client.readContract({
        address: reader.setup.nameRegistry!,
        abi: nameRegistryAbi,
        functionName: 'nameOf',
        args: [evm]
      })
    } catch (error) {
      throw new ApiError(502, `${ERRORS.namesForAddress}: ${(error as Error).message.split('\n')[0]}`, 'chain_error')
    }
    if (!name) return { name: null, avatar: null }
    const row = await this.storedProfile(name)
    return { name, avatar: row ? (attributesOf(row).avatar ?? null) : null }
  }

  async profile(name: string): Promise<Profile> {
    const normalized = this.normalize(name)
    if ('problem' in normalized) throw badRequest(`${ERRORS.resolve}: ${normalized.problem}`)
    const reader = this.namesChain(ERRORS.resolve)
    let owner: Address
    try {
      owner = await reader.client.readContract({
        address: reader.setup.nameRegistry!,
        abi: nameRegistryAbi,
        functionName: 'resolve',
        args: [normalized.label]
      })
    } catch (error) {
      throw new ApiError(502, `${ERRORS.resolve}: ${(error as Error).message.split('\n')[0]}`, 'chain_error')
    }
    if (isAddressEqual(owner, ZERO_ADDRESS))
      throw notFound(`${ERRORS.resolve}: ${normalized.fullName} is not registered`)
    const row = await this.storedProfile(normalized.fullName)
    if (row && isAddressEqual(getAddress(row.address), owner)) return profileOf(row)
    const registered = await this.registeredAt(reader, { labelHash: keccak256(toBytes(normalized.label)) })
    return {
      name: normalized.fullName,
      registered: registered.get(normalized.fullName) ?? Math.floor(Date.now() / 1000),
      addresses: { [String(ETH_COIN_TYPE)]: { address: owner } },
      attributes: {}
    }
  }

  /** Every name the address holds on the names chain, newest first. */
  async reverse(address: string): Promise<Profile[]> {
    const evm = evmAddress(address)
    if (!evm) return []
    const reader = this.namesChain(ERRORS.namesForAddress)
    let registered: Map<string, number>
    try {
      registered = await this.registeredAt(reader, { owner: evm })
    } catch (error) {
      throw new ApiError(502, `${ERRORS.namesForAddress}: ${(error as Error).message.split('\n')[0]}`, 'chain_error')
    }
    const stored = await this.db.query<ProfileRow>('SELECT * FROM profile_names WHERE address_lc = $1', [
      evm.toLowerCase()
    ])
    const rows = new Map(stored.rows.map(row => [row.name, row]))
    const profiles = [...registered].map(([name, time]): Profile => {
      const row = rows.get(name)
      return row
        ? profileOf(row)
        : { name, registered: time, addresses: { [String(ETH_COIN_TYPE)]: { address: evm } }, attributes: {} }
    })
    return profiles.sort((a, b) => b.registered - a.registered || a.name.localeCompare(b.name))
  }

  /** Names near `name` under `zone` (a suffix such as "appkit.id"), with whether each is taken. */
  async suggestions(name: string, zone?: string): Promise<ProfileSuggestion[]> {
    const suffix = this.zoneSuffix(zone)
    const normalized = this.normalize(name.toLowerCase().endsWith(suffix) ? name.slice(0, -suffix.length) : name)
    if ('problem' in normalized) throw badRequest(`${ERRORS.suggestions}: ${normalized.problem}`)
    const { label } = normalized
    const candidates = [
      label,
      `${label}1`,
      `${label}-app`,
      `my-${label}`,
      `${label}-eth`,
      `the-${label}`,
      `${label}2`
    ].filter(candidate => candidate.length <= NAME_MAX_LENGTH)
    const reader = this.namesChain(ERRORS.suggestions)
    try {
      const free = await Promise.all(
        candidates.map(candidate =>
          reader.client.readContract({
            address: reader.setup.nameRegistry!,
            abi: nameRegistryAbi,
            functionName: 'available',
            args: [candidate]
          })
        )
      )
      return candidates.map((candidate, i) => ({ name: `${candidate}${suffix}`, registered: !free[i] }))
    } catch (error) {
      throw new ApiError(502, `${ERRORS.suggestions}: ${(error as Error).message.split('\n')[0]}`, 'chain_error')
    }
  }

  private zoneSuffix(zone: string | undefined): string {
    if (zone === undefined) return this.suffixes.current
    const asked = `.${zone.replace(/^\./, '').toLowerCase()}`
    const known = [this.suffixes.current, this.suffixes.legacy].find(suffix => suffix.toLowerCase() === asked)
    if (!known) {
      throw badRequest(
        `${ERRORS.suggestions}: unknown zone '${zone}' (expected ${this.suffixes.current.slice(1)} or ${this.suffixes.legacy.slice(1)})`
      )
    }
    return known
  }

  // ---- registration ----

  async register(body: RegisterNameBody): Promise<void> {
    // 1. The signature, before anything else: who signed the message must be `address`.
    const address = evmAddress(body.address)
    if (!address) throw badRequest(`${ERRORS.register()}: names are for EVM addresses`)
    const valid = await this.verify(address, body.message, body.signature as Hex)
    if (!valid) {
      throw new ApiError(401, `${ERRORS.register()}: the signature does not match the address`, 'invalid_signature')
    }

    // 2. What was signed.
    let parsedJson: unknown
    try {
      parsedJson = JSON.parse(body.message)
    } catch {
      throw badRequest(`${ERRORS.register()}: the message is not JSON`)
    }
    const parsed = registerNameMessageSchema.safeParse(parsedJson)
    if (!parsed.success) {
      throw badRequest(`${ERRORS.register()}: the message needs a name and a timestamp`)
    }
    const message = parsed.data
    const normalized = this.normalize(message.name)
    if ('problem' in normalized) throw badRequest(`${ERRORS.register(message.name)}: ${normalized.problem}`)
    const { label, fullName } = normalized
    if (Math.abs(Date.now() - message.timestamp) > REGISTRATION_MAX_AGE_MS) {
      throw badRequest(`${ERRORS.register(fullName)}: the signed message is too old (sign a new one)`)
    }
    const coinTypes = [ETH_COIN_TYPE, ...this.readers.map(reader => (0x80000000 | reader.chain.chainId) >>> 0)]
    if (!coinTypes.includes(body.coin_type)) {
      throw badRequest(
        `${ERRORS.register(fullName)}: coin type ${body.coin_type} is not an EVM coin type of this backend`
      )
    }

    // 3. Free, or already the address's, on the names chain.
    const names = this.namesChain(ERRORS.register(fullName))
    const owner = await this.ownerOf(names, label)
    if (!isAddressEqual(owner, ZERO_ADDRESS) && !isAddressEqual(owner, address)) {
      throw new ApiError(409, `${ERRORS.register(fullName)}: the name is taken`, 'name_taken')
    }
    const existing = await this.storedProfile(fullName)
    if (existing && !isAddressEqual(getAddress(existing.address), address)) {
      throw new ApiError(409, `${ERRORS.register(fullName)}: the name is taken`, 'name_taken')
    }

    // 4. Written to every registry (the names chain must succeed), then stored.
    const results = await Promise.allSettled(this.registries.map(reader => this.writeName(reader, label, address)))
    const first = results[0]
    if (first?.status === 'rejected') {
      throw new ApiError(
        502,
        `${ERRORS.register(fullName)}: ${(first.reason as Error).message.split('\n')[0]}`,
        'chain_error'
      )
    }
    const now = Math.floor(Date.now() / 1000)
    await this.db.query(
      `INSERT INTO profile_names (name, label, address, address_lc, coin_type, attributes, message, signature, registered_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)
       ON CONFLICT (name) DO UPDATE SET attributes = EXCLUDED.attributes, message = EXCLUDED.message,
         signature = EXCLUDED.signature, coin_type = EXCLUDED.coin_type, updated_at = EXCLUDED.updated_at`,
      [
        fullName,
        label,
        address,
        address.toLowerCase(),
        body.coin_type,
        JSON.stringify(message.attributes ?? {}),
        body.message,
        body.signature,
        now
      ]
    )
  }

  /** EOAs by recovering the signer; contract accounts (ERC-1271 / ERC-6492) through the chain. */
  private async verify(address: Address, message: string, signature: Hex): Promise<boolean> {
    try {
      if (await verifyMessage({ address, message, signature })) return true
    } catch {
      // not a 65-byte ECDSA signature: maybe a smart account's
    }
    const reader = this.readers[0]
    if (!reader) return false
    try {
      const code = await reader.client.getCode({ address })
      if (!code || code === '0x') return false
      return await reader.client.verifyMessage({ address, message, signature })
    } catch {
      return false
    }
  }

  /**
   * Writes every stored registration that a registry no longer has (a chain restarted from its
   * deployment). Returns how many names were written.
   */
  async syncRegistries(readers: ChainReader[] = this.registries): Promise<number> {
    const { rows } = await this.db.query<ProfileRow>('SELECT * FROM profile_names ORDER BY registered_at')
    let written = 0
    for (const reader of readers.filter(r => r.setup.nameRegistry)) {
      for (const row of rows) {
        const owner = await this.ownerOf(reader, row.label)
        if (isAddressEqual(owner, ZERO_ADDRESS)) {
          await this.writeName(reader, row.label, getAddress(row.address))
          written++
        }
      }
    }
    return written
  }

  private ownerOf(reader: ChainReader, label: string): Promise<Address> {
    return reader.client.readContract({
      address: reader.setup.nameRegistry!,
      abi: nameRegistryAbi,
      functionName: 'resolve',
      args: [label]
    })
  }

  private writeName(reader: ChainReader, label: string, owner: Address): Promise<void> {
    const previous = this.queues.get(reader.caip) ?? Promise.resolve()
    const next = previous.catch(() => undefined).then(() => this.sendRegistration(reader, label, owner))
    this.queues.set(reader.caip, next)
    return next
  }

  private async sendRegistration(reader: ChainReader, label: string, owner: Address): Promise<void> {
    const registry = reader.setup.nameRegistry!
    const registrar = await reader.client.readContract({
      address: registry,
      abi: nameRegistryAbi,
      functionName: 'registrar'
    })
    if (!isAddressEqual(registrar, this.account.address)) {
      throw new Error(`this backend's key (${this.account.address}) is not the registry's registrar (${registrar})`)
    }
    let wallet = this.wallets.get(reader.caip)
    if (!wallet) {
      wallet = createWalletClient({
        account: this.account,
        chain: reader.client.chain,
        transport: http(reader.chain.rpcUrl)
      })
      this.wallets.set(reader.caip, wallet)
    }
    // Another process may send from the same key (the sandbox onramp's treasury): a nonce taken in
    // between is retried.
    for (let attempt = 1; ; attempt++) {
      try {
        const hash = await wallet.writeContract({
          account: this.account,
          chain: reader.client.chain,
          address: registry,
          abi: nameRegistryAbi,
          functionName: 'registerFor',
          args: [label, owner]
        })
        const receipt = await reader.client.waitForTransactionReceipt({ hash, pollingInterval: 100, timeout: 30_000 })
        if (receipt.status !== 'success') throw new Error('the registration transaction reverted')
        return
      } catch (error) {
        const text = (error as Error).message
        if (attempt < 3 && /nonce/i.test(text)) continue
        throw error
      }
    }
  }

  /** Registration times (Unix seconds) of names from the registry's NameRegistered events. */
  private async registeredAt(
    reader: ChainReader,
    args: { labelHash?: Hex; owner?: Address }
  ): Promise<Map<string, number>> {
    const logs = await reader.client.getLogs({
      address: reader.setup.nameRegistry!,
      event: nameRegisteredEvent,
      args,
      fromBlock: 0n,
      toBlock: 'latest'
    })
    const blocks = new Map<bigint, number>()
    await Promise.all(
      [...new Set(logs.map(log => log.blockNumber!))].map(async blockNumber => {
        const block = await reader.client.getBlock({ blockNumber })
        blocks.set(blockNumber, Number(block.timestamp))
      })
    )
    const result = new Map<string, number>()
    for (const log of logs) {
      const name = log.args.name
      if (name) result.set(name, blocks.get(log.blockNumber!) ?? 0)
    }
    return result
  }

  private async storedProfile(name: string): Promise<ProfileRow | undefined> {
    const { rows } = await this.db.query<ProfileRow>('SELECT * FROM profile_names WHERE name = $1', [
      name.toLowerCase()
    ])
    return rows[0]
  }
}

function attributesOf(row: ProfileRow): Record<string, string> {
  const value = typeof row.attributes === 'string' ? (JSON.parse(row.attributes) as unknown) : row.attributes
  const result: Record<string, string> = {}
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) if (typeof item === 'string') result[key] = item
  }
  return result
}

function profileOf(row: ProfileRow): Profile {
  const coinType = String(row.coin_type)
  const address = getAddress(row.address)
  return {
    name: row.name,
    registered: Number(row.registered_at),
    updated: Number(row.updated_at),
    addresses: {
      [String(ETH_COIN_TYPE)]: { address },
      ...(coinType !== String(ETH_COIN_TYPE) ? { [coinType]: { address } } : {})
    },
    attributes: attributesOf(row)
  }
}
