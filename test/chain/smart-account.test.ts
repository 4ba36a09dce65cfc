// The ERC-4337 smart accounts on the local chains (the EntryPoint v0.7 reference implementation
// and local/chain/contracts/AppKitSmartAccount.sol), driven by the frame's viem smart account
// (service/frame/smart-account.ts): the address is known before the account exists; its first user
// operation, sent through EntryPoint.handleOps by a bundler key, deploys it and moves tUSDC from
// the account contract; the next one needs no initCode; a user operation signed by another key
// is refused; a message signed for the account verifies by ERC-1271 (viem's verifyMessage), and
// one by a stranger does not; before deployment the signature is ERC-6492-wrapped and verifies too.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { decodeEventLog, encodeFunctionData, getAddress, parseEther, parseGwei, parseUnits, type Hex } from 'viem'
import { entryPoint07Abi, toPackedUserOperation } from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { entryPointAbi, testTokenAbi } from '../../local/chain/abis.js'
import { localPublicClient, localWalletClient } from '../../local/chain/clients.js'
import { CONTRACTS, DEPLOYER, TEST_ACCOUNTS } from '../../local/chain/deployment.js'
import { appKitSmartAccount } from '../../service/frame/smart-account.js'
import { useLocalChains } from './helpers.js'

const chains = useLocalChains()
const BUNDLER = TEST_ACCOUNTS[4]
const CONTRACTS_4337 = { entryPoint: CONTRACTS.entryPoint, factory: CONTRACTS.smartAccountFactory }

async function smartAccountOf(ownerKey: Hex) {
  return appKitSmartAccount({
    client: localPublicClient(chains.a) as never,
    owner: privateKeyToAccount(ownerKey),
    contracts: CONTRACTS_4337
  })
}

type Account = Awaited<ReturnType<typeof smartAccountOf>>

/** Builds, signs (with `signer`, the account's own owner by default) and sends one user operation through handleOps. */
async function sendUserOperation(account: Account, calls: { to: Hex; data?: Hex; value?: bigint }[], signer?: Account) {
  const client = localPublicClient(chains.a)
  const deployed = await account.isDeployed()
  const factoryArgs = deployed ? {} : await account.getFactoryArgs()
  const block = await client.getBlock()
  const userOperation = {
    sender: account.address,
    nonce: await account.getNonce(),
    ...factoryArgs,
    callData: await account.encodeCalls(calls),
    callGasLimit: 300_000n,
    verificationGasLimit: deployed ? 150_000n : 600_000n,
    preVerificationGas: 60_000n,
    maxFeePerGas: (block.baseFeePerGas ?? parseGwei('1')) * 2n + parseGwei('1'),
    maxPriorityFeePerGas: parseGwei('1'),
    signature: '0x' as Hex
  }
  userOperation.signature = await (signer ?? account).signUserOperation({ ...userOperation, chainId: chains.a.chainId })
  const bundler = localWalletClient(chains.a, BUNDLER.privateKey)
  const hash = await bundler.writeContract({
    address: CONTRACTS.entryPoint,
    abi: entryPointAbi,
    functionName: 'handleOps',
    args: [[toPackedUserOperation(userOperation)], BUNDLER.address],
    gas: 2_000_000n
  })
  return client.waitForTransactionReceipt({ hash })
}

describe('smart accounts (ERC-4337)', () => {
  test('the EntryPoint and the factory are at their fixed addresses on both chains', async () => {
    for (const chain of [chains.a, chains.b]) {
      const client = localPublicClient(chain)
      const implementation = await client.readContract({
        address: CONTRACTS.smartAccountFactory,
        abi: [
          {
            type: 'function',
            name: 'accountImplementation',
            stateMutability: 'view',
            inputs: [],
            outputs: [{ type: 'address' }]
          }
        ],
        functionName: 'accountImplementation'
      })
      const entryPoint = await client.readContract({
        address: implementation,
        abi: [
          { type: 'function', name: 'entryPoint', stateMutability: 'view', inputs: [], outputs: [{ type: 'address' }] }
        ],
        functionName: 'entryPoint'
      })
      assert.equal(entryPoint, getAddress(CONTRACTS.entryPoint))
    }
  })

  test('the first user operation deploys the account and sends tUSDC from it; the next needs no initCode', async () => {
    const client = localPublicClient(chains.a)
    const account = await smartAccountOf(generatePrivateKey())
    assert.equal(await account.isDeployed(), false)
    // Funded before it exists: ETH for the EntryPoint's prefund, tUSDC to send.
    const deployer = localWalletClient(chains.a, DEPLOYER.privateKey)
    for (const hash of [
      await deployer.sendTransaction({ to: account.address, value: parseEther('1') }),
      await deployer.writeContract({
        address: CONTRACTS.tUSDC,
        abi: testTokenAbi,
        functionName: 'transfer',
        args: [account.address, parseUnits('10', 6)]
      })
    ]) {
      await client.waitForTransactionReceipt({ hash })
    }
    const receiver = TEST_ACCOUNTS[2].address
    const before = await client.readContract({
      address: CONTRACTS.tUSDC,
      abi: testTokenAbi,
      functionName: 'balanceOf',
      args: [receiver]
    })
    const transfer = (amount: string) => ({
      to: CONTRACTS.tUSDC as Hex,
      data: encodeFunctionData({ abi: testTokenAbi, functionName: 'transfer', args: [receiver, parseUnits(amount, 6)] })
    })

    const first = await sendUserOperation(account, [transfer('4')])
    assert.equal(first.status, 'success')
    assert.equal(await account.isDeployed(), true)
    const events = first.logs
      .filter(log => getAddress(log.address) === getAddress(CONTRACTS.entryPoint))
      .flatMap(log => {
        try {
          return [decodeEventLog({ abi: entryPoint07Abi, ...log })]
        } catch {
          return []
        }
      })
    const operation = events.find(event => event.eventName === 'UserOperationEvent')
    assert.ok(operation && operation.eventName === 'UserOperationEvent')
    assert.equal(operation.args.success, true)
    assert.equal(getAddress(operation.args.sender), account.address)
    assert.ok(events.some(event => event.eventName === 'AccountDeployed'))
    // The tokens left the account contract, not the owner or the bundler.
    const tokenTransfer = first.logs.find(log => getAddress(log.address) === getAddress(CONTRACTS.tUSDC))!
    const decoded = decodeEventLog({ abi: testTokenAbi, ...tokenTransfer })
    assert.equal(decoded.eventName, 'Transfer')
    assert.equal(getAddress((decoded.args as { from: Hex }).from), account.address)

    const second = await sendUserOperation(account, [transfer('1'), transfer('2')])
    assert.equal(second.status, 'success')
    const after = await client.readContract({
      address: CONTRACTS.tUSDC,
      abi: testTokenAbi,
      functionName: 'balanceOf',
      args: [receiver]
    })
    assert.equal(after - before, parseUnits('7', 6))
    assert.equal(
      await client.readContract({
        address: CONTRACTS.tUSDC,
        abi: testTokenAbi,
        functionName: 'balanceOf',
        args: [account.address]
      }),
      parseUnits('3', 6)
    )
  })

  test('a user operation signed by another key is refused by the EntryPoint (AA24), and nothing moves', async () => {
    const client = localPublicClient(chains.a)
    const account = await smartAccountOf(generatePrivateKey())
    const stranger = await smartAccountOf(generatePrivateKey())
    const hash = await localWalletClient(chains.a, DEPLOYER.privateKey).sendTransaction({
      to: account.address,
      value: parseEther('1')
    })
    await client.waitForTransactionReceipt({ hash })
    await assert.rejects(
      sendUserOperation(account, [{ to: TEST_ACCOUNTS[2].address, value: 1n }], stranger),
      /AA24 signature error/
    )
    assert.equal(await account.isDeployed(), false)
  })

  test('before its first user operation, the account signs with ERC-6492 (the factory call wrapped in): it verifies, and deploys nothing', async () => {
    const client = localPublicClient(chains.a)
    const account = await smartAccountOf(generatePrivateKey())
    const message = 'sign in before deployment'
    const signature = await account.signMessage({ message })
    assert.match(signature, /6492649264926492649264926492649264926492649264926492649264926492$/)
    assert.equal(await client.verifyMessage({ address: account.address, message, signature }), true)
    assert.equal(await client.verifyMessage({ address: account.address, message: 'another message', signature }), false)
    assert.equal(await account.isDeployed(), false)
  })

  test('ERC-1271: a message the account signs verifies on chain once it is deployed; a stranger’s does not', async () => {
    const client = localPublicClient(chains.a)
    const ownerKey = generatePrivateKey()
    const account = await smartAccountOf(ownerKey)
    const hash = await localWalletClient(chains.a, DEPLOYER.privateKey).sendTransaction({
      to: account.address,
      value: parseEther('1')
    })
    await client.waitForTransactionReceipt({ hash })
    await sendUserOperation(account, [{ to: TEST_ACCOUNTS[2].address, value: 1n }])
    const message = 'appkit.local wants you to sign in with your Ethereum account'
    const signature = await account.signMessage({ message })
    assert.equal(await client.verifyMessage({ address: account.address, message, signature }), true)
    const strangers = await (await smartAccountOf(generatePrivateKey())).signMessage({ message })
    assert.equal(await client.verifyMessage({ address: account.address, message, signature: strangers }), false)
  })
})
