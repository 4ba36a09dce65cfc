import { expect } from '@open-wc/testing'
import { accountOfNamespace } from '../../../react/hooks/account-of-namespace.js'
import { disconnectedAccount } from '../../../src/stores/account.js'
import { initialConnection, type ConnectionState } from '../../../src/stores/connect/connection-state.js'

const EVM = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const SOL = 'FLXdHhj9HGrwz9i6NhCZMrtKz744mKbSxwHtNpYacuuA'

describe('useAppKitAccount with an EVM and a Solana wallet connected together', () => {
  const account = {
    ...disconnectedAccount,
    namespace: 'eip155' as const,
    address: EVM,
    caipAddress: `eip155:1:${EVM}`,
    status: 'connected' as const
  }
  const connection: ConnectionState = {
    ...initialConnection,
    status: 'connected',
    activeNamespace: 'eip155',
    connections: {
      eip155: { connectorId: 'dev', connectorName: 'Dev', address: EVM, caipAddress: `eip155:1:${EVM}` },
      solana: { connectorId: 'sol', connectorName: 'Sol', address: SOL, caipAddress: `solana:x:${SOL}` }
    }
  }

  it('reads the shown account without a namespace, and each namespace’s with one', () => {
    expect(accountOfNamespace(account, connection, undefined)).to.include({ address: EVM, isConnected: true })
    expect(accountOfNamespace(account, connection, 'eip155')).to.include({ address: EVM, isConnected: true })
    expect(accountOfNamespace(account, connection, 'solana')).to.include({
      address: SOL,
      caipAddress: `solana:x:${SOL}`,
      isConnected: true,
      status: 'connected'
    })
    expect(accountOfNamespace(account, connection, 'bip122')).to.include({
      address: undefined,
      isConnected: false,
      status: 'disconnected'
    })
  })

  it('tells the embedded wallet’s details (login, account type, deployed) and nothing for another wallet', () => {
    expect(accountOfNamespace(account, connection, undefined).embeddedWalletInfo).to.equal(undefined)
    const embedded = {
      ...account,
      connectedWalletInfo: { name: 'Email', connectorId: 'AUTH' },
      user: { username: 'alice' },
      socialProvider: 'farcaster',
      preferredAccountType: 'smartAccount' as const,
      smartAccountDeployed: true
    }
    expect(accountOfNamespace(embedded, connection, undefined).embeddedWalletInfo).to.deep.equal({
      user: { username: 'alice' },
      authProvider: 'farcaster',
      accountType: 'smartAccount',
      isSmartAccountDeployed: true
    })
    const byEmail = { ...embedded, user: { email: 'a@example.com' }, socialProvider: undefined }
    expect(accountOfNamespace(byEmail, connection, undefined).embeddedWalletInfo?.authProvider).to.equal('email')
  })

  it('a namespace without a wallet reads reconnecting while the kit reconnects', () => {
    const reconnecting = { ...initialConnection, status: 'reconnecting' as const }
    expect(accountOfNamespace(disconnectedAccount, reconnecting, 'solana').status).to.equal('reconnecting')
  })
})
