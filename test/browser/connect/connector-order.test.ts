import { expect } from '@open-wc/testing'
import { CONNECTOR_ORDER } from '../../../src/config/constants.js'
import { connectorGroup, orderConnectors, orderWalletList } from '../../../src/connectors/order.js'
import type { ConnectorInfo } from '../../../src/connectors/types.js'

const connector = (id: string, type: ConnectorInfo['type'], rdns?: string): ConnectorInfo => ({
  id,
  name: id,
  type,
  namespace: 'eip155',
  ...(rdns ? { rdns } : {})
})

describe('the connector order (docs/behaviour.md section 9)', () => {
  it('is walletConnect, recent, injected, featured, custom, external, recommended', () => {
    expect([...CONNECTOR_ORDER]).to.deep.equal([
      'walletConnect',
      'recent',
      'injected',
      'featured',
      'custom',
      'external',
      'recommended'
    ])
    const entries = [...CONNECTOR_ORDER].reverse().map(group => ({ group, item: group }))
    expect(orderWalletList(entries)).to.deep.equal([...CONNECTOR_ORDER])
  })

  it('sorts connectors into their groups, keeping discovery order inside a group', () => {
    const list = [
      connector('external-1', 'external'),
      connector('injected-1', 'injected'),
      connector('announced-1', 'announced', 'com.a'),
      connector('walletconnect', 'walletConnect'),
      connector('announced-2', 'announced', 'com.b'),
      connector('auth', 'auth')
    ]
    expect(orderConnectors(list).map(c => c.id)).to.deep.equal([
      'walletconnect',
      'injected-1',
      'announced-1',
      'announced-2',
      'external-1'
    ])
  })

  it('puts recently used wallets (by id or rdns) after WalletConnect, newest first', () => {
    const list = [
      connector('announced-1', 'announced', 'com.a'),
      connector('announced-2', 'announced', 'com.b'),
      connector('announced-3', 'announced', 'com.c'),
      connector('walletconnect', 'walletConnect')
    ]
    expect(orderConnectors(list, ['com.c', 'announced-2']).map(c => c.id)).to.deep.equal([
      'walletconnect',
      'announced-3',
      'announced-2',
      'announced-1'
    ])
    expect(connectorGroup(list[2]!, ['com.c'])).to.equal('recent')
    expect(connectorGroup(connector('auth', 'auth'))).to.equal(undefined)
  })
})
