import { expect } from '@open-wc/testing'
import { toCatalogWallet } from '../../../src/api/catalog-client.js'

const client = { getWallets: async () => ({ data: [], count: 0 }), walletImageUrl: () => '', trustedOrigins: [] }

describe('catalog wallet app links', () => {
  it('keeps https links and wallet custom schemes; drops script, data and plain http links', () => {
    const kept = toCatalogWallet(
      {
        id: 'a',
        name: 'A',
        mobile_link: 'metamask://',
        desktop_link: 'https://a.example/app',
        webapp_link: 'https://web.a.example'
      },
      client
    )
    expect(kept).to.include({
      mobileLink: 'metamask://',
      desktopLink: 'https://a.example/app',
      webappLink: 'https://web.a.example'
    })
    const dropped = toCatalogWallet(
      {
        id: 'b',
        name: 'B',
        mobile_link: 'javascript:alert(1)',
        desktop_link: 'data:text/html,x',
        webapp_link: 'http://b.example'
      },
      client
    )
    expect(dropped).to.include({ mobileLink: undefined, desktopLink: undefined, webappLink: undefined })
    // A custom scheme is never a web app link (it is opened in a new tab).
    expect(toCatalogWallet({ id: 'c', name: 'C', webapp_link: 'wallet://x' }, client).webappLink).to.equal(undefined)
  })
})
