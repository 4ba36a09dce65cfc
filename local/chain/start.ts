// Starts the two local EVM chains, compiles the contracts (cached) and deploys them.
//
//   import { startChains } from './chain/start.js'
//   const local = await startChains({ portA: 0, portB: 0 })   // 0 = free ports (tests)
//   ... local.chains[0].rpcUrl ...
//   await local.stop()
//
//   npx tsx local/chain/start.ts [--port-a 8545] [--port-b 8546] [--verbose]
//   (or CHAIN_A_PORT / CHAIN_B_PORT) prints the chains, the contracts and the funded accounts and
//   stays up until Ctrl-C.
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { compileContracts } from './compile.js'
import { deployContracts } from './deploy.js'
import {
  CHAIN_A,
  CHAIN_B,
  COLLECTIONS,
  CONTRACTS,
  DEPLOYER,
  NAME_SUFFIXES,
  SEED,
  TEST_ACCOUNTS,
  TOKENS
} from './deployment.js'
import { startEvmNode, type EvmNode } from './evm-node.js'

export interface StartChainsOptions {
  /** Port of chain A (31337); 8545 by default, 0 for any free port. */
  portA?: number
  /** Port of chain B (31338); 8546 by default, 0 for any free port. */
  portB?: number
  /** Receives the nodes' own output, each line prefixed with the chain id. */
  log?: (line: string) => void
  /** Also log every JSON-RPC request (hardhat's request logging) to `log`. */
  logRequests?: boolean
}

export interface LocalChain {
  chainId: number
  name: string
  rpcUrl: string
  wsUrl: string
  port: number
  /** Process id of the hardhat node. */
  pid: number
  contracts: typeof CONTRACTS
  /** The last block of the deployment: the chain's own history starts after it. */
  deployBlock: bigint
}

export interface LocalChains {
  chains: LocalChain[]
  /** Settles when the first node process ends (after stop(), or because it died). */
  exited: Promise<{ chainId: number; code: number | null; signal: NodeJS.Signals | null }>
  timings: { compileMs: number; compiled: 'cache' | 'solc'; nodesMs: number; deployMs: number; totalMs: number }
  stop(): Promise<void>
}

/** Starts chain A and chain B, deploys the contracts to both, and resolves when both are ready. */
export async function startChains(options: StartChainsOptions = {}): Promise<LocalChains> {
  const started = performance.now()
  const specs = [
    { ...CHAIN_A, port: options.portA ?? CHAIN_A.defaultPort },
    { ...CHAIN_B, port: options.portB ?? CHAIN_B.defaultPort }
  ]
  const nodes: EvmNode[] = []
  const stop = async () => {
    await Promise.all(nodes.map(node => node.stop()))
  }
  let starting: Promise<PromiseSettledResult<EvmNode>[]> | undefined
  try {
    // The nodes boot in their own processes while this one compiles (or reads the cache).
    starting = Promise.allSettled(
      specs.map(spec =>
        startEvmNode({
          chainId: spec.chainId,
          port: spec.port,
          logRequests: options.logRequests,
          log: options.log ? line => options.log?.(`[chain ${spec.chainId}] ${line}`) : undefined
        }).then(node => {
          nodes.push(node)
          return node
        })
      )
    )
    const compiled = await compileContracts()
    const settled = await starting
    const failure = settled.find(result => result.status === 'rejected')
    if (failure) throw failure.reason
    const nodesMs = performance.now() - started
    const ready = settled.map(result => (result as PromiseFulfilledResult<EvmNode>).value)

    const deployStarted = performance.now()
    const deployed = await Promise.all(
      ready.map(node => deployContracts({ rpcUrl: node.rpcUrl, chainId: node.chainId, artifacts: compiled.artifacts }))
    )
    const deployMs = performance.now() - deployStarted
    const chains = ready.map((node, i): LocalChain => ({
      chainId: node.chainId,
      name: specs[i]!.name,
      rpcUrl: node.rpcUrl,
      wsUrl: node.wsUrl,
      port: node.port,
      pid: node.pid,
      contracts: CONTRACTS,
      deployBlock: deployed[i]!.blockNumber
    }))
    return {
      chains,
      exited: Promise.race(ready.map(node => node.exited.then(info => ({ chainId: node.chainId, ...info })))),
      timings: {
        compileMs: compiled.ms,
        compiled: compiled.cached ? 'cache' : 'solc',
        nodesMs,
        deployMs,
        totalMs: performance.now() - started
      },
      stop
    }
  } catch (error) {
    // Also when compiling failed: wait for the nodes still booting, then stop them all.
    await starting
    await stop()
    throw error
  }
}

/** The start-up summary the CLI prints. */
export function describeChains(local: LocalChains): string {
  const lines: string[] = []
  const { timings } = local
  lines.push('Local EVM chains')
  for (const chain of local.chains) {
    lines.push(`  ${chain.name}: chain id ${chain.chainId}, ${chain.rpcUrl} (ws ${chain.wsUrl}), pid ${chain.pid}`)
  }
  lines.push('', 'Contracts (same addresses on every chain)')
  const describe: Record<keyof typeof CONTRACTS, string> = {
    tUSDC: `${TOKENS.tUSDC.name} (${TOKENS.tUSDC.symbol}, ${TOKENS.tUSDC.decimals} decimals)`,
    TT: `${TOKENS.TT.name} (${TOKENS.TT.symbol}, ${TOKENS.TT.decimals} decimals)`,
    WETH: `${TOKENS.WETH.name} (${TOKENS.WETH.symbol})`,
    router: 'Swap router',
    collection: `NFT collection ${COLLECTIONS.collection.name} (${COLLECTIONS.collection.symbol})`,
    spamCollection: `NFT collection ${COLLECTIONS.spamCollection.name} (${COLLECTIONS.spamCollection.symbol}), flagged as spam`,
    farcasterIdRegistry: 'Farcaster ID registry (fid 1: test account #3)',
    farcasterKeyRegistry: 'Farcaster key registry',
    entryPoint: 'ERC-4337 EntryPoint v0.7',
    smartAccountFactory: 'Smart account factory (AppKitSmartAccount, ERC-1271)',
    paymaster: 'Verifying paymaster (signer: account #17; 100 ETH deposited)',
    nameRegistry: `Name registry (${NAME_SUFFIXES.current}, legacy ${NAME_SUFFIXES.legacy})`,
    poolWethUsdc: 'Pool tUSDC/WETH (1 WETH = 3000 tUSDC)',
    poolWethTT: 'Pool TT/WETH (1 WETH = 1500 TT)',
    poolTTUsdc: 'Pool tUSDC/TT (1 TT = 2 tUSDC)'
  }
  for (const [key, address] of Object.entries(CONTRACTS) as [keyof typeof CONTRACTS, string][]) {
    lines.push(`  ${address}  ${describe[key]}`)
  }
  lines.push(
    '',
    "Funded test accounts (hardhat's public test keys: never use them on a real network)",
    '  each: 10000 ETH, 10000 tUSDC, 10000 TT, 2 AKTC and 1 RCV NFT'
  )
  for (const account of TEST_ACCOUNTS) {
    const name = SEED.names.find(entry => entry.address === account.address)?.name
    lines.push(`  #${account.index} ${account.address} ${account.privateKey}${name ? `  ${name}` : ''}`)
  }
  lines.push(`  deployer #${DEPLOYER.index} ${DEPLOYER.address} ${DEPLOYER.privateKey}  (owner, registrar, treasury)`)
  lines.push(
    '',
    `Chains ready in ${(timings.totalMs / 1000).toFixed(1)} s ` +
      `(contracts from ${timings.compiled} ${Math.round(timings.compileMs)} ms, nodes up ${Math.round(timings.nodesMs)} ms, ` +
      `deploy ${Math.round(timings.deployMs)} ms)`
  )
  return lines.join('\n')
}

function portOption(value: string | undefined, fallback: number, flag: string): number {
  if (value === undefined || value === '') return fallback
  const port = Number(value)
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`${flag}: not a port: ${value}`)
  return port
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      'port-a': { type: 'string' },
      'port-b': { type: 'string' },
      verbose: { type: 'boolean', default: false }
    }
  })
  const portA = portOption(values['port-a'] ?? process.env.CHAIN_A_PORT, CHAIN_A.defaultPort, '--port-a')
  const portB = portOption(values['port-b'] ?? process.env.CHAIN_B_PORT, CHAIN_B.defaultPort, '--port-b')
  const local = await startChains({
    portA,
    portB,
    log: values.verbose ? line => console.log(line) : undefined,
    logRequests: values.verbose
  })
  console.log(describeChains(local))
  let stopping = false
  const shutdown = (signal: string) => {
    if (stopping) return
    stopping = true
    console.log(`\n${signal}: stopping the chains`)
    local.stop().then(
      () => process.exit(0),
      () => process.exit(1)
    )
  }
  void local.exited.then(({ chainId, code, signal }) => {
    if (stopping) return
    console.error(`The node of chain ${chainId} exited (code ${code}, signal ${signal}): stopping`)
    stopping = true
    void local.stop().finally(() => process.exit(1))
  })
  process.on('SIGINT', () => shutdown('SIGINT'))
  process.on('SIGTERM', () => shutdown('SIGTERM'))
  process.on('SIGHUP', () => shutdown('SIGHUP'))
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  })
}
