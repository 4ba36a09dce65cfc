// The deployment: same addresses on both chains, different chain ids, seeded balances, pools, NFTs.
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { describe, test } from 'node:test'
import { getAddress, parseEther, type Address } from 'viem'
import {
  nameRegistryAbi,
  swapPoolAbi,
  swapRouterAbi,
  testCollectionAbi,
  testTokenAbi,
  wrappedNativeAbi
} from '../../local/chain/abis.js'
import { localPublicClient } from '../../local/chain/clients.js'
import { ABIS_FILE, ARTIFACTS_FILE, compileContracts, renderAbisFile } from '../../local/chain/compile.js'
import {
  CHAIN_A,
  CHAIN_B,
  COLLECTIONS,
  CONTRACTS,
  NAME_SUFFIXES,
  POOLS,
  SEED,
  TEST_ACCOUNTS,
  TOKENS
} from '../../local/chain/deployment.js'
import { useLocalChains } from './helpers.js'

const chains = useLocalChains()

describe('deployment', () => {
  test('the two chains have the ids of deployment.ts, and they differ', async () => {
    const ids = await Promise.all([chains.a, chains.b].map(chain => localPublicClient(chain).getChainId()))
    assert.deepEqual(ids, [CHAIN_A.chainId, CHAIN_B.chainId])
    assert.notEqual(ids[0], ids[1])
    assert.notEqual(chains.a.rpcUrl, chains.b.rpcUrl)
  })

  test('every contract of deployment.ts has the same code at its address on both chains', async () => {
    const [clientA, clientB] = [localPublicClient(chains.a), localPublicClient(chains.b)]
    for (const [key, address] of Object.entries(CONTRACTS)) {
      const [codeA, codeB] = await Promise.all([clientA.getCode({ address }), clientB.getCode({ address })])
      assert.ok(codeA && codeA.length > 2, `no code for ${key} at ${address} on chain A`)
      assert.equal(codeB, codeA, `${key} differs between the chains`)
    }
    for (const [i, pool] of POOLS.entries()) {
      for (const client of [clientA, clientB]) {
        const [byIndex, byPair] = await Promise.all([
          client.readContract({
            address: CONTRACTS.router,
            abi: swapRouterAbi,
            functionName: 'allPairs',
            args: [BigInt(i)]
          }),
          client.readContract({
            address: CONTRACTS.router,
            abi: swapRouterAbi,
            functionName: 'getPair',
            args: [pool.token1, pool.token0]
          })
        ])
        assert.deepEqual([byIndex, byPair], [pool.address, pool.address])
      }
    }
    assert.ok(chains.a.deployBlock > 0n && chains.a.deployBlock === chains.b.deployBlock)
  })

  test('contracts answer as configured: tokens, router, collections, registry', async () => {
    for (const chain of [chains.a, chains.b]) {
      const client = localPublicClient(chain)
      for (const token of Object.values(TOKENS)) {
        const abi = token.symbol === 'WETH' ? wrappedNativeAbi : testTokenAbi
        const [name, symbol, decimals] = await Promise.all([
          client.readContract({ address: token.address, abi, functionName: 'name' }),
          client.readContract({ address: token.address, abi, functionName: 'symbol' }),
          client.readContract({ address: token.address, abi, functionName: 'decimals' })
        ])
        assert.deepEqual(
          { name, symbol, decimals },
          { name: token.name, symbol: token.symbol, decimals: token.decimals }
        )
      }
      assert.equal(
        await client.readContract({ address: CONTRACTS.router, abi: swapRouterAbi, functionName: 'WETH' }),
        CONTRACTS.WETH
      )
      assert.equal(
        await client.readContract({ address: CONTRACTS.router, abi: swapRouterAbi, functionName: 'allPairsLength' }),
        3n
      )
      for (const collection of Object.values(COLLECTIONS)) {
        const name = await client.readContract({
          address: collection.address,
          abi: testCollectionAbi,
          functionName: 'name'
        })
        assert.equal(name, collection.name)
      }
      const suffixes = await Promise.all([
        client.readContract({ address: CONTRACTS.nameRegistry, abi: nameRegistryAbi, functionName: 'currentSuffix' }),
        client.readContract({ address: CONTRACTS.nameRegistry, abi: nameRegistryAbi, functionName: 'legacySuffix' })
      ])
      assert.deepEqual(suffixes, [NAME_SUFFIXES.current, NAME_SUFFIXES.legacy])
    }
  })

  test('the test accounts hold ETH, tUSDC and TT on both chains', async () => {
    for (const chain of [chains.a, chains.b]) {
      const client = localPublicClient(chain)
      for (const account of TEST_ACCOUNTS) {
        const [eth, usdc, tt] = await Promise.all([
          client.getBalance({ address: account.address }),
          client.readContract({
            address: CONTRACTS.tUSDC,
            abi: testTokenAbi,
            functionName: 'balanceOf',
            args: [account.address]
          }),
          client.readContract({
            address: CONTRACTS.TT,
            abi: testTokenAbi,
            functionName: 'balanceOf',
            args: [account.address]
          })
        ])
        assert.equal(eth, parseEther('10000'), `ETH of #${account.index}`)
        assert.equal(usdc, SEED.perAccount.tUSDC, `tUSDC of #${account.index}`)
        assert.equal(tt, SEED.perAccount.TT, `TT of #${account.index}`)
        assert.equal(await client.getTransactionCount({ address: account.address }), 0)
      }
    }
  })

  test('the pools hold the seeded liquidity at the seeded prices', async () => {
    const client = localPublicClient(chains.a)
    for (const pool of POOLS) {
      const [token0, token1] = await Promise.all([
        client.readContract({ address: pool.address, abi: swapPoolAbi, functionName: 'token0' }),
        client.readContract({ address: pool.address, abi: swapPoolAbi, functionName: 'token1' })
      ])
      assert.deepEqual([token0, token1], [pool.token0, pool.token1])
    }
    const reserves = await client.readContract({
      address: CONTRACTS.poolWethUsdc,
      abi: swapPoolAbi,
      functionName: 'getReserves'
    })
    assert.deepEqual(reserves, [SEED.liquidity.poolWethUsdc.tUSDC, SEED.liquidity.poolWethUsdc.WETH])
    // Spot prices: 1 WETH = 3000 tUSDC, 1 TT = 2 tUSDC, 1 WETH = 1500 TT (quote, without the fee).
    const quote = async (amount: bigint, from: Address, to: Address) => {
      const [reserveIn, reserveOut] = await client.readContract({
        address: CONTRACTS.router,
        abi: swapRouterAbi,
        functionName: 'getReserves',
        args: [from, to]
      })
      return client.readContract({
        address: CONTRACTS.router,
        abi: swapRouterAbi,
        functionName: 'quote',
        args: [amount, reserveIn, reserveOut]
      })
    }
    assert.equal(await quote(10n ** 18n, CONTRACTS.WETH, CONTRACTS.tUSDC), 3000n * 10n ** 6n)
    assert.equal(await quote(10n ** 18n, CONTRACTS.TT, CONTRACTS.tUSDC), 2n * 10n ** 6n)
    assert.equal(await quote(10n ** 18n, CONTRACTS.WETH, CONTRACTS.TT), 1500n * 10n ** 18n)
  })

  test('NFTs: each test account owns two AKTC and one RCV token, with data: metadata', async () => {
    for (const chain of [chains.a, chains.b]) {
      const client = localPublicClient(chain)
      for (const [i, account] of TEST_ACCOUNTS.entries()) {
        const owned = await client.readContract({
          address: CONTRACTS.collection,
          abi: testCollectionAbi,
          functionName: 'tokensOfOwner',
          args: [account.address]
        })
        assert.deepEqual(owned, [BigInt(2 * i + 1), BigInt(2 * i + 2)])
        const owner = await client.readContract({
          address: CONTRACTS.spamCollection,
          abi: testCollectionAbi,
          functionName: 'ownerOf',
          args: [BigInt(i + 1)]
        })
        assert.equal(owner, account.address)
      }
      assert.equal(
        await client.readContract({
          address: CONTRACTS.collection,
          abi: testCollectionAbi,
          functionName: 'totalSupply'
        }),
        10n
      )
    }
    const client = localPublicClient(chains.a)
    const uri = await client.readContract({
      address: CONTRACTS.collection,
      abi: testCollectionAbi,
      functionName: 'tokenURI',
      args: [3n]
    })
    const prefix = 'data:application/json;base64,'
    assert.ok(uri.startsWith(prefix))
    const metadata = JSON.parse(Buffer.from(uri.slice(prefix.length), 'base64').toString('utf8'))
    assert.equal(metadata.name, `${COLLECTIONS.collection.name} #3`)
    assert.equal(metadata.description, COLLECTIONS.collection.description)
    assert.match(metadata.image, /^data:image\/svg\+xml;base64,/)
    const svg = Buffer.from(metadata.image.split(',')[1], 'base64').toString('utf8')
    assert.match(svg, /^<svg [^>]*>.*#3<\/text><\/svg>$/)
    assert.equal(
      await client.readContract({
        address: CONTRACTS.collection,
        abi: testCollectionAbi,
        functionName: 'supportsInterface',
        args: ['0x80ac58cd']
      }),
      true
    )
    await assert.rejects(
      client.readContract({
        address: CONTRACTS.collection,
        abi: testCollectionAbi,
        functionName: 'ownerOf',
        args: [11n]
      }),
      /NonexistentToken/
    )
  })

  test('test account #1 owns alice.appkit.id from the start', async () => {
    const client = localPublicClient(chains.b)
    const name = await client.readContract({
      address: CONTRACTS.nameRegistry,
      abi: nameRegistryAbi,
      functionName: 'nameOf',
      args: [TEST_ACCOUNTS[1].address]
    })
    assert.equal(name, 'alice.appkit.id')
    assert.deepEqual(SEED.names, [{ name: 'alice.appkit.id', address: getAddress(TEST_ACCOUNTS[1].address) }])
  })

  test('the committed artifacts match the sources (a fresh clone compiles nothing), and local/chain/abis.ts is current', async () => {
    const result = await compileContracts()
    assert.equal(
      result.file,
      ARTIFACTS_FILE,
      'local/chain/artifacts.json is stale: run `npx tsx local/chain/compile.ts`'
    )
    assert.equal(result.cached, true)
    const expected = await renderAbisFile(result.artifacts, result.hash)
    assert.equal(
      readFileSync(ABIS_FILE, 'utf8'),
      expected,
      'local/chain/abis.ts is stale: run `npx tsx local/chain/compile.ts`'
    )
  })
})
