// Deploys the contracts to a fresh local chain and seeds it: test tokens to the test accounts,
// liquidity in the three pools, NFTs, and one registered name. Everything is sent by the fixed
// deployer in a fixed order, so the addresses are those of local/chain/deployment.ts on every chain and
// every start (checked: a difference throws).
import {
  createPublicClient,
  encodeDeployData,
  encodeFunctionData,
  getContractAddress,
  http,
  maxUint256,
  parseGwei,
  type Abi,
  type Address,
  type Hex,
  type PublicClient
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import {
  appKitSmartAccountAbi,
  appKitSmartAccountFactoryAbi,
  entryPointAbi,
  farcasterIdRegistryAbi,
  farcasterKeyRegistryAbi,
  nameRegistryAbi,
  swapRouterAbi,
  testCollectionAbi,
  testTokenAbi,
  verifyingPaymasterAbi,
  wrappedNativeAbi,
  swapPoolAbi
} from './abis.js'
import type { Artifacts, ContractName } from './compile.js'
import {
  COLLECTIONS,
  CONTRACTS,
  DEPLOYER,
  NAME_SUFFIXES,
  PAYMASTER_SIGNER,
  SEED,
  SEED_DEADLINE,
  TEST_ACCOUNTS,
  TOKENS,
  localViemChain,
  type ContractKey
} from './deployment.js'

export interface DeployOptions {
  rpcUrl: string
  chainId: number
  artifacts: Artifacts
}

export interface DeployResult {
  chainId: number
  contracts: typeof CONTRACTS
  /** The block after the last seeding transaction: everything before is set-up. */
  blockNumber: bigint
  transactions: number
  ms: number
}

interface Step {
  label: string
  data: Hex
  to?: Address
  value?: bigint
  /** For a deployment: the CONTRACTS entry it must produce. */
  creates?: ContractKey
}

const TYPED_ABIS: Record<ContractName, Abi> = {
  TestToken: testTokenAbi,
  WrappedNative: wrappedNativeAbi,
  SwapRouter: swapRouterAbi,
  SwapPool: swapPoolAbi,
  TestCollection: testCollectionAbi,
  NameRegistry: nameRegistryAbi,
  FarcasterIdRegistry: farcasterIdRegistryAbi,
  FarcasterKeyRegistry: farcasterKeyRegistryAbi,
  EntryPoint: entryPointAbi,
  AppKitSmartAccountFactory: appKitSmartAccountFactoryAbi,
  AppKitSmartAccount: appKitSmartAccountAbi,
  VerifyingPaymaster: verifyingPaymasterAbi
}

/** Throws when local/chain/abis.ts was not regenerated after a change of the Solidity sources. */
function assertAbisCurrent(artifacts: Artifacts): void {
  for (const [name, abi] of Object.entries(TYPED_ABIS) as [ContractName, Abi][]) {
    if (JSON.stringify(artifacts[name].abi) !== JSON.stringify(abi)) {
      throw new Error(
        `local/chain/abis.ts is stale (${name} differs from local/chain/contracts): run \`npx tsx local/chain/compile.ts\``
      )
    }
  }
}

function seedSteps(artifacts: Artifacts): Step[] {
  const testAddresses = TEST_ACCOUNTS.map(account => account.address)
  const deploy = (creates: ContractKey, name: ContractName, args: readonly unknown[]): Step => ({
    label: `deploy ${creates}`,
    creates,
    data: encodeDeployData({ abi: artifacts[name].abi, bytecode: artifacts[name].bytecode, args })
  })
  const { liquidity } = SEED
  return [
    deploy('tUSDC', 'TestToken', [TOKENS.tUSDC.name, TOKENS.tUSDC.symbol, TOKENS.tUSDC.decimals]),
    deploy('TT', 'TestToken', [TOKENS.TT.name, TOKENS.TT.symbol, TOKENS.TT.decimals]),
    deploy('WETH', 'WrappedNative', []),
    deploy('router', 'SwapRouter', [CONTRACTS.WETH]),
    deploy('collection', 'TestCollection', [
      COLLECTIONS.collection.name,
      COLLECTIONS.collection.symbol,
      COLLECTIONS.collection.description
    ]),
    deploy('spamCollection', 'TestCollection', [
      COLLECTIONS.spamCollection.name,
      COLLECTIONS.spamCollection.symbol,
      COLLECTIONS.spamCollection.description
    ]),
    deploy('nameRegistry', 'NameRegistry', [NAME_SUFFIXES.current, NAME_SUFFIXES.legacy]),
    ...(['tUSDC', 'TT'] as const).flatMap(symbol => [
      {
        label: `mint ${symbol} to the test accounts`,
        to: CONTRACTS[symbol],
        data: encodeFunctionData({
          abi: testTokenAbi,
          functionName: 'mintBatch',
          args: [testAddresses, SEED.perAccount[symbol]]
        })
      },
      {
        label: `mint ${symbol} to the deployer`,
        to: CONTRACTS[symbol],
        data: encodeFunctionData({
          abi: testTokenAbi,
          functionName: 'mint',
          // The reserve, plus what goes into the pools.
          args: [
            DEPLOYER.address,
            SEED.deployerReserve[symbol] +
              (symbol === 'tUSDC'
                ? liquidity.poolWethUsdc.tUSDC + liquidity.poolTTUsdc.tUSDC
                : liquidity.poolWethTT.TT + liquidity.poolTTUsdc.TT)
          ]
        })
      },
      {
        label: `approve ${symbol} to the router`,
        to: CONTRACTS[symbol],
        data: encodeFunctionData({ abi: testTokenAbi, functionName: 'approve', args: [CONTRACTS.router, maxUint256] })
      }
    ]),
    {
      label: 'create and seed the tUSDC/WETH pool',
      creates: 'poolWethUsdc',
      to: CONTRACTS.router,
      value: liquidity.poolWethUsdc.WETH,
      data: encodeFunctionData({
        abi: swapRouterAbi,
        functionName: 'addLiquidityETH',
        args: [CONTRACTS.tUSDC, liquidity.poolWethUsdc.tUSDC, 0n, 0n, DEPLOYER.address, SEED_DEADLINE]
      })
    },
    {
      label: 'create and seed the TT/WETH pool',
      creates: 'poolWethTT',
      to: CONTRACTS.router,
      value: liquidity.poolWethTT.WETH,
      data: encodeFunctionData({
        abi: swapRouterAbi,
        functionName: 'addLiquidityETH',
        args: [CONTRACTS.TT, liquidity.poolWethTT.TT, 0n, 0n, DEPLOYER.address, SEED_DEADLINE]
      })
    },
    {
      label: 'create and seed the tUSDC/TT pool',
      creates: 'poolTTUsdc',
      to: CONTRACTS.router,
      data: encodeFunctionData({
        abi: swapRouterAbi,
        functionName: 'addLiquidity',
        args: [
          CONTRACTS.TT,
          CONTRACTS.tUSDC,
          liquidity.poolTTUsdc.TT,
          liquidity.poolTTUsdc.tUSDC,
          0n,
          0n,
          DEPLOYER.address,
          SEED_DEADLINE
        ]
      })
    },
    {
      label: 'mint the collection',
      to: CONTRACTS.collection,
      data: encodeFunctionData({ abi: testCollectionAbi, functionName: 'mintBatch', args: [SEED.collection] })
    },
    {
      label: 'mint the spam collection',
      to: CONTRACTS.spamCollection,
      data: encodeFunctionData({ abi: testCollectionAbi, functionName: 'mintBatch', args: [SEED.spamCollection] })
    },
    ...SEED.names.map(({ name, address }) => ({
      label: `register ${name}`,
      to: CONTRACTS.nameRegistry,
      data: encodeFunctionData({ abi: nameRegistryAbi, functionName: 'registerFor', args: [name, address] })
    })),
    // Appended after the rest, so the addresses above stay what they were before Farcaster.
    deploy('farcasterIdRegistry', 'FarcasterIdRegistry', []),
    deploy('farcasterKeyRegistry', 'FarcasterKeyRegistry', [CONTRACTS.farcasterIdRegistry]),
    ...SEED.farcasterIds.map(({ fid, custody }) => ({
      label: `register fid ${fid}`,
      to: CONTRACTS.farcasterIdRegistry,
      data: encodeFunctionData({ abi: farcasterIdRegistryAbi, functionName: 'registerFor', args: [custody] })
    })),
    deploy('entryPoint', 'EntryPoint', []),
    deploy('smartAccountFactory', 'AppKitSmartAccountFactory', [CONTRACTS.entryPoint]),
    deploy('paymaster', 'VerifyingPaymaster', [CONTRACTS.entryPoint, PAYMASTER_SIGNER.address]),
    {
      label: 'fund the paymaster at the EntryPoint',
      to: CONTRACTS.paymaster,
      value: SEED.paymasterDeposit,
      data: encodeFunctionData({ abi: verifyingPaymasterAbi, functionName: 'deposit' })
    }
  ]
}

/**
 * Where a step's contract lands: the deployer's CREATE address for its nonce, or, for the pools
 * (created by the router), the router's CREATE address for its own nonce: 1, 2, 3 in order.
 */
function expectedAddress(deployerNonce: number, poolIndex: number): Address {
  return poolIndex > 0
    ? getContractAddress({ from: CONTRACTS.router, nonce: BigInt(poolIndex) })
    : getContractAddress({ from: DEPLOYER.address, nonce: BigInt(deployerNonce) })
}

export async function deployContracts({ rpcUrl, chainId, artifacts }: DeployOptions): Promise<DeployResult> {
  const started = performance.now()
  assertAbisCurrent(artifacts)
  const client: PublicClient = createPublicClient({ chain: localViemChain(chainId, rpcUrl), transport: http(rpcUrl) })
  const account = privateKeyToAccount(DEPLOYER.privateKey)

  const [nonce, remoteChainId, block] = await Promise.all([
    client.getTransactionCount({ address: DEPLOYER.address }),
    client.getChainId(),
    client.getBlock()
  ])
  if (remoteChainId !== chainId) throw new Error(`${rpcUrl} is chain ${remoteChainId}, expected ${chainId}`)
  if (nonce !== 0) {
    throw new Error(
      `The deployer ${DEPLOYER.address} already sent ${nonce} transactions on ${rpcUrl}: deploy needs a fresh chain`
    )
  }
  // The base fee only falls on these nearly empty blocks, so one fee cap serves every step.
  const maxPriorityFeePerGas = parseGwei('1')
  const maxFeePerGas = (block.baseFeePerGas ?? parseGwei('1')) * 2n + maxPriorityFeePerGas

  const steps = seedSteps(artifacts)
  const hashes: Hex[] = []
  let poolIndex = 0
  for (const [index, step] of steps.entries()) {
    const isDeploy = !step.to
    // Signed here and sent raw: one request per transaction. Hardhat automines it at once and
    // answers with the revert reason if it fails.
    const serializedTransaction = await account.signTransaction({
      chainId,
      type: 'eip1559',
      nonce: index,
      to: step.to ?? null,
      data: step.data,
      value: step.value ?? 0n,
      gas: isDeploy ? 8_000_000n : 3_000_000n,
      maxFeePerGas,
      maxPriorityFeePerGas
    })
    try {
      hashes.push(await client.sendRawTransaction({ serializedTransaction }))
    } catch (error) {
      throw new Error(`deploy step ${index} (${step.label}) failed on chain ${chainId}: ${String(error)}`, {
        cause: error
      })
    }
    if (step.creates) {
      const expected = expectedAddress(index, isDeploy ? 0 : ++poolIndex)
      if (expected.toLowerCase() !== CONTRACTS[step.creates].toLowerCase()) {
        throw new Error(
          `deploy step ${index} (${step.label}) creates ${expected}, but local/chain/deployment.ts says ${step.creates} is ${CONTRACTS[step.creates]}`
        )
      }
    }
  }

  const receipts = await Promise.all(hashes.map(hash => client.getTransactionReceipt({ hash })))
  for (const [index, receipt] of receipts.entries()) {
    const step = steps[index]!
    if (receipt.status !== 'success')
      throw new Error(`deploy step ${index} (${step.label}) reverted on chain ${chainId}`)
    if (!step.to && step.creates && receipt.contractAddress?.toLowerCase() !== CONTRACTS[step.creates].toLowerCase()) {
      throw new Error(
        `deploy step ${index} (${step.label}) deployed ${receipt.contractAddress}, but local/chain/deployment.ts says ${CONTRACTS[step.creates]}`
      )
    }
  }
  // The pools: ask the router which pool it made for each pair.
  const pools = [
    ['poolWethUsdc', CONTRACTS.tUSDC, CONTRACTS.WETH],
    ['poolWethTT', CONTRACTS.TT, CONTRACTS.WETH],
    ['poolTTUsdc', CONTRACTS.tUSDC, CONTRACTS.TT]
  ] as const
  await Promise.all(
    pools.map(async ([key, tokenA, tokenB]) => {
      const pair = await client.readContract({
        address: CONTRACTS.router,
        abi: swapRouterAbi,
        functionName: 'getPair',
        args: [tokenA, tokenB]
      })
      if (pair.toLowerCase() !== CONTRACTS[key].toLowerCase()) {
        throw new Error(`The router's pool for ${key} is ${pair}, but local/chain/deployment.ts says ${CONTRACTS[key]}`)
      }
    })
  )
  const last = receipts[receipts.length - 1]!
  return {
    chainId,
    contracts: CONTRACTS,
    blockNumber: last.blockNumber,
    transactions: steps.length,
    ms: performance.now() - started
  }
}
