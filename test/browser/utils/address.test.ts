import { expect } from '@open-wc/testing'
import {
  isAddressFor,
  isBitcoinAddress,
  isEvmAddress,
  isPolkadotAddress,
  isSignedMessage,
  isSolanaAddress,
  isTransactionHash,
  isTransactionResult
} from '../../../src/utils/address.js'

const EVM = '0x1234567890abcdef1234567890ABCDEF12345678'
const SOLANA = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU'
const HASH = `0x${'ab'.repeat(32)}`

describe('address checks', () => {
  it('EVM: 40 hex digits, 0x optional', () => {
    expect(isEvmAddress(EVM)).to.equal(true)
    expect(isEvmAddress(EVM.slice(2))).to.equal(true)
    expect(isEvmAddress(EVM.slice(0, -1))).to.equal(false)
    expect(isEvmAddress(`${EVM}0`)).to.equal(false)
    expect(isEvmAddress(`0x${'g'.repeat(40)}`)).to.equal(false)
    expect(isEvmAddress(` ${EVM}`)).to.equal(false)
    expect(isEvmAddress(undefined)).to.equal(false)
  })

  it('Solana: 32 to 44 base58 characters', () => {
    expect(isSolanaAddress(SOLANA)).to.equal(true)
    expect(isSolanaAddress('11111111111111111111111111111111')).to.equal(true)
    expect(isSolanaAddress('1'.repeat(31))).to.equal(false)
    expect(isSolanaAddress('1'.repeat(45))).to.equal(false)
    expect(isSolanaAddress(`${SOLANA.slice(0, -1)}0`)).to.equal(false)
    expect(isSolanaAddress(`${SOLANA.slice(0, -1)}O`)).to.equal(false)
    expect(isSolanaAddress(`${SOLANA.slice(0, -1)}l`)).to.equal(false)
    expect(isSolanaAddress(EVM)).to.equal(false)
  })

  it('Bitcoin and Polkadot by their forms', () => {
    expect(isBitcoinAddress('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa')).to.equal(true)
    expect(isBitcoinAddress('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')).to.equal(true)
    expect(isBitcoinAddress('BC1QAR0SRRR7XFKVY5L643LYDNW9RE59GTZZWF5MDQ')).to.equal(true)
    expect(isBitcoinAddress('bc1QAR0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')).to.equal(false)
    expect(isBitcoinAddress('tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx')).to.equal(true)
    expect(isBitcoinAddress(EVM)).to.equal(false)
    expect(isPolkadotAddress('5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY')).to.equal(true)
    expect(isPolkadotAddress(SOLANA)).to.equal(false)
  })

  it('isAddressFor picks the check of the namespace', () => {
    expect(isAddressFor('eip155', EVM)).to.equal(true)
    expect(isAddressFor('eip155', SOLANA)).to.equal(false)
    expect(isAddressFor('solana', SOLANA)).to.equal(true)
    expect(isAddressFor('solana', EVM)).to.equal(false)
    expect(isAddressFor('bip122', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa')).to.equal(true)
    expect(isAddressFor('polkadot', '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY')).to.equal(true)
  })
})

describe('RPC result checks', () => {
  it('a transaction hash is 0x and exactly 64 hex digits', () => {
    expect(isTransactionHash(HASH)).to.equal(true)
    expect(isTransactionHash(HASH.slice(2))).to.equal(false)
    expect(isTransactionHash(`${HASH}a`)).to.equal(false)
    expect(isTransactionHash(HASH.slice(0, -1))).to.equal(false)
    expect(isTransactionHash(`0x${'zz'.repeat(32)}`)).to.equal(false)
    expect(isTransactionHash(42)).to.equal(false)
  })

  it('a signed message is 0x and 62 or more hex digits', () => {
    expect(isSignedMessage(`0x${'a'.repeat(62)}`)).to.equal(true)
    expect(isSignedMessage(`0x${'a'.repeat(130)}`)).to.equal(true)
    expect(isSignedMessage(`0x${'a'.repeat(61)}`)).to.equal(false)
    expect(isSignedMessage(`0x${'a'.repeat(61)}g`)).to.equal(false)
    expect(isSignedMessage({ signature: '0x' })).to.equal(false)
  })

  it('a transaction result is either', () => {
    expect(isTransactionResult(HASH)).to.equal(true)
    expect(isTransactionResult(`0x${'b'.repeat(130)}`)).to.equal(true)
    expect(isTransactionResult('0x1')).to.equal(false)
    expect(isTransactionResult(null)).to.equal(false)
  })
})
