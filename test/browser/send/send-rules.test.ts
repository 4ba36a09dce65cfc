import { expect } from '@open-wc/testing'
import { erc20TransferData, evmTransfer } from '../../../src/adapters/evm/evm-transfer.js'
import type { TokenBalance } from '../../../src/api/schemas/balance.js'
import {
  isNameLike,
  parseAmount,
  sendInputError,
  tokenBalanceUnits,
  tokenContract
} from '../../../src/stores/send/rules.js'
import { FAKE_ADDRESS, FAKE_ADDRESS_2 } from '../../fixtures/eip1193-provider.js'
import { SOLANA_ADDRESS, SOLANA_ADDRESS_2 } from '../../fixtures/standard-wallet.js'
import { evmTokenBalances } from '../../fixtures/tokens.js'

const ETH = evmTokenBalances[0] as TokenBalance
const USDC = evmTokenBalances[1] as TokenBalance
const SOL: TokenBalance = {
  name: 'Solana',
  symbol: 'SOL',
  chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  price: 150,
  quantity: { decimals: '9', numeric: '2.5' },
  iconUrl: ''
}

describe('the Send rules (docs/behaviour.md section 5)', () => {
  it('parseAmount: a plain positive decimal in the smallest unit, with a dot or a comma, never more decimals than the token', () => {
    expect(parseAmount('1.5', 18)).to.equal(1_500_000_000_000_000_000n)
    expect(parseAmount('0,25', 6)).to.equal(250_000n)
    expect(parseAmount('.5', 6)).to.equal(500_000n)
    expect(parseAmount(' 7 ', 0)).to.equal(7n)
    expect(parseAmount('1.', 6)).to.equal(1_000_000n)
    expect(parseAmount('0.000001', 6)).to.equal(1n)
    expect(parseAmount('0.0000001', 6)).to.equal(undefined)
    for (const bad of ['', '0', '0.0', '-1', '1e3', 'abc', '1.2.3', '0x10', '1 000'])
      expect(parseAmount(bad, 18), bad).to.equal(undefined)
  })

  it('tokenBalanceUnits: the balance cut to the token’s decimals, never rounded up', () => {
    expect(tokenBalanceUnits(USDC)).to.equal(250_500_000n)
    expect(tokenBalanceUnits({ ...USDC, quantity: { decimals: '2', numeric: '1.239' } })).to.equal(123n)
    expect(tokenBalanceUnits({ ...USDC, quantity: { decimals: '6', numeric: '3' } })).to.equal(3_000_000n)
  })

  it('tokenContract: the last part of the CAIP-10 address; none for the native token', () => {
    expect(tokenContract(USDC)).to.equal('0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48')
    expect(tokenContract(ETH)).to.equal(undefined)
  })

  it('isNameLike: dot-separated labels of letters, digits and hyphens', () => {
    expect(isNameLike('alice.appkit.id')).to.equal(true)
    expect(isNameLike('my-name.wcn.id')).to.equal(true)
    expect(isNameLike('alice')).to.equal(false)
    expect(isNameLike('alice..id')).to.equal(false)
    expect(isNameLike('<b>.id')).to.equal(false)
  })

  it('the rules in order: amount and receiver, then the token on EVM, then the namespace', () => {
    const input = { namespace: 'eip155' as const, token: ETH, amount: '1', receiver: FAKE_ADDRESS_2 }
    expect(sendInputError({ ...input, amount: ' ' })).to.equal('An amount and receiver address are required')
    expect(sendInputError({ ...input, receiver: '' })).to.equal('An amount and receiver address are required')
    expect(sendInputError({ ...input, token: undefined })).to.equal('A token is required')
    // Bitcoin sends since issue 34: an EVM address there is refused by the address rule.
    expect(sendInputError({ ...input, namespace: 'bip122' })).to.equal('Enter a valid address for this network')
    expect(sendInputError({ ...input, namespace: 'polkadot' })).to.equal('Unsupported chain')
    expect(sendInputError({ ...input, namespace: undefined })).to.equal('Unsupported chain')
    expect(sendInputError(input)).to.equal(undefined)
  })

  it('the address rules per namespace: EVM 40 hex digits with an optional 0x; Solana 32-44 base58', () => {
    const evm = { namespace: 'eip155' as const, token: ETH, amount: '1' }
    expect(sendInputError({ ...evm, receiver: FAKE_ADDRESS_2.slice(2) })).to.equal(undefined)
    expect(sendInputError({ ...evm, receiver: `${FAKE_ADDRESS_2}0` })).to.equal(
      'Enter a valid address for this network'
    )
    expect(sendInputError({ ...evm, receiver: SOLANA_ADDRESS })).to.equal('Enter a valid address for this network')
    const solana = { namespace: 'solana' as const, token: SOL, amount: '1' }
    expect(sendInputError({ ...solana, receiver: SOLANA_ADDRESS_2 })).to.equal(undefined)
    expect(sendInputError({ ...solana, receiver: FAKE_ADDRESS })).to.equal('Enter a valid address for this network')
    expect(sendInputError({ ...solana, receiver: `${SOLANA_ADDRESS_2.slice(0, -1)}0` })).to.equal(
      'Enter a valid address for this network'
    )
  })

  it('the balance rule: the amount against the chosen token’s balance', () => {
    const input = { namespace: 'solana' as const, token: SOL, receiver: SOLANA_ADDRESS_2 }
    expect(sendInputError({ ...input, amount: '2.5' })).to.equal(undefined)
    expect(sendInputError({ ...input, amount: '2.500000001' })).to.equal('Insufficient balance')
    expect(sendInputError({ ...input, amount: '2.5000000001' })).to.equal('Enter a valid amount')
  })
})

describe('EVM transfers (docs/behaviour.md section 7)', () => {
  it('native: to the receiver, data 0x, the value', () => {
    expect(
      evmTransfer({ from: FAKE_ADDRESS, receiver: FAKE_ADDRESS_2, amount: 5n, tokenContract: undefined })
    ).to.deep.equal({
      namespace: 'eip155',
      from: FAKE_ADDRESS,
      to: FAKE_ADDRESS_2,
      value: 5n,
      data: '0x'
    })
  })

  it('ERC-20: transfer(receiver, amount) to the contract, no value; the same bytes as viem’s encodeFunctionData', () => {
    // encodeFunctionData({ abi: parseAbi(['function transfer(address,uint256)']), args: [FAKE_ADDRESS_2, 1000000n] })
    const viemEncoding =
      '0xa9059cbb0000000000000000000000003c44cdddb6a900fa2b585dd299e03d12fa4293bc00000000000000000000000000000000000000000000000000000000000f4240'
    expect(erc20TransferData(FAKE_ADDRESS_2, 1_000_000n)).to.equal(viemEncoding)
    const transfer = evmTransfer({
      from: FAKE_ADDRESS,
      receiver: FAKE_ADDRESS_2.slice(2),
      amount: 1_000_000n,
      tokenContract: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
    })
    expect(transfer).to.deep.equal({
      namespace: 'eip155',
      from: FAKE_ADDRESS,
      to: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
      value: 0n,
      data: viemEncoding
    })
    expect(() => erc20TransferData(FAKE_ADDRESS_2, -1n)).to.throw(RangeError)
  })
})
