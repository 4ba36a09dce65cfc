import { expect } from '@open-wc/testing'
import {
  AccountNotFoundError,
  ChainMismatchError,
  ChainNotConfiguredError,
  CONNECTION_DECLINED,
  ConnectorAlreadyConnectedError,
  ConnectorError,
  ConnectorNotConnectedError,
  ConnectorUnavailableReconnectingError,
  DisconnectFailedError,
  errorMessageForVisitor,
  FAILED_TO_DISCONNECT,
  INVALID_CHAIN_ID_MESSAGE,
  isSwitchErrorCode,
  NETWORK_NOT_FOUND,
  providerErrorCode,
  SOMETHING_WENT_WRONG,
  SWITCH_ERROR_CODES,
  SWITCH_FAILED_MESSAGE,
  switchErrorMessage
} from '../../../src/errors/index.js'

describe('connector errors', () => {
  const cases: [ConnectorError, string, string, string][] = [
    [
      new ChainNotConfiguredError('eip155:10'),
      'CHAIN_NOT_CONFIGURED',
      'Chain "eip155:10" not configured.',
      'Network Not Found'
    ],
    [new ChainNotConfiguredError(), 'CHAIN_NOT_CONFIGURED', 'Chain not configured.', 'Network Not Found'],
    [
      new ConnectorAlreadyConnectedError('MetaMask'),
      'CONNECTOR_ALREADY_CONNECTED',
      'Connector "MetaMask" already connected.',
      'Wallet already connected'
    ],
    [
      new ConnectorAlreadyConnectedError(),
      'CONNECTOR_ALREADY_CONNECTED',
      'Connector already connected.',
      'Wallet already connected'
    ],
    [
      new ConnectorNotConnectedError('Phantom'),
      'CONNECTOR_NOT_CONNECTED',
      'Connector "Phantom" not connected.',
      'Wallet not connected'
    ],
    [new ConnectorNotConnectedError(), 'CONNECTOR_NOT_CONNECTED', 'Connector not connected.', 'Wallet not connected'],
    [
      new AccountNotFoundError('0xabc', 'MetaMask'),
      'ACCOUNT_NOT_FOUND',
      'Account "0xabc" not found for connector "MetaMask".',
      'Account not found in the wallet'
    ],
    [
      new ChainMismatchError('eip155:1', 'eip155:56'),
      'CHAIN_MISMATCH',
      'Chain mismatch: expected chain "eip155:1" but the connector is on chain "eip155:56".',
      'The wallet is on a different network'
    ],
    [
      new ConnectorUnavailableReconnectingError('Dev Wallet'),
      'CONNECTOR_UNAVAILABLE_RECONNECTING',
      'Connector "Dev Wallet" unavailable while reconnecting.',
      'Reconnecting to the wallet, try again in a moment'
    ],
    [
      new ConnectorUnavailableReconnectingError(),
      'CONNECTOR_UNAVAILABLE_RECONNECTING',
      'Connector unavailable while reconnecting.',
      'Reconnecting to the wallet, try again in a moment'
    ],
    [new DisconnectFailedError(), 'DISCONNECT_FAILED', 'Failed to disconnect', 'Failed to disconnect']
  ]

  for (const [error, code, message, visitorMessage] of cases) {
    it(`${error.name}: ${message}`, () => {
      expect(error).to.be.instanceOf(Error).and.instanceOf(ConnectorError)
      expect(error.code).to.equal(code)
      expect(error.message).to.equal(message)
      expect(error.visitorMessage).to.equal(visitorMessage)
      expect(errorMessageForVisitor(error)).to.equal(visitorMessage)
    })
  }

  it('keep what they name for the caller', () => {
    expect(new ChainNotConfiguredError(10).chain).to.equal(10)
    const mismatch = new ChainMismatchError(1, 56)
    expect([mismatch.expectedChain, mismatch.actualChain]).to.deep.equal([1, 56])
    expect(new AccountNotFoundError('0xabc', 'MetaMask')).to.include({ address: '0xabc', connectorName: 'MetaMask' })
    const cause = new Error('frame gone')
    expect(new DisconnectFailedError({ cause }).cause).to.equal(cause)
  })

  it("uses the spec's exact text for a failed disconnect", () => {
    expect(FAILED_TO_DISCONNECT).to.equal('Failed to disconnect')
  })
})

describe('chain switch errors', () => {
  it('has the spec codes', () => {
    expect(SWITCH_ERROR_CODES).to.deep.equal({ unrecognizedChain: 4902, default: 5000, invalidChainId: 32603 })
    expect([4902, 5000, 32603, -32603].every(isSwitchErrorCode)).to.equal(true)
    expect(isSwitchErrorCode(4001)).to.equal(false)
  })

  it('gives a visible message for each code', () => {
    expect(NETWORK_NOT_FOUND).to.equal('Network Not Found')
    expect(switchErrorMessage(4902)).to.equal('Network Not Found')
    expect(switchErrorMessage(32603)).to.equal(INVALID_CHAIN_ID_MESSAGE)
    expect(switchErrorMessage(-32603)).to.equal('Invalid network id')
    expect(switchErrorMessage(5000)).to.equal(SWITCH_FAILED_MESSAGE)
    expect(switchErrorMessage(5000)).to.equal('Failed to switch network')
    expect(switchErrorMessage(undefined)).to.equal('Failed to switch network')
    expect(switchErrorMessage(-1)).to.equal('Failed to switch network')
  })
})

describe('messages for the visitor', () => {
  it('a rejection in the wallet (4001) is "Connection declined"', () => {
    expect(CONNECTION_DECLINED).to.equal('Connection declined')
    expect(errorMessageForVisitor({ code: 4001, message: 'User rejected the request.' })).to.equal(
      'Connection declined'
    )
  })

  it('finds the code inside wrapped provider errors', () => {
    const viemLike = new Error('User rejected', { cause: { code: 4001 } })
    expect(providerErrorCode(viemLike)).to.equal(4001)
    expect(errorMessageForVisitor(viemLike)).to.equal('Connection declined')
    const metaMaskMobile = { code: -32603, data: { originalError: { code: 4902 } } }
    expect(providerErrorCode({ data: { originalError: { code: 4902 } } })).to.equal(4902)
    expect(errorMessageForVisitor(metaMaskMobile)).to.equal('Network Not Found')
    expect(errorMessageForVisitor({ code: -32603 })).to.equal('Invalid network id')
    expect(providerErrorCode('boom')).to.equal(undefined)
  })

  it('switch codes give the switch messages', () => {
    expect(errorMessageForVisitor({ code: 4902 })).to.equal('Network Not Found')
    expect(errorMessageForVisitor({ code: 5000 })).to.equal('Failed to switch network')
    expect(errorMessageForVisitor({ code: 32603 })).to.equal('Invalid network id')
  })

  it('anything else is a short generic text, never the raw message', () => {
    expect(SOMETHING_WENT_WRONG).to.equal('Something went wrong')
    expect(errorMessageForVisitor(new Error('secret stack detail'))).to.equal('Something went wrong')
    expect(errorMessageForVisitor(undefined)).to.equal('Something went wrong')
  })
})
