// The name registry: register by the caller, lookup by name (either suffix), reverse lookup, rules.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { parseEventLogs, zeroAddress } from 'viem'
import { nameRegistryAbi } from '../../local/chain/abis.js'
import { localPublicClient, localWalletClient } from '../../local/chain/clients.js'
import { CONTRACTS, TEST_ACCOUNTS } from '../../local/chain/deployment.js'
import { useLocalChains } from './helpers.js'

const chains = useLocalChains()
const registry = { address: CONTRACTS.nameRegistry, abi: nameRegistryAbi } as const

describe('name registry', () => {
  test('register stores name -> address and address -> primary name, with events', async () => {
    const user = TEST_ACCOUNTS[2]
    const client = localPublicClient(chains.a)
    const wallet = localWalletClient(chains.a, user.privateKey)
    assert.equal(await client.readContract({ ...registry, functionName: 'available', args: ['carol-42'] }), true)
    const hash = await wallet.writeContract({ ...registry, functionName: 'register', args: ['Carol-42'] })
    const receipt = await client.waitForTransactionReceipt({ hash })
    assert.equal(receipt.status, 'success')
    const events = parseEventLogs({ abi: nameRegistryAbi, logs: receipt.logs })
    assert.deepEqual(
      events.map(event => event.eventName),
      ['NameRegistered', 'PrimaryNameChanged']
    )
    const registered = events[0]!
    assert.ok(registered.eventName === 'NameRegistered')
    assert.equal(registered.args.owner, user.address)
    assert.equal(registered.args.name, 'carol-42.appkit.id')

    for (const name of ['carol-42', 'carol-42.appkit.id', 'CAROL-42.appkit.id', 'carol-42.wcn.id']) {
      assert.equal(
        await client.readContract({ ...registry, functionName: 'resolve', args: [name] }),
        user.address,
        name
      )
    }
    assert.equal(
      await client.readContract({ ...registry, functionName: 'nameOf', args: [user.address] }),
      'carol-42.appkit.id'
    )
    assert.equal(await client.readContract({ ...registry, functionName: 'available', args: ['carol-42'] }), false)
    // Names live on one chain: chain B has not heard of it.
    const other = localPublicClient(chains.b)
    assert.equal(await other.readContract({ ...registry, functionName: 'resolve', args: ['carol-42'] }), zeroAddress)
    assert.equal(await other.readContract({ ...registry, functionName: 'nameOf', args: [user.address] }), '')
  })

  test('registering with the legacy suffix registers the same label; the latest is the primary name', async () => {
    const user = TEST_ACCOUNTS[3]
    const client = localPublicClient(chains.a)
    const wallet = localWalletClient(chains.a, user.privateKey)
    for (const name of ['dave.wcn.id', 'dave-2']) {
      const hash = await wallet.writeContract({ ...registry, functionName: 'register', args: [name] })
      await client.waitForTransactionReceipt({ hash })
    }
    assert.equal(
      await client.readContract({ ...registry, functionName: 'resolve', args: ['dave.appkit.id'] }),
      user.address
    )
    assert.equal(
      await client.readContract({ ...registry, functionName: 'resolve', args: ['dave-2.wcn.id'] }),
      user.address
    )
    assert.equal(
      await client.readContract({ ...registry, functionName: 'nameOf', args: [user.address] }),
      'dave-2.appkit.id'
    )
  })

  test('lookups of unknown names and addresses answer zero and the empty string', async () => {
    const client = localPublicClient(chains.a)
    assert.equal(await client.readContract({ ...registry, functionName: 'resolve', args: ['nobody'] }), zeroAddress)
    assert.equal(await client.readContract({ ...registry, functionName: 'resolve', args: ['bad_name'] }), zeroAddress)
    assert.equal(
      await client.readContract({ ...registry, functionName: 'nameOf', args: [TEST_ACCOUNTS[4].address] }),
      ''
    )
  })

  test('a 3-letter name is rejected with NameTooShort', async () => {
    const wallet = localWalletClient(chains.a, TEST_ACCOUNTS[4].privateKey)
    await assert.rejects(wallet.writeContract({ ...registry, functionName: 'register', args: ['bob'] }), /NameTooShort/)
    await assert.rejects(
      wallet.writeContract({ ...registry, functionName: 'register', args: ['bob.appkit.id'] }),
      /NameTooShort/
    )
    const client = localPublicClient(chains.a)
    assert.equal(await client.readContract({ ...registry, functionName: 'available', args: ['bob'] }), false)
  })

  test('a name with an underscore (or another character) is rejected with InvalidCharacter', async () => {
    const wallet = localWalletClient(chains.a, TEST_ACCOUNTS[4].privateKey)
    for (const name of ['bob_smith', 'bob smith', 'bob.smith.appkit.id', 'bób-1']) {
      await assert.rejects(
        wallet.writeContract({ ...registry, functionName: 'register', args: [name] }),
        /InvalidCharacter/,
        name
      )
    }
    const client = localPublicClient(chains.a)
    await assert.rejects(
      client.readContract({ ...registry, functionName: 'normalize', args: ['bob_smith'] }),
      /InvalidCharacter/
    )
    assert.equal(
      await client.readContract({ ...registry, functionName: 'normalize', args: ['Bob-Smith.wcn.id'] }),
      'bob-smith'
    )
    assert.equal(
      await client.readContract({ ...registry, functionName: 'nameOf', args: [TEST_ACCOUNTS[4].address] }),
      ''
    )
  })

  test("a name held by someone else is rejected with NameTaken (alice.appkit.id is test account #1's)", async () => {
    const wallet = localWalletClient(chains.a, TEST_ACCOUNTS[0].privateKey)
    await assert.rejects(wallet.writeContract({ ...registry, functionName: 'register', args: ['alice'] }), /NameTaken/)
    const client = localPublicClient(chains.a)
    assert.equal(
      await client.readContract({ ...registry, functionName: 'resolve', args: ['alice.wcn.id'] }),
      TEST_ACCOUNTS[1].address
    )
  })

  test('only the registrar may register for someone else', async () => {
    const wallet = localWalletClient(chains.a, TEST_ACCOUNTS[0].privateKey)
    await assert.rejects(
      wallet.writeContract({ ...registry, functionName: 'registerFor', args: ['mallory', TEST_ACCOUNTS[4].address] }),
      /NotRegistrar/
    )
  })
})
