// Smart sessions enforced on chain (local/chain/contracts/AppKitSmartAccount.sol; docs/behaviour.md
// section 6): the owner grants a session key one token up to a limit until an expiry; a user
// operation the key signs (src/adapters/evm/session-key-account.ts, the app's side) runs through
// EntryPoint.handleOps while it fits, and the EntryPoint refuses it ('AA24 signature error', or
// 'AA22 expired or not due' past the expiry) when it moves more than what is left, another token,
// anything but one transfer, or after the owner revoked the key. Driven with handleOps directly
// (no bundler, no paymaster): the chain alone decides.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import {
  BaseError,
  ContractFunctionRevertedError,
  encodeFunctionData,
  parseEther,
  parseGwei,
  parseUnits,
  toFunctionSignature,
  type Hex
} from 'viem'
import { toPackedUserOperation, type SmartAccount } from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { appKitSmartAccountAbi, entryPointAbi, testTokenAbi } from '../../local/chain/abis.js'
import { localPublicClient, localWalletClient } from '../../local/chain/clients.js'
import { CONTRACTS, DEPLOYER, TEST_ACCOUNTS } from '../../local/chain/deployment.js'
import { sessionAbi } from '../../service/frame/permissions.js'
import { appKitSmartAccount } from '../../service/frame/smart-account.js'
import { sessionKeyAccount } from '../../src/adapters/evm/session-key-account.js'
import { accountCallsAbi } from '../../src/adapters/evm/smart-account-abi.js'
import { useLocalChains } from './helpers.js'

const chains = useLocalChains()
const BUNDLER = TEST_ACCOUNTS[4]
const RECEIVER = TEST_ACCOUNTS[2].address
const NATIVE = '0x0000000000000000000000000000000000000000'

const client = () => localPublicClient(chains.a)

async function ownerAccount() {
  const account = await appKitSmartAccount({
    client: client() as never,
    owner: privateKeyToAccount(generatePrivateKey()),
    contracts: { entryPoint: CONTRACTS.entryPoint, factory: CONTRACTS.smartAccountFactory }
  })
  // ETH for the EntryPoint's prefund (no paymaster here) and for native sessions; tUSDC to spend.
  const deployer = localWalletClient(chains.a, DEPLOYER.privateKey)
  for (const hash of [
    await deployer.sendTransaction({ to: account.address, value: parseEther('5') }),
    await deployer.writeContract({
      address: CONTRACTS.tUSDC,
      abi: testTokenAbi,
      functionName: 'transfer',
      args: [account.address, parseUnits('100', 6)]
    })
  ]) {
    await client().waitForTransactionReceipt({ hash })
  }
  return account
}

const sessionOf = (address: Hex, keyHex: Hex) =>
  sessionKeyAccount({
    client: client() as never,
    address,
    key: privateKeyToAccount(keyHex),
    entryPoint: CONTRACTS.entryPoint
  })

/** The user operation of `calls`, signed by `signer` (the owner's account or a session key's). */
async function signedOperation(account: SmartAccount, signer: SmartAccount, callData: Hex) {
  const deployed = await account.isDeployed()
  const block = await client().getBlock()
  const operation = {
    sender: account.address,
    nonce: await account.getNonce(),
    ...(deployed ? {} : await account.getFactoryArgs()),
    callData,
    callGasLimit: 300_000n,
    verificationGasLimit: deployed ? 150_000n : 600_000n,
    preVerificationGas: 60_000n,
    maxFeePerGas: (block.baseFeePerGas ?? parseGwei('1')) * 2n + parseGwei('1'),
    maxPriorityFeePerGas: parseGwei('1'),
    signature: '0x' as Hex
  }
  operation.signature = await signer.signUserOperation({ ...operation, chainId: chains.a.chainId })
  return toPackedUserOperation(operation)
}

/** Sends the operation through handleOps when the EntryPoint accepts it; else answers its refusal. */
async function handleOps(account: SmartAccount, signer: SmartAccount, callData: Hex): Promise<'mined' | string> {
  const packed = await signedOperation(account, signer, callData)
  const call = {
    address: CONTRACTS.entryPoint,
    abi: entryPointAbi,
    functionName: 'handleOps',
    args: [[packed], BUNDLER.address],
    account: BUNDLER.address
  } as const
  try {
    await client().simulateContract(call)
  } catch (error) {
    const reverted = error instanceof BaseError ? error.walk(e => e instanceof ContractFunctionRevertedError) : null
    const args = reverted instanceof ContractFunctionRevertedError ? (reverted.data?.args ?? []) : []
    return args.find((arg): arg is string => typeof arg === 'string') ?? String(error)
  }
  const hash = await localWalletClient(chains.a, BUNDLER.privateKey).writeContract({ ...call, gas: 2_000_000n })
  const receipt = await client().waitForTransactionReceipt({ hash })
  assert.equal(receipt.status, 'success')
  return 'mined'
}

const execute = (to: Hex, value: bigint, data: Hex) =>
  encodeFunctionData({ abi: appKitSmartAccountAbi, functionName: 'execute', args: [to, value, data] })
const tusdcTransfer = (amount: string) =>
  execute(
    CONTRACTS.tUSDC,
    0n,
    encodeFunctionData({ abi: testTokenAbi, functionName: 'transfer', args: [RECEIVER, parseUnits(amount, 6)] })
  )
const tusdcOf = (address: Hex) =>
  client().readContract({ address: CONTRACTS.tUSDC, abi: testTokenAbi, functionName: 'balanceOf', args: [address] })
const allowance = (account: Hex, key: Hex) =>
  client().readContract({ address: account, abi: appKitSmartAccountAbi, functionName: 'sessionAllowance', args: [key] })

async function grant(account: SmartAccount, key: Hex, token: Hex, limit: bigint, expiry: number) {
  const data = encodeFunctionData({
    abi: appKitSmartAccountAbi,
    functionName: 'grantSession',
    args: [key, token, limit, expiry]
  })
  assert.equal(await handleOps(account, account, execute(account.address, 0n, data)), 'mined')
}

const inAnHour = async () => Number((await client().getBlock()).timestamp) + 3600

describe('smart sessions on chain (docs/behaviour.md section 6)', () => {
  test('the hand-written ABI items the frame and the kit use are the compiled account’s', () => {
    const compiled = new Map(
      appKitSmartAccountAbi.filter(item => item.type === 'function').map(item => [item.name, toFunctionSignature(item)])
    )
    const written = [...accountCallsAbi, ...sessionAbi]
    assert.deepEqual(written.map(item => item.name).sort(), [
      'execute',
      'executeBatch',
      'grantSession',
      'revokeSession'
    ])
    for (const item of written) assert.equal(toFunctionSignature(item), compiled.get(item.name), item.name)
  })

  test('a session key spends its token within the limit; more, another call, or after revoke is refused', async () => {
    const account = await ownerAccount()
    const keyHex = generatePrivateKey()
    const key = privateKeyToAccount(keyHex).address
    const session = await sessionOf(account.address, keyHex)
    await grant(account, key, CONTRACTS.tUSDC, parseUnits('10', 6), await inAnHour())
    assert.equal(await allowance(account.address, key), parseUnits('10', 6))

    const before = await tusdcOf(RECEIVER)
    assert.equal(await handleOps(account, session, tusdcTransfer('4')), 'mined')
    assert.equal((await tusdcOf(RECEIVER)) - before, parseUnits('4', 6))
    assert.equal(await allowance(account.address, key), parseUnits('6', 6))

    // Over what is left: refused by the account's validation, nothing moves.
    assert.equal(await handleOps(account, session, tusdcTransfer('7')), 'AA24 signature error')
    // Another token, ETH, a batch, or an approve: not the session's one transfer.
    const approve = execute(
      CONTRACTS.tUSDC,
      0n,
      encodeFunctionData({ abi: testTokenAbi, functionName: 'approve', args: [RECEIVER, 1n] })
    )
    assert.equal(await handleOps(account, session, approve), 'AA24 signature error')
    assert.equal(await handleOps(account, session, execute(RECEIVER, 1n, '0x')), 'AA24 signature error')
    const batch = encodeFunctionData({
      abi: appKitSmartAccountAbi,
      functionName: 'executeBatch',
      args: [[CONTRACTS.tUSDC], [0n], [tusdcTransfer('1')]]
    })
    assert.equal(await handleOps(account, session, batch), 'AA24 signature error')
    // A key never granted.
    const stranger = await sessionOf(account.address, generatePrivateKey())
    assert.equal(await handleOps(account, stranger, tusdcTransfer('1')), 'AA24 signature error')
    // Exactly what is left still goes.
    assert.equal(await handleOps(account, session, tusdcTransfer('6')), 'mined')
    assert.equal((await tusdcOf(RECEIVER)) - before, parseUnits('10', 6))
    assert.equal(await handleOps(account, session, tusdcTransfer('0.000001')), 'AA24 signature error')

    // A fresh grant to another key; the owner revokes it, and its next operation is refused.
    const secondHex = generatePrivateKey()
    const second = privateKeyToAccount(secondHex).address
    await grant(account, second, CONTRACTS.tUSDC, parseUnits('10', 6), await inAnHour())
    const secondSession = await sessionOf(account.address, secondHex)
    assert.equal(await handleOps(account, secondSession, tusdcTransfer('1')), 'mined')
    const revoke = encodeFunctionData({ abi: appKitSmartAccountAbi, functionName: 'revokeSession', args: [second] })
    assert.equal(await handleOps(account, account, execute(account.address, 0n, revoke)), 'mined')
    assert.equal(await allowance(account.address, second), 0n)
    assert.equal(await handleOps(account, secondSession, tusdcTransfer('1')), 'AA24 signature error')
    // The owner still does anything.
    assert.equal(await handleOps(account, account, tusdcTransfer('1')), 'mined')
  })

  test('a native-coin session moves ETH within its limit only; past its expiry the EntryPoint refuses it', async () => {
    const account = await ownerAccount()
    const keyHex = generatePrivateKey()
    const key = privateKeyToAccount(keyHex).address
    const session = await sessionOf(account.address, keyHex)
    const expiry = await inAnHour()
    await grant(account, key, NATIVE, parseEther('0.5'), expiry)
    const before = await client().getBalance({ address: RECEIVER })
    assert.equal(await handleOps(account, session, execute(RECEIVER, parseEther('0.3'), '0x')), 'mined')
    assert.equal((await client().getBalance({ address: RECEIVER })) - before, parseEther('0.3'))
    assert.equal(await handleOps(account, session, execute(RECEIVER, parseEther('0.3'), '0x')), 'AA24 signature error')
    // ETH with call data, or a token transfer, is not a native session's transfer.
    assert.equal(await handleOps(account, session, execute(RECEIVER, 1n, '0x1234')), 'AA24 signature error')
    assert.equal(await handleOps(account, session, tusdcTransfer('1')), 'AA24 signature error')
    // An hour and a minute later the session is over, though its limit is not spent.
    await client().request({ method: 'evm_increaseTime' as never, params: [3660] as never })
    await client().request({ method: 'evm_mine' as never, params: [] as never })
    assert.equal(await handleOps(account, session, execute(RECEIVER, 1n, '0x')), 'AA22 expired or not due')
  })

  test('only the owner grants and revokes; an expiry in the past or the owner as key grants nothing', async () => {
    const account = await ownerAccount()
    const key = privateKeyToAccount(generatePrivateKey()).address
    await grant(account, key, CONTRACTS.tUSDC, 1n, await inAnHour())
    const outsider = localWalletClient(chains.a, TEST_ACCOUNTS[3].privateKey)
    for (const [functionName, args] of [
      ['grantSession', [key, CONTRACTS.tUSDC, 10n ** 18n, await inAnHour()]],
      ['revokeSession', [key]]
    ] as const) {
      await assert.rejects(
        outsider.writeContract({ address: account.address, abi: appKitSmartAccountAbi, functionName, args } as never),
        /only owner/
      )
    }
    assert.equal(await allowance(account.address, key), 1n)
    const sessionExpiry = async (target: Hex) =>
      (
        await client().readContract({
          address: account.address,
          abi: appKitSmartAccountAbi,
          functionName: 'sessions',
          args: [target]
        })
      )[1]
    // The owner's operations run, but their call reverts inside: no session for the key.
    const late = privateKeyToAccount(generatePrivateKey()).address
    const past = Number((await client().getBlock()).timestamp) - 1
    for (const args of [
      [late, CONTRACTS.tUSDC, 1n, past],
      [late, CONTRACTS.tUSDC, 1n, 0]
    ] as const) {
      const data = encodeFunctionData({ abi: appKitSmartAccountAbi, functionName: 'grantSession', args })
      assert.equal(await handleOps(account, account, execute(account.address, 0n, data)), 'mined')
      assert.equal(await sessionExpiry(late), 0)
    }
    const owner = await client().readContract({
      address: account.address,
      abi: appKitSmartAccountAbi,
      functionName: 'owner'
    })
    const ownerGrant = encodeFunctionData({
      abi: appKitSmartAccountAbi,
      functionName: 'grantSession',
      args: [owner, CONTRACTS.tUSDC, 1n, await inAnHour()]
    })
    assert.equal(await handleOps(account, account, execute(account.address, 0n, ownerGrant)), 'mined')
    assert.equal(await sessionExpiry(owner), 0)
  })
})
