// Compiles local/chain/contracts/*.sol with solc-js (no compiler download). The artifacts (abi +
// bytecode) are committed in local/chain/artifacts.json with the hash of the sources, the compiler
// version and the settings, so a fresh clone starts its chains without compiling; after a change to
// the sources they are compiled once and cached in .cache/chain/ until local/chain/artifacts.json is
// regenerated.
//
//   npx tsx local/chain/compile.ts           compile (or read the cache); regenerate local/chain/abis.ts and local/chain/artifacts.json
//   npx tsx local/chain/compile.ts --check   fail when local/chain/abis.ts or local/chain/artifacts.json does not match the sources
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { Abi, Hex } from 'viem'

export const CHAIN_DIR = dirname(fileURLToPath(import.meta.url))
export const ROOT_DIR = resolve(CHAIN_DIR, '../..')
export const CONTRACTS_DIR = join(CHAIN_DIR, 'contracts')
export const ABIS_FILE = join(CHAIN_DIR, 'abis.ts')
/** The committed artifacts: `{ hash, artifacts }`. */
export const ARTIFACTS_FILE = join(CHAIN_DIR, 'artifacts.json')

/** The contracts that get deployed, in the order their ABIs appear in local/chain/abis.ts. */
export const CONTRACT_NAMES = [
  'TestToken',
  'WrappedNative',
  'SwapRouter',
  'SwapPool',
  'TestCollection',
  'NameRegistry',
  'FarcasterIdRegistry',
  'FarcasterKeyRegistry',
  'EntryPoint',
  'AppKitSmartAccountFactory',
  'AppKitSmartAccount',
  'VerifyingPaymaster'
] as const
export type ContractName = (typeof CONTRACT_NAMES)[number]

export interface Artifact {
  abi: Abi
  /** Creation bytecode, 0x-prefixed. */
  bytecode: Hex
}
export type Artifacts = Record<ContractName, Artifact>

export interface CompileResult {
  artifacts: Artifacts
  /** True when the artifacts came from .cache/chain/ without running the compiler. */
  cached: boolean
  hash: string
  file: string
  ms: number
}

const require = createRequire(import.meta.url)
const SOLC_VERSION: string = (require('solc/package.json') as { version: string }).version
const SETTINGS = {
  optimizer: { enabled: true, runs: 200 },
  evmVersion: 'paris',
  outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } }
}
/** Bump when the cache file's shape changes. */
const CACHE_FORMAT = 1

function cacheDir(): string {
  return process.env.APPKIT_CHAIN_CACHE_DIR ?? join(ROOT_DIR, '.cache', 'chain')
}

/** Every .sol file under local/chain/contracts, keyed by its path relative to that folder. */
export function readSources(): Record<string, string> {
  const sources: Record<string, string> = {}
  for (const name of readdirSync(CONTRACTS_DIR)
    .filter(f => f.endsWith('.sol'))
    .sort()) {
    sources[name] = readFileSync(join(CONTRACTS_DIR, name), 'utf8')
  }
  return sources
}

/** The Solidity packages imported from node_modules (pinned exactly in package.json): their versions key the cache too. */
const IMPORTED_PACKAGES = ['@account-abstraction/contracts', '@openzeppelin/contracts']
const importedVersions = () =>
  IMPORTED_PACKAGES.map(name => `${name}@${(require(`${name}/package.json`) as { version: string }).version}`)

export function sourcesHash(sources: Record<string, string>): string {
  const hash = createHash('sha256')
  hash.update(
    JSON.stringify({ format: CACHE_FORMAT, solc: SOLC_VERSION, settings: SETTINGS, imports: importedVersions() })
  )
  for (const [name, text] of Object.entries(sources)) hash.update(`\0${name}\0${text}`)
  return hash.digest('hex').slice(0, 16)
}

/** Resolves imports outside local/chain/contracts (e.g. `@openzeppelin/...`) from node_modules. */
function findImport(path: string): { contents: string } | { error: string } {
  for (const candidate of [join(CONTRACTS_DIR, path), join(ROOT_DIR, 'node_modules', path)]) {
    if (existsSync(candidate)) return { contents: readFileSync(candidate, 'utf8') }
  }
  return { error: `File not found: ${path}` }
}

interface SolcOutput {
  errors?: { severity: 'error' | 'warning' | 'info'; formattedMessage: string }[]
  contracts?: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>
}

async function runSolc(sources: Record<string, string>): Promise<{ artifacts: Artifacts; warnings: string[] }> {
  const solc = (await import('solc')).default
  const input = {
    language: 'Solidity',
    sources: Object.fromEntries(Object.entries(sources).map(([name, content]) => [name, { content }])),
    settings: SETTINGS
  }
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImport })) as SolcOutput
  const errors = (output.errors ?? []).filter(e => e.severity === 'error')
  const warnings = (output.errors ?? []).filter(e => e.severity === 'warning').map(e => e.formattedMessage)
  if (errors.length) {
    throw new Error(`Solidity compilation failed:\n${errors.map(e => e.formattedMessage).join('\n')}`)
  }
  const found: Partial<Artifacts> = {}
  for (const contracts of Object.values(output.contracts ?? {})) {
    for (const [name, contract] of Object.entries(contracts)) {
      if ((CONTRACT_NAMES as readonly string[]).includes(name)) {
        found[name as ContractName] = { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` }
      }
    }
  }
  for (const name of CONTRACT_NAMES) {
    if (!found[name]) throw new Error(`Solidity compilation produced no contract named ${name}`)
  }
  return { artifacts: found as Artifacts, warnings }
}

function readArtifacts(file: string): Artifacts | undefined {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as { hash?: string; artifacts?: Artifacts } & Artifacts
    const artifacts = file === ARTIFACTS_FILE ? parsed.artifacts : (parsed as Artifacts)
    return artifacts && CONTRACT_NAMES.every(name => artifacts[name]?.bytecode) ? artifacts : undefined
  } catch {
    return undefined
  }
}

/** The committed artifacts when they were built from these sources. */
function committedArtifacts(hash: string): Artifacts | undefined {
  if (!existsSync(ARTIFACTS_FILE)) return undefined
  const { hash: committedHash } = JSON.parse(readFileSync(ARTIFACTS_FILE, 'utf8')) as { hash?: string }
  return committedHash === hash ? readArtifacts(ARTIFACTS_FILE) : undefined
}

/**
 * Compiles the contracts, or reads them from local/chain/artifacts.json or .cache/chain/ when the
 * sources have not changed.
 */
export async function compileContracts(): Promise<CompileResult> {
  const started = performance.now()
  const sources = readSources()
  const hash = sourcesHash(sources)
  const committed = committedArtifacts(hash)
  if (committed)
    return { artifacts: committed, cached: true, hash, file: ARTIFACTS_FILE, ms: performance.now() - started }
  const dir = cacheDir()
  const file = join(dir, `artifacts-${hash}.json`)
  // A damaged cache file reads as undefined: compile again and overwrite it.
  const cachedArtifacts = existsSync(file) ? readArtifacts(file) : undefined
  if (cachedArtifacts) return { artifacts: cachedArtifacts, cached: true, hash, file, ms: performance.now() - started }
  const { artifacts, warnings } = await runSolc(sources)
  for (const warning of warnings) console.warn(warning)
  mkdirSync(dir, { recursive: true })
  // Write then rename, so that two processes compiling at once never read half a file.
  const temporary = `${file}.${process.pid}.tmp`
  writeFileSync(temporary, JSON.stringify(artifacts))
  renameSync(temporary, file)
  return { artifacts, cached: false, hash, file, ms: performance.now() - started }
}

function abiConstName(name: ContractName): string {
  return `${name[0]!.toLowerCase()}${name.slice(1)}Abi`
}

/** The text of local/chain/abis.ts for these artifacts: one `as const` ABI per contract, for viem. */
export async function renderAbisFile(artifacts: Artifacts, hash: string): Promise<string> {
  const { format, resolveConfig } = await import('prettier')
  const parts = [
    '// Generated by `npx tsx local/chain/compile.ts` from local/chain/contracts/*.sol: do not edit by hand.',
    `// Sources hash ${hash} (solc ${SOLC_VERSION}). test/chain checks that this file is current.`,
    ''
  ]
  for (const name of CONTRACT_NAMES) {
    parts.push(`export const ${abiConstName(name)} = ${JSON.stringify(artifacts[name].abi)} as const`, '')
  }
  const options = (await resolveConfig(ABIS_FILE)) ?? {}
  return format(parts.join('\n'), { ...options, parser: 'typescript' })
}

async function main(): Promise<void> {
  const result = await compileContracts()
  const text = await renderAbisFile(result.artifacts, result.hash)
  const how = result.cached ? 'read from cache' : 'compiled'
  console.log(`contracts ${how} in ${Math.round(result.ms)} ms: ${result.file}`)
  const current = existsSync(ABIS_FILE) ? readFileSync(ABIS_FILE, 'utf8') : ''
  const artifactsText = `${JSON.stringify({ hash: result.hash, artifacts: result.artifacts })}\n`
  const committed = existsSync(ARTIFACTS_FILE) ? readFileSync(ARTIFACTS_FILE, 'utf8') : ''
  if (process.argv.includes('--check')) {
    const stale = [
      current !== text && 'local/chain/abis.ts',
      committed !== artifactsText && 'local/chain/artifacts.json'
    ]
    if (stale.some(Boolean)) {
      console.error(`${stale.filter(Boolean).join(' and ')} stale: run \`npx tsx local/chain/compile.ts\` and commit.`)
      process.exit(1)
    }
    console.log('local/chain/abis.ts and local/chain/artifacts.json are current')
    return
  }
  for (const [path, now, next] of [
    [ABIS_FILE, current, text],
    [ARTIFACTS_FILE, committed, artifactsText]
  ] as const) {
    if (now !== next) writeFileSync(path, next)
    console.log(`${now !== next ? 'wrote' : 'unchanged'} ${path}`)
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  })
}
