/**
 * The kit's Solana transfers (src/adapters/solana/solana-transfer.ts) against the local runtime:
 * the transaction the Send flow hands the wallet, signed here with the test key as a wallet would,
 * moves exactly the amount, and the fee the preview showed is what the sender paid: SOL, TUSDC to
 * a receiver without a token account (created in the same transaction, its rent in the fee), and
 * TUSDC again once it has one.
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { Keypair, LAMPORTS_PER_SOL, PublicKey, Transaction } from '@solana/web3.js'
import { getAssociatedTokenAddressSync } from '@solana/spl-token'
import { buildSolanaTransfer, associatedTokenAddress } from '../../src/adapters/solana/solana-transfer.js'
import { solanaLocal } from '../../src/networks/definitions.js'
import { testUsdCoin } from '../../local/solana/accounts.js'
import { testKeypair } from './helpers.js'
import { useLocalSolana } from './local-runtime.js'

const alice = testKeypair(0)
const bob = testKeypair(1)
const mint = new PublicKey(testUsdCoin.address)

const local = useLocalSolana()

/** Signs the kit's bytes with `signer` as the wallet does, sends them and waits for confirmation. */
async function signAndSend(bytes: Uint8Array, signer: Keypair): Promise<string> {
  const transaction = Transaction.from(bytes)
  transaction.partialSign(signer)
  const signature = await local.connection.sendRawTransaction(transaction.serialize())
  await local.connection.confirmTransaction(signature, 'confirmed')
  return signature
}

async function tokenUnits(owner: PublicKey): Promise<bigint> {
  const account = getAssociatedTokenAddressSync(mint, owner)
  const balance = await local.connection.getTokenAccountBalance(account, 'confirmed')
  return BigInt(balance.value.amount)
}

describe('the kit’s Solana transfers on the local runtime', () => {
  test('SOL: the System transfer moves the amount; the sender pays the amount and the previewed fee', async () => {
    const amount = BigInt(1.5 * LAMPORTS_PER_SOL)
    const [aliceBefore, bobBefore] = await Promise.all([
      local.connection.getBalance(alice.publicKey),
      local.connection.getBalance(bob.publicKey)
    ])
    const transfer = await buildSolanaTransfer({
      network: local.network,
      from: alice.publicKey.toBase58(),
      receiver: bob.publicKey.toBase58(),
      amount,
      mint: undefined,
      decimals: 9
    })
    assert.equal(transfer.createsTokenAccount, false)
    assert.equal(transfer.request.chain, solanaLocal.caipNetworkId)
    assert.equal(transfer.request.from, alice.publicKey.toBase58())
    assert.equal(transfer.fee, 5000n, 'one signature')
    await signAndSend(transfer.request.transaction, alice)
    const [aliceAfter, bobAfter] = await Promise.all([
      local.connection.getBalance(alice.publicKey),
      local.connection.getBalance(bob.publicKey)
    ])
    assert.equal(BigInt(bobAfter - bobBefore), amount)
    assert.equal(BigInt(aliceBefore - aliceAfter), amount + transfer.fee)
  })

  test('TUSDC to a receiver without a token account: created in the same transaction, its rent in the fee', async () => {
    const receiver = Keypair.generate()
    const amount = 12_500_000n // 12.5 TUSDC (6 decimals)
    const aliceTokensBefore = await tokenUnits(alice.publicKey)
    const aliceSolBefore = await local.connection.getBalance(alice.publicKey)
    const transfer = await buildSolanaTransfer({
      network: local.network,
      from: alice.publicKey.toBase58(),
      receiver: receiver.publicKey.toBase58(),
      amount,
      mint: mint.toBase58(),
      decimals: testUsdCoin.decimals
    })
    assert.equal(transfer.createsTokenAccount, true)
    const rent = BigInt(await local.connection.getMinimumBalanceForRentExemption(165))
    assert.equal(transfer.fee, 5000n + rent)
    await signAndSend(transfer.request.transaction, alice)
    assert.equal(await tokenUnits(receiver.publicKey), amount)
    assert.equal(await tokenUnits(alice.publicKey), aliceTokensBefore - amount)
    assert.equal(BigInt(aliceSolBefore - (await local.connection.getBalance(alice.publicKey))), transfer.fee)
    // The kit derives the same associated token account as @solana/spl-token.
    assert.equal(
      associatedTokenAddress(
        receiver.publicKey,
        mint,
        new PublicKey('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA')
      ).toBase58(),
      getAssociatedTokenAddressSync(mint, receiver.publicKey).toBase58()
    )

    const again = await buildSolanaTransfer({
      network: local.network,
      from: alice.publicKey.toBase58(),
      receiver: receiver.publicKey.toBase58(),
      amount: 1n,
      mint: mint.toBase58(),
      decimals: testUsdCoin.decimals
    })
    assert.equal(again.createsTokenAccount, false, 'the receiver has its account now')
    assert.equal(again.fee, 5000n)
    await signAndSend(again.request.transaction, alice)
    assert.equal(await tokenUnits(receiver.publicKey), amount + 1n)
  })

  test('a mint that is not a token mint is refused before anything is signed', async () => {
    await assert.rejects(
      buildSolanaTransfer({
        network: local.network,
        from: alice.publicKey.toBase58(),
        receiver: bob.publicKey.toBase58(),
        amount: 1n,
        mint: bob.publicKey.toBase58(),
        decimals: 6
      }),
      /is not a token mint/
    )
  })
})
