// The backend as an ERC-4337 bundler (service/backend/bundler/, POST /frame-api/bundler) on local chain A,
// driven by viem's bundler client and the frame's smart account (service/frame/smart-account.ts): the
// first user operation is estimated, sent, mined (the account deployed by it) and its receipt read;
// the tokens leave the account contract; a batch goes as one operation; the EntryPoint's refusals
// (a signature by another key, an account that cannot pay) come back as bundler errors with their
// AA reason and send nothing; malformed params, another EntryPoint, an unknown method and another
// origin are refused. Sponsored by the paymaster service (ERC-7677), an account with no ETH sends too;
// a paymaster signature made for another operation sponsors nothing.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { encodeFunctionData, getAddress, http, numberToHex, parseEther, parseUnits, type Hex } from 'viem'
import { createBundlerClient, entryPoint07Abi } from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { testTokenAbi } from '../../local/chain/abis.js'
import { localPublicClient, localWalletClient } from '../../local/chain/clients.js'
import { BUNDLER, CONTRACTS, DEPLOYER, TEST_ACCOUNTS } from '../../local/chain/deployment.js'
import { appKitSmartAccount } from '../../service/frame/smart-account.js'
import { createChainContext } from '../../service/backend/context.js'
import { startServer, type RunningServer } from '../../service/backend/main.js'
import { useLocalChains } from '../chain/helpers.js'
import { FrameClient } from './embedded-stack.js'
import { openTestDatabase, type TestDatabase } from './helpers.js'

const chains = useLocalChains()
let server: RunningServer
let database: TestDatabase
let frame: FrameClient

before(async () => {
  // Twice in full runs of the backend layer this hook found the chains not started (never when the
  // file ran alone): it waits for them itself, and a start that failed fails here with its reason.
  await chains.ready
  database = await openTestDatabase()
  server = await startServer({
    port: 0,
    ignoreEnv: true,
    db: database.db,
    chains: [createChainContext(chains.a.chainId, chains.a.rpcUrl)],
    config: { framePort: 0, smtpUrl: 'smtp://127.0.0.1:9' }
  })
  frame = new FrameClient(server.frameUrl)
})

after(async () => {
  await server?.stop()
  await database?.dispose()
})

const bundlerUrl = () => `${server.frameUrl}/frame-api/bundler?chainId=eip155:${chains.a.chainId}`

function bundlerClient() {
  return createBundlerClient({
    client: localPublicClient(chains.a),
    transport: http(bundlerUrl(), { fetchOptions: { headers: { Origin: server.frameUrl } }, retryCount: 0 }),
    pollingInterval: 50
  })
}

async function smartAccount(ownerKey: Hex = generatePrivateKey()) {
  return appKitSmartAccount({
    client: localPublicClient(chains.a) as never,
    owner: privateKeyToAccount(ownerKey),
    contracts: { entryPoint: CONTRACTS.entryPoint, factory: CONTRACTS.smartAccountFactory }
  })
}

async function fund(address: Hex, eth: string, tusdc = '0') {
  const client = localPublicClient(chains.a)
  const deployer = localWalletClient(chains.a, DEPLOYER.privateKey)
  if (eth !== '0') {
    await client.waitForTransactionReceipt({
      hash: await deployer.sendTransaction({ to: address, value: parseEther(eth) })
    })
  }
  if (tusdc !== '0') {
    await client.waitForTransactionReceipt({
      hash: await deployer.writeContract({
        address: CONTRACTS.tUSDC,
        abi: testTokenAbi,
        functionName: 'transfer',
        args: [address, parseUnits(tusdc, 6)]
      })
    })
  }
}

const tusdcOf = (owner: Hex) =>
  localPublicClient(chains.a).readContract({
    address: CONTRACTS.tUSDC,
    abi: testTokenAbi,
    functionName: 'balanceOf',
    args: [owner]
  })

const transfer = (to: Hex, amount: string) => ({
  to: CONTRACTS.tUSDC as Hex,
  data: encodeFunctionData({ abi: testTokenAbi, functionName: 'transfer', args: [to, parseUnits(amount, 6)] })
})

/** A user operation in the RPC's hex form with the least of everything (it would not pay for itself). */
const tinyOperation = (sender: Hex) => ({
  sender,
  nonce: '0x0',
  callData: '0x',
  callGasLimit: '0x1',
  verificationGasLimit: '0x1',
  preVerificationGas: '0x1',
  maxFeePerGas: '0x1',
  maxPriorityFeePerGas: '0x1',
  signature: '0x'
})

async function call(method: string, params: unknown, origin: string | null = server.frameUrl) {
  const answer = await frame.post<{ result?: unknown; error?: { code: number; message: string } }>(
    `/frame-api/bundler?chainId=eip155:${chains.a.chainId}`,
    { jsonrpc: '2.0', id: 1, method, params },
    { origin }
  )
  return answer
}

describe('the bundler (ERC-4337, EntryPoint v0.7)', () => {
  test('it names its chain and its EntryPoint', async () => {
    const client = bundlerClient()
    assert.deepEqual(await client.getSupportedEntryPoints(), [getAddress(CONTRACTS.entryPoint)])
    assert.equal(await client.getChainId(), chains.a.chainId)
  })

  test('a first user operation deploys the account and sends tUSDC from it; a batch is one operation', async () => {
    const account = await smartAccount()
    await fund(account.address, '1', '10')
    const receiver = TEST_ACCOUNTS[2].address
    const before = await tusdcOf(receiver)
    const bundlerBalance = await localPublicClient(chains.a).getBalance({ address: BUNDLER.address })
    const client = bundlerClient()

    const hash = await client.sendUserOperation({ account, calls: [transfer(receiver, '4')] })
    const receipt = await client.waitForUserOperationReceipt({ hash, timeout: 15_000 })
    assert.equal(receipt.success, true)
    assert.equal(getAddress(receipt.sender), account.address)
    assert.equal(await account.isDeployed(), true)
    const tokenLog = receipt.logs.find(log => getAddress(log.address) === getAddress(CONTRACTS.tUSDC))
    assert.ok(tokenLog, 'the transfer is among the operation’s own logs')
    assert.equal(getAddress(`0x${tokenLog.topics[1]!.slice(26)}`), account.address, 'from the account contract')
    assert.equal(receipt.receipt.status, 'success')
    assert.equal(getAddress(receipt.receipt.from), BUNDLER.address)
    // The EntryPoint pays the bundler back from the account's prefund.
    assert.ok(receipt.actualGasCost > 0n)
    assert.ok(
      (await localPublicClient(chains.a).getBalance({ address: BUNDLER.address })) >
        bundlerBalance - receipt.actualGasCost
    )

    const batch = await client.sendUserOperation({ account, calls: [transfer(receiver, '1'), transfer(receiver, '2')] })
    const second = await client.waitForUserOperationReceipt({ hash: batch, timeout: 15_000 })
    assert.equal(second.success, true)
    assert.equal((await tusdcOf(receiver)) - before, parseUnits('7', 6))
    assert.equal(await tusdcOf(account.address), parseUnits('3', 6))
  })

  test('the EntryPoint’s refusals come back with their reason and send nothing: another key’s signature (AA24), no funds (AA21)', async () => {
    const client = bundlerClient()
    const nonceBefore = await localPublicClient(chains.a).getTransactionCount({ address: BUNDLER.address })
    const account = await smartAccount()
    await fund(account.address, '1')
    const stranger = await smartAccount()
    const forged = { ...account, signUserOperation: stranger.signUserOperation }
    await assert.rejects(
      client.sendUserOperation({ account: forged, calls: [{ to: TEST_ACCOUNTS[2].address, value: 1n }] }),
      /AA24 signature error/
    )

    const broke = await smartAccount()
    await assert.rejects(
      client.sendUserOperation({ account: broke, calls: [{ to: TEST_ACCOUNTS[2].address, value: 1n }] }),
      /AA21 didn't pay prefund/
    )
    assert.equal(await localPublicClient(chains.a).getTransactionCount({ address: BUNDLER.address }), nonceBefore)
    assert.equal(await account.isDeployed(), false)
  })

  test('sponsored (ERC-7677): an account with no ETH at all deploys and sends tUSDC; the paymaster’s deposit pays', async () => {
    const client = localPublicClient(chains.a)
    const account = await smartAccount()
    await fund(account.address, '0', '5')
    assert.equal(await client.getBalance({ address: account.address }), 0n)
    const deposit = () =>
      client.readContract({
        address: CONTRACTS.entryPoint,
        abi: entryPoint07Abi,
        functionName: 'balanceOf',
        args: [CONTRACTS.paymaster]
      })
    const before = await deposit()
    const sponsoredClient = createBundlerClient({
      client,
      transport: http(bundlerUrl(), { fetchOptions: { headers: { Origin: server.frameUrl } }, retryCount: 0 }),
      paymaster: true,
      pollingInterval: 50
    })
    const receiver = TEST_ACCOUNTS[2].address
    const received = await tusdcOf(receiver)
    const hash = await sponsoredClient.sendUserOperation({ account, calls: [transfer(receiver, '5')] })
    const receipt = await sponsoredClient.waitForUserOperationReceipt({ hash, timeout: 15_000 })
    assert.equal(receipt.success, true)
    assert.equal(getAddress(receipt.paymaster!), getAddress(CONTRACTS.paymaster))
    assert.equal((await tusdcOf(receiver)) - received, parseUnits('5', 6))
    assert.equal(await client.getBalance({ address: account.address }), 0n, 'the account paid nothing')
    assert.equal(before - (await deposit()), receipt.actualGasCost, 'the paymaster’s deposit did')
  })

  test('a paymaster signature for another operation does not sponsor this one (AA34)', async () => {
    const client = bundlerClient()
    const account = await smartAccount()
    // Signed for an operation with other gas fees than the one sent.
    const signed = (
      await call('pm_getPaymasterData', [
        tinyOperation(account.address),
        CONTRACTS.entryPoint,
        numberToHex(chains.a.chainId),
        {}
      ])
    ).body.result as { paymaster: Hex; paymasterData: Hex }
    await assert.rejects(
      client.sendUserOperation({
        account,
        calls: [{ to: TEST_ACCOUNTS[2].address, value: 0n }],
        paymaster: signed.paymaster,
        paymasterData: signed.paymasterData,
        paymasterVerificationGasLimit: 100_000n,
        paymasterPostOpGasLimit: 0n
      }),
      /AA34 signature error/
    )
  })

  test('malformed params, another EntryPoint, an unknown method: JSON-RPC errors; another origin: 403', async () => {
    const invalid = await call('eth_sendUserOperation', [{ sender: '0x1234' }, CONTRACTS.entryPoint])
    assert.equal(invalid.body.error?.code, -32602)
    assert.match(invalid.body.error?.message ?? '', /^Invalid user operation: sender: an address/)
    const account = await smartAccount()
    const operation = tinyOperation(account.address)
    const other = await call('eth_sendUserOperation', [operation, '0x0000000071727De22E5E9d8BAf0edAc6f37da032'])
    assert.match(other.body.error?.message ?? '', /^Unsupported EntryPoint/)
    const unknown = await call('eth_sendBundle', [])
    assert.equal(unknown.body.error?.code, -32601)
    assert.equal((await call('eth_supportedEntryPoints', [], 'https://evil.example')).status, 403)
    assert.equal((await call('eth_supportedEntryPoints', [], null)).status, 403)
  })
})
