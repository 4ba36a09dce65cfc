// The Farcaster registries' stand-ins on the local chains: fid 1 held by test account #3 on both
// chains from the start, one fid per address, keys added and removed only by an fid's custody key.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { encodeAbiParameters, getAddress } from 'viem'
import { farcasterIdRegistryAbi, farcasterKeyRegistryAbi } from '../../local/chain/abis.js'
import { localPublicClient, localWalletClient } from '../../local/chain/clients.js'
import { CONTRACTS, SEED, TEST_ACCOUNTS } from '../../local/chain/deployment.js'
import { useLocalChains } from './helpers.js'

const chains = useLocalChains()
const idRegistry = { address: CONTRACTS.farcasterIdRegistry, abi: farcasterIdRegistryAbi } as const
const keyRegistry = { address: CONTRACTS.farcasterKeyRegistry, abi: farcasterKeyRegistryAbi } as const

describe('Farcaster registries', () => {
  test('fid 1 belongs to test account #3 on both chains, both ways', async () => {
    assert.deepEqual(SEED.farcasterIds, [{ fid: 1, custody: TEST_ACCOUNTS[3].address }])
    for (const chain of [chains.a, chains.b]) {
      const client = localPublicClient(chain)
      assert.equal(
        await client.readContract({ ...idRegistry, functionName: 'idOf', args: [TEST_ACCOUNTS[3].address] }),
        1n
      )
      assert.equal(
        await client.readContract({ ...idRegistry, functionName: 'custodyOf', args: [1n] }),
        getAddress(TEST_ACCOUNTS[3].address)
      )
      assert.equal(
        await client.readContract({ ...idRegistry, functionName: 'idOf', args: [TEST_ACCOUNTS[0].address] }),
        0n
      )
    }
  })

  test('an address registers the next fid once; only the deployer registers for others', async () => {
    const client = localPublicClient(chains.b)
    const wallet = localWalletClient(chains.b, TEST_ACCOUNTS[4].privateKey)
    const next = (await client.readContract({ ...idRegistry, functionName: 'idCounter' })) + 1n
    const hash = await wallet.writeContract({ ...idRegistry, functionName: 'register' })
    assert.equal((await client.waitForTransactionReceipt({ hash })).status, 'success')
    assert.equal(
      await client.readContract({ ...idRegistry, functionName: 'idOf', args: [TEST_ACCOUNTS[4].address] }),
      next
    )
    await assert.rejects(wallet.writeContract({ ...idRegistry, functionName: 'register' }), /HasId/)
    await assert.rejects(
      wallet.writeContract({ ...idRegistry, functionName: 'registerFor', args: [TEST_ACCOUNTS[0].address] }),
      /NotOwner/
    )
  })

  test("a key is added and removed by its fid's custody key only, and reads back with its type and state", async () => {
    const client = localPublicClient(chains.b)
    const custody = localWalletClient(chains.b, TEST_ACCOUNTS[3].privateKey)
    const key = encodeAbiParameters([{ type: 'address' }], [TEST_ACCOUNTS[2].address])
    const read = () => client.readContract({ ...keyRegistry, functionName: 'keyDataOf', args: [1n, key] })
    assert.deepEqual(await read(), { state: 0, keyType: 0 })
    await assert.rejects(
      localWalletClient(chains.b, TEST_ACCOUNTS[1].privateKey).writeContract({
        ...keyRegistry,
        functionName: 'add',
        args: [2, key]
      }),
      /NoFid/
    )
    await client.waitForTransactionReceipt({
      hash: await custody.writeContract({ ...keyRegistry, functionName: 'add', args: [2, key] })
    })
    assert.deepEqual(await read(), { state: 1, keyType: 2 })
    await assert.rejects(custody.writeContract({ ...keyRegistry, functionName: 'add', args: [2, key] }), /InvalidState/)
    await client.waitForTransactionReceipt({
      hash: await custody.writeContract({ ...keyRegistry, functionName: 'remove', args: [key] })
    })
    assert.deepEqual(await read(), { state: 2, keyType: 2 })
  })
})
