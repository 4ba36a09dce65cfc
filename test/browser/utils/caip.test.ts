import { expect } from '@open-wc/testing'
import {
  CaipFormatError,
  formatCaip10,
  formatCaip2,
  isCaip10,
  isCaip2,
  parseCaip10,
  parseCaip2,
  safeParseCaip10,
  safeParseCaip2
} from '../../../src/utils/caip.js'

const EVM_ADDRESS = '0x1234567890abcdef1234567890abcdef12345678'
const SOLANA_MAINNET = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'

function errorOf(run: () => unknown): CaipFormatError {
  try {
    run()
  } catch (error) {
    expect(error).to.be.instanceOf(CaipFormatError)
    return error as CaipFormatError
  }
  throw new Error('expected a CaipFormatError')
}

describe('CAIP-2 network ids', () => {
  it('parses namespace and reference', () => {
    expect(parseCaip2('eip155:1')).to.deep.equal({ namespace: 'eip155', reference: '1' })
    expect(parseCaip2(SOLANA_MAINNET)).to.deep.equal({
      namespace: 'solana',
      reference: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
    })
    expect(parseCaip2('cosmos:cosmoshub-4')).to.deep.equal({ namespace: 'cosmos', reference: 'cosmoshub-4' })
  })

  it('says how many parts it found, and shows the input', () => {
    const error = errorOf(() => parseCaip2('eip155'))
    expect(error.message).to.equal(
      'Invalid CAIP-2 network id "eip155": expected 2 colon-separated parts (namespace:reference, such as "eip155:1"), got 1'
    )
    expect(error.standard).to.equal('CAIP-2')
    expect(error.input).to.equal('eip155')
    expect(errorOf(() => parseCaip2('eip155:1:0xab')).message).to.contain('got 3')
  })

  it('names the empty part', () => {
    expect(errorOf(() => parseCaip2(':1')).message).to.equal('Invalid CAIP-2 network id ":1": the namespace is empty')
    expect(errorOf(() => parseCaip2('eip155:')).message).to.contain('the reference is empty')
    expect(errorOf(() => parseCaip2('')).message).to.contain('got 1')
  })

  it('rejects whitespace and non-strings', () => {
    expect(errorOf(() => parseCaip2('eip155: 1')).message).to.contain('the reference contains whitespace')
    expect(errorOf(() => parseCaip2(1)).message).to.equal(
      'Invalid CAIP-2 network id number: expected a string (namespace:reference, such as "eip155:1")'
    )
  })

  it('safe variants give undefined instead of throwing', () => {
    expect(safeParseCaip2('eip155:1')).to.deep.equal({ namespace: 'eip155', reference: '1' })
    expect(safeParseCaip2('eip155')).to.equal(undefined)
    expect(safeParseCaip2(null)).to.equal(undefined)
    expect(isCaip2('eip155:56')).to.equal(true)
    expect(isCaip2('eip155::56')).to.equal(false)
  })

  it('formats and checks', () => {
    expect(formatCaip2('eip155', 1)).to.equal('eip155:1')
    expect(formatCaip2('bip122', '000000000019d6689c085ae165831e93')).to.equal(
      'bip122:000000000019d6689c085ae165831e93'
    )
    expect(errorOf(() => formatCaip2('eip155', '')).message).to.contain('the reference is empty')
    expect(errorOf(() => formatCaip2('eip:155', 1)).message).to.contain('got 3')
  })
})

describe('CAIP-10 addresses', () => {
  it('parses namespace, reference, address and the network id', () => {
    expect(parseCaip10(`eip155:1:${EVM_ADDRESS}`)).to.deep.equal({
      namespace: 'eip155',
      reference: '1',
      address: EVM_ADDRESS,
      caipNetworkId: 'eip155:1'
    })
    expect(parseCaip10(`${SOLANA_MAINNET}:7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU`).namespace).to.equal('solana')
    expect(parseCaip10('bip122:000000000019d6689c085ae165831e93:bc1qxyz').namespace).to.equal('bip122')
    expect(parseCaip10('polkadot:91b171bb158e2d3848fa23a9f1c25182:5Grw').namespace).to.equal('polkadot')
  })

  it('needs exactly 3 parts', () => {
    expect(errorOf(() => parseCaip10('eip155:1')).message).to.equal(
      'Invalid CAIP-10 address "eip155:1": expected 3 colon-separated parts (namespace:reference:address, such as "eip155:1:0xab…"), got 2'
    )
    expect(errorOf(() => parseCaip10(`eip155:1:${EVM_ADDRESS}:x`)).message).to.contain('got 4')
  })

  it('names the empty part', () => {
    expect(errorOf(() => parseCaip10('eip155:1:')).message).to.contain('the address is empty')
    expect(errorOf(() => parseCaip10(`eip155::${EVM_ADDRESS}`)).message).to.contain('the reference is empty')
    expect(errorOf(() => parseCaip10(`:1:${EVM_ADDRESS}`)).message).to.contain('the namespace is empty')
  })

  it('needs a known namespace', () => {
    const error = errorOf(() => parseCaip10('cosmos:cosmoshub-4:cosmos1abc'))
    expect(error.message).to.equal(
      'Invalid CAIP-10 address "cosmos:cosmoshub-4:cosmos1abc": unknown namespace "cosmos" (known: eip155, solana, bip122, polkadot)'
    )
    expect(error.standard).to.equal('CAIP-10')
  })

  it('safe variants give undefined instead of throwing', () => {
    expect(safeParseCaip10(`eip155:1:${EVM_ADDRESS}`)?.address).to.equal(EVM_ADDRESS)
    expect(safeParseCaip10('cosmos:hub:x')).to.equal(undefined)
    expect(safeParseCaip10(undefined)).to.equal(undefined)
    expect(isCaip10(`eip155:1:${EVM_ADDRESS}`)).to.equal(true)
    expect(isCaip10(EVM_ADDRESS)).to.equal(false)
  })

  it('formats from a network id and an address, with the same checks', () => {
    expect(formatCaip10('eip155:1', EVM_ADDRESS)).to.equal(`eip155:1:${EVM_ADDRESS}`)
    expect(errorOf(() => formatCaip10('eip155:1', '')).message).to.contain('the address is empty')
    expect(errorOf(() => formatCaip10('eip155', EVM_ADDRESS)).message).to.contain('got 2')
    expect(errorOf(() => formatCaip10('near:mainnet', 'alice.near')).message).to.contain('unknown namespace "near"')
  })

  it('shortens a very long input in the message', () => {
    const message = errorOf(() => parseCaip10('x'.repeat(500))).message
    expect(message.length).to.be.below(250)
    expect(message).to.contain('…')
  })
})
