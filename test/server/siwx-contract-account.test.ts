// Sign-in for contract accounts (EIP-1271, issue 12): an account contract on local chain A whose
// owner key signs; the backend (POST /v1/siwx/sessions) and the kit's own verifier (the local
// implementation's) both ask the chain, accept the owner's signature and refuse anyone else's; the
// same for the embedded wallet's smart account (local/chain/contracts/AppKitSmartAccount.sol) once deployed.
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { createWalletClient, getAddress, http, type Abi, type Address, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { CONTRACTS, localViemChain, TEST_ACCOUNTS } from '../../local/chain/deployment.js'
import { localPublicClient, localWalletClient } from '../../local/chain/clients.js'
import { appKitSmartAccountFactoryAbi } from '../../local/chain/abis.js'
import { appKitSmartAccount, SMART_ACCOUNT_SALT } from '../../service/frame/smart-account.js'
import {
  siwxCreateSessionResponseSchema,
  siwxNonceResponseSchema,
  type SiwxSession
} from '../../src/api/schemas/index.js'
import { createSiwxMessage } from '../../src/siwx/create-message.js'
import { sessionProblem } from '../../src/siwx/verify.js'
import { createChainContext } from '../../service/backend/context.js'
import { useLocalChains } from '../chain/helpers.js'
import { createTestApp, LOCAL_ORIGIN, openTestDatabase, type TestApp, type TestDatabase } from './helpers.js'

const SOURCE = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;
/// An account contract: a signature is valid when the owner signed the hash (ERC-1271).
contract OwnerAccount {
  address public immutable owner;
  constructor(address owner_) { owner = owner_; }
  function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
    if (signature.length != 65) return 0xffffffff;
    bytes32 r; bytes32 s; uint8 v;
    assembly {
      r := calldataload(signature.offset)
      s := calldataload(add(signature.offset, 32))
      v := byte(0, calldataload(add(signature.offset, 64)))
    }
    return ecrecover(hash, v, r, s) == owner ? bytes4(0x1626ba7e) : bytes4(0xffffffff);
  }
}`

async function compile(): Promise<{ abi: Abi; bytecode: Hex }> {
  const solc = (await import('solc')).default
  const input = {
    language: 'Solidity',
    sources: { 'OwnerAccount.sol': { content: SOURCE } },
    settings: { evmVersion: 'paris', outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } }
  }
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as {
    errors?: { severity: string; formattedMessage: string }[]
    contracts: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>
  }
  const errors = output.errors?.filter(error => error.severity === 'error') ?? []
  assert.deepEqual(
    errors.map(error => error.formattedMessage),
    []
  )
  const contract = output.contracts['OwnerAccount.sol']!['OwnerAccount']!
  return { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` }
}

describe('SIWX for a contract account (EIP-1271)', () => {
  const chains = useLocalChains()
  const owner = privateKeyToAccount(generatePrivateKey())
  let database: TestDatabase
  let app: TestApp
  let accountContract: Address

  before(async () => {
    const { abi, bytecode } = await compile()
    const deployer = createWalletClient({
      account: privateKeyToAccount(TEST_ACCOUNTS[4].privateKey),
      chain: localViemChain(chains.a.chainId, chains.a.rpcUrl),
      transport: http(chains.a.rpcUrl)
    })
    const hash = await deployer.deployContract({ abi, bytecode, args: [owner.address] })
    const receipt = await localPublicClient(chains.a).waitForTransactionReceipt({ hash })
    accountContract = receipt.contractAddress!
    database = await openTestDatabase()
    app = await createTestApp(database.db, { chains: [createChainContext(chains.a.chainId, chains.a.rpcUrl)] })
  })
  after(async () => {
    await app?.close()
    await database?.dispose()
  })

  async function session(signer: ReturnType<typeof privateKeyToAccount>): Promise<SiwxSession> {
    const { nonce } = await app.ok('POST', '/v1/siwx/nonce', siwxNonceResponseSchema)
    const message = await createSiwxMessage(
      { accountAddress: accountContract, chainId: `eip155:${chains.a.chainId}` },
      { nonce, domain: new URL(LOCAL_ORIGIN).host, uri: `${LOCAL_ORIGIN}/` }
    )
    const { toString: _text, ...data } = message
    const text = message.toString()
    return { data, message: text, signature: await signer.signMessage({ message: text }) }
  }

  it('the kit’s verifier asks the chain: the owner’s signature holds, a stranger’s does not, no RPC is no proof', async () => {
    const signed = await session(owner)
    assert.equal(await sessionProblem(signed, { rpcUrl: chains.a.rpcUrl }), undefined)
    assert.equal(await sessionProblem(signed), 'the signature is not the account’s')
    const forged = await session(privateKeyToAccount(generatePrivateKey()))
    assert.equal(await sessionProblem(forged, { rpcUrl: chains.a.rpcUrl }), 'the signature is not the account’s')
  })

  it('the backend keeps the owner’s session for the contract account and refuses a stranger’s', async () => {
    const headers = { Origin: LOCAL_ORIGIN }
    const created = await app.ok(
      'POST',
      '/v1/siwx/sessions',
      siwxCreateSessionResponseSchema,
      { body: await session(owner), headers },
      201
    )
    assert.equal(created.session.data.accountAddress, getAddress(accountContract))
    const forged = await session(privateKeyToAccount(generatePrivateKey()))
    assert.equal(
      await app.error('POST', '/v1/siwx/sessions', 403, { body: forged, headers }),
      'Invalid signature: the signature is not the account’s'
    )
  })
})

describe('SIWX for the embedded wallet’s smart account (AppKitSmartAccount, ERC-1271)', () => {
  const chains = useLocalChains()
  const ownerKey = generatePrivateKey()
  let database: TestDatabase
  let app: TestApp
  let account: Awaited<ReturnType<typeof appKitSmartAccount>>

  before(async () => {
    account = await appKitSmartAccount({
      client: localPublicClient(chains.a) as never,
      owner: privateKeyToAccount(ownerKey),
      contracts: { entryPoint: CONTRACTS.entryPoint, factory: CONTRACTS.smartAccountFactory }
    })
    // Deployed first (what initSmartAccount does before a sign-in): the factory's createAccount.
    const hash = await localWalletClient(chains.a, TEST_ACCOUNTS[4].privateKey).writeContract({
      address: CONTRACTS.smartAccountFactory,
      abi: appKitSmartAccountFactoryAbi,
      functionName: 'createAccount',
      args: [privateKeyToAccount(ownerKey).address, SMART_ACCOUNT_SALT]
    })
    await localPublicClient(chains.a).waitForTransactionReceipt({ hash })
    assert.equal(await account.isDeployed(), true)
    database = await openTestDatabase()
    app = await createTestApp(database.db, { chains: [createChainContext(chains.a.chainId, chains.a.rpcUrl)] })
  })
  after(async () => {
    await app?.close()
    await database?.dispose()
  })

  async function session(sign: (message: string) => Promise<Hex>): Promise<SiwxSession> {
    const { nonce } = await app.ok('POST', '/v1/siwx/nonce', siwxNonceResponseSchema)
    const message = await createSiwxMessage(
      { accountAddress: account.address, chainId: `eip155:${chains.a.chainId}` },
      { nonce, domain: new URL(LOCAL_ORIGIN).host, uri: `${LOCAL_ORIGIN}/` }
    )
    const { toString: _text, ...data } = message
    const text = message.toString()
    return { data, message: text, signature: await sign(text) }
  }

  it('the account’s signature signs it in at the backend and in the kit’s verifier; another account’s does not', async () => {
    const signed = await session(message => account.signMessage({ message }))
    assert.equal(await sessionProblem(signed, { rpcUrl: chains.a.rpcUrl }), undefined)
    const created = await app.ok(
      'POST',
      '/v1/siwx/sessions',
      siwxCreateSessionResponseSchema,
      { body: signed, headers: { Origin: LOCAL_ORIGIN } },
      201
    )
    assert.equal(created.session.data.accountAddress, account.address)
    const other = await appKitSmartAccount({
      client: localPublicClient(chains.a) as never,
      owner: privateKeyToAccount(generatePrivateKey()),
      contracts: { entryPoint: CONTRACTS.entryPoint, factory: CONTRACTS.smartAccountFactory }
    })
    const forged = await session(message => other.signMessage({ message }))
    assert.equal(await sessionProblem(forged, { rpcUrl: chains.a.rpcUrl }), 'the signature is not the account’s')
  })
})
