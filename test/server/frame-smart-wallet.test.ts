// The frame's smart accounts end to end below the page: the frame's own handlers (service/frame/handlers.ts)
// over its real backend client (service/frame/backend.ts) against the reference backend on local chain A
// (EntryPoint, account factory, bundler, paymaster) and a bare chain without them. An e-mail login
// (maildev) gives the owner key; the visitor approves everything. Checked on chain: the account's
// address is the factory's, it has no ETH and still sends (sponsored), its tUSDC leaves the account
// contract, a batch is one user operation, its signatures hold by ERC-1271 (the kit's own sign-in
// verifier agrees), a user operation the page encoded runs (eth_sendUserOperation), initSmartAccount
// deploys; the EOA stays reachable, and a chain without the
// contracts answers with the EOA (getUser) or an error (setPreferredAccount, initSmartAccount).
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import {
  decodeEventLog,
  encodeFunctionData,
  getAddress,
  hashMessage,
  parseUnits,
  recoverMessageAddress,
  type Address,
  type Hex
} from 'viem'
import { appKitSmartAccountAbi, appKitSmartAccountFactoryAbi, testTokenAbi } from '../../local/chain/abis.js'
import { localPublicClient, localWalletClient } from '../../local/chain/clients.js'
import { CONTRACTS, DEPLOYER, TEST_ACCOUNTS } from '../../local/chain/deployment.js'
import { startEvmNode, type EvmNode } from '../../local/chain/evm-node.js'
import { USER_OPERATION_NEEDS_SMART_ACCOUNT } from '../../service/frame/rpc-approvals.js'
import { SMART_ACCOUNT_SALT } from '../../service/frame/smart-account.js'
import { SMART_ACCOUNT_UNAVAILABLE } from '../../service/frame/smart-wallet.js'
import { createChainContext } from '../../service/backend/context.js'
import { createSiwxMessage } from '../../src/siwx/create-message.js'
import { sessionProblem } from '../../src/siwx/verify.js'
import { useLocalChains } from '../chain/helpers.js'
import { useEmbeddedStack } from './embedded-stack.js'
import { loggedInFrame as loggedIn, type TestFrame } from './frame-login.js'

const chains = useLocalChains()
/** A chain with none of the contracts: the smart account is not offered there. */
const BARE_CHAIN_ID = 31_999
let bare: EvmNode
before(async () => {
  bare = await startEvmNode({ chainId: BARE_CHAIN_ID, port: 0 })
})
after(async () => {
  await bare?.stop()
})

const stack = useEmbeddedStack({
  chains: () => [createChainContext(chains.a.chainId, chains.a.rpcUrl), createChainContext(BARE_CHAIN_ID, bare.rpcUrl)]
})

const ERC1271_MAGIC = '0x1626ba7e'

/** A frame whose visitor approves everything, logged in by e-mail through the real backend. */
const loggedInFrame = (): Promise<TestFrame> => loggedIn(stack, chains.a.chainId, 'smart')

const client = () => localPublicClient(chains.a)

async function factoryAddress(owner: Address): Promise<Address> {
  return client().readContract({
    address: CONTRACTS.smartAccountFactory,
    abi: appKitSmartAccountFactoryAbi,
    functionName: 'getAddress',
    args: [owner, SMART_ACCOUNT_SALT]
  })
}

async function fundTusdc(to: Address, amount: string): Promise<void> {
  const hash = await localWalletClient(chains.a, DEPLOYER.privateKey).writeContract({
    address: CONTRACTS.tUSDC,
    abi: testTokenAbi,
    functionName: 'transfer',
    args: [to, parseUnits(amount, 6)]
  })
  await client().waitForTransactionReceipt({ hash })
}

const tusdcOf = (address: Address) =>
  client().readContract({ address: CONTRACTS.tUSDC, abi: testTokenAbi, functionName: 'balanceOf', args: [address] })

const transferData = (to: Address, amount: string): Hex =>
  encodeFunctionData({ abi: testTokenAbi, functionName: 'transfer', args: [to, parseUnits(amount, 6)] })

const isDeployed = async (address: Address) => ((await client().getCode({ address })) ?? '0x') !== '0x'

describe('the frame’s smart account (local chain A, the reference backend’s bundler and paymaster)', () => {
  let frame: TestFrame
  let smart: Address

  before(async () => {
    frame = await loggedInFrame()
    smart = await factoryAddress(frame.owner)
  })

  it('lists the chains with the contracts, and answers getUser with the smart account first, not yet deployed', async () => {
    const { smartAccountEnabledNetworks } = await frame.call('getSmartAccountEnabledNetworks', {})
    assert.deepEqual(smartAccountEnabledNetworks, [chains.a.chainId])
    const user = await frame.call('getUser', { chainId: chains.a.chainId, preferredAccountType: 'smartAccount' })
    assert.equal(getAddress(user.address), smart)
    assert.deepEqual(user.accounts, [
      { address: smart, type: 'smartAccount' },
      { address: frame.owner, type: 'eoa' }
    ])
    assert.equal(user.preferredAccountType, 'smartAccount')
    assert.equal(user.smartAccountDeployed, false)
    assert.deepEqual(await frame.rpc('eth_accounts'), [smart, frame.owner])
    assert.deepEqual(await frame.rpc('wallet_getCapabilities', [smart, [`0x${chains.a.chainId.toString(16)}`]]), {
      [`0x${chains.a.chainId.toString(16)}`]: { atomic: { status: 'supported' }, paymasterService: { supported: true } }
    })
  })

  it('sends tUSDC from the account contract with no ETH of its own (sponsored), deploying it on first use', async () => {
    await fundTusdc(smart, '10')
    assert.equal(await client().getBalance({ address: smart }), 0n)
    const bob = TEST_ACCOUNTS[1].address
    const before = await tusdcOf(bob)
    const hash = (await frame.rpc('eth_sendTransaction', [
      { from: smart, to: CONTRACTS.tUSDC, data: transferData(bob, '2.5'), value: '0x0' }
    ])) as Hex
    const receipt = await client().getTransactionReceipt({ hash })
    assert.equal(receipt.status, 'success')
    const transfers = receipt.logs
      .filter(log => getAddress(log.address) === getAddress(CONTRACTS.tUSDC))
      .map(log => decodeEventLog({ abi: testTokenAbi, data: log.data, topics: log.topics }))
    assert.deepEqual(
      transfers.map(event => event.eventName === 'Transfer' && [event.args.from, event.args.to, event.args.value]),
      [[smart, bob, parseUnits('2.5', 6)]]
    )
    assert.equal(await tusdcOf(bob), before + parseUnits('2.5', 6))
    assert.equal(await tusdcOf(smart), parseUnits('7.5', 6))
    assert.equal(await isDeployed(smart), true)
    const user = await frame.call('getUser', { chainId: chains.a.chainId, preferredAccountType: 'smartAccount' })
    assert.equal(user.smartAccountDeployed, true)
  })

  it('runs wallet_sendCalls as one user operation: atomic, its status from the bundler’s receipt', async () => {
    const [carol, dave] = [TEST_ACCOUNTS[2].address, TEST_ACCOUNTS[3].address]
    const { id } = (await frame.rpc('wallet_sendCalls', [
      {
        version: '2.0.0',
        chainId: `0x${chains.a.chainId.toString(16)}`,
        from: smart,
        calls: [
          { to: CONTRACTS.tUSDC, data: transferData(carol, '1') },
          { to: CONTRACTS.tUSDC, data: transferData(dave, '1.5') }
        ]
      }
    ])) as { id: string }
    let status: { status: number; atomic: boolean; receipts: { transactionHash: Hex; status: string }[] }
    for (;;) {
      status = (await frame.rpc('wallet_getCallsStatus', [id])) as typeof status
      if (status.status !== 100) break
      await new Promise(resolve => setTimeout(resolve, 100))
    }
    assert.equal(status.status, 200)
    assert.equal(status.atomic, true)
    assert.equal(status.receipts.length, 1)
    assert.equal(status.receipts[0]!.status, '0x1')
    assert.equal(await tusdcOf(smart), parseUnits('5', 6))
  })

  it('signs for ERC-1271: the account contract accepts it, the kit’s sign-in verifier too; the EOA still signs as itself', async () => {
    const message = await createSiwxMessage(
      { accountAddress: smart, chainId: `eip155:${chains.a.chainId}` },
      { nonce: 'smartnonce1', domain: 'localhost:5173', uri: 'http://localhost:5173/' }
    )
    const { toString: _text, ...data } = message
    const text = message.toString()
    const hexText = `0x${Buffer.from(text).toString('hex')}` as Hex
    const signature = (await frame.rpc('personal_sign', [hexText, smart])) as Hex
    const magic = await client().readContract({
      address: smart,
      abi: appKitSmartAccountAbi,
      functionName: 'isValidSignature',
      args: [hashMessage(text), signature]
    })
    assert.equal(magic, ERC1271_MAGIC)
    assert.equal(await sessionProblem({ data, message: text, signature }, { rpcUrl: chains.a.rpcUrl }), undefined)
    const byOwner = (await frame.rpc('personal_sign', [hexText, frame.owner])) as Hex
    assert.equal(await recoverMessageAddress({ message: text, signature: byOwner }), frame.owner)
    await assert.rejects(
      frame.rpc('personal_sign', [hexText, TEST_ACCOUNTS[4].address]),
      /which is not this wallet’s address/
    )
  })

  it('eth_sendUserOperation: the page’s callData for the account, the rest filled and sponsored here; another sender or EntryPoint is refused', async () => {
    const bob = TEST_ACCOUNTS[1].address
    const before = await tusdcOf(bob)
    const callData = encodeFunctionData({
      abi: appKitSmartAccountAbi,
      functionName: 'execute',
      args: [CONTRACTS.tUSDC, 0n, transferData(bob, '0.5')]
    })
    const operation = { sender: smart, callData, nonce: '0x0', signature: '0x' }
    const hash = (await frame.rpc('eth_sendUserOperation', [operation, CONTRACTS.entryPoint])) as Hex
    assert.match(hash, /^0x[0-9a-f]{64}$/)
    for (let tries = 0; tries < 100 && (await tusdcOf(bob)) === before; tries++) {
      await new Promise(resolve => setTimeout(resolve, 100))
    }
    assert.equal(await tusdcOf(bob), before + parseUnits('0.5', 6))
    await assert.rejects(
      frame.rpc('eth_sendUserOperation', [{ ...operation, sender: frame.owner }, CONTRACTS.entryPoint]),
      {
        message: `eth_sendUserOperation asks for ${frame.owner}, which is not this wallet’s address`
      }
    )
    await assert.rejects(
      frame.rpc('eth_sendUserOperation', [operation, CONTRACTS.paymaster]),
      /eth_sendUserOperation names EntryPoint/
    )
    await frame.call('setPreferredAccount', { type: 'eoa' })
    await assert.rejects(frame.rpc('eth_sendUserOperation', [operation, CONTRACTS.entryPoint]), {
      message: USER_OPERATION_NEEDS_SMART_ACCOUNT
    })
    await frame.call('setPreferredAccount', { type: 'smartAccount' })
  })

  it('switches to the EOA and back (setPreferredAccount); the RPC follows', async () => {
    assert.deepEqual(await frame.call('setPreferredAccount', { type: 'eoa' }), { type: 'eoa', address: frame.owner })
    assert.deepEqual(await frame.rpc('eth_accounts'), [frame.owner])
    const user = await frame.call('getUser', {})
    assert.equal(user.address, frame.owner)
    assert.equal(user.preferredAccountType, 'eoa')
    assert.deepEqual(await frame.call('setPreferredAccount', { type: 'smartAccount' }), {
      type: 'smartAccount',
      address: smart
    })
    assert.deepEqual(await frame.rpc('eth_accounts'), [smart, frame.owner])
  })

  it('answers with the EOA on a chain without the contracts; setPreferredAccount and initSmartAccount say why there', async () => {
    const user = await frame.call('getUser', { chainId: BARE_CHAIN_ID, preferredAccountType: 'smartAccount' })
    assert.equal(user.address, frame.owner)
    assert.equal(user.preferredAccountType, 'eoa')
    assert.deepEqual(user.accounts, [{ address: frame.owner, type: 'eoa' }])
    await assert.rejects(frame.call('setPreferredAccount', { type: 'smartAccount' }), {
      message: SMART_ACCOUNT_UNAVAILABLE(BARE_CHAIN_ID)
    })
    await assert.rejects(frame.call('initSmartAccount', {}), { message: SMART_ACCOUNT_UNAVAILABLE(BARE_CHAIN_ID) })
    // The failed switch left the EOA preferred: back on chain A it is still the EOA until asked again.
    const back = await frame.call('getUser', { chainId: chains.a.chainId })
    assert.equal(back.address, frame.owner)
  })

  it('initSmartAccount deploys a new visitor’s account (sponsored) before anything is sent', async () => {
    const other = await loggedInFrame()
    const address = await factoryAddress(other.owner)
    assert.equal(await isDeployed(address), false)
    await other.call('setPreferredAccount', { type: 'smartAccount' })
    assert.deepEqual(await other.call('initSmartAccount', {}), { isDeployed: true })
    assert.equal(await isDeployed(address), true)
    assert.equal(await client().getBalance({ address: other.owner }), 0n)
  })
})
