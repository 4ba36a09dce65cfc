import { expect } from '@open-wc/testing'
import sinon from 'sinon'
import * as z from 'zod/mini'
import { createStoredValue, storageKey } from '../../../src/storage/stored-value.js'

const pointSchema = z.object({ x: z.number(), y: z.number() })

/** Replaces window.localStorage for one test; returns the undo. */
function shadowLocalStorage(descriptor: PropertyDescriptor): () => void {
  const own = Object.getOwnPropertyDescriptor(window, 'localStorage')!
  Object.defineProperty(window, 'localStorage', { configurable: true, ...descriptor })
  return () => Object.defineProperty(window, 'localStorage', own)
}

describe('a stored value', () => {
  let warn: sinon.SinonStub

  beforeEach(() => {
    localStorage.clear()
    warn = sinon.stub(console, 'warn')
  })
  afterEach(() => {
    sinon.restore()
    localStorage.clear()
  })

  it("keeps its key under '@appkit-wallet/'", () => {
    const point = createStoredValue('point', pointSchema)
    expect(point.key).to.equal('@appkit-wallet/point')
    point.set({ x: 1, y: 2 })
    expect(localStorage.getItem('@appkit-wallet/point')).to.equal('{"x":1,"y":2}')
    expect(storageKey('@appkit-wallet/point')).to.equal('@appkit-wallet/point')
  })

  it('reads back what it stored, and nothing after remove', () => {
    const point = createStoredValue('point', pointSchema)
    expect(point.get()).to.equal(undefined)
    expect(point.set({ x: 1, y: 2 })).to.equal(true)
    expect(point.get()).to.deep.equal({ x: 1, y: 2 })
    point.remove()
    expect(point.get()).to.equal(undefined)
    expect(localStorage.getItem('@appkit-wallet/point')).to.equal(null)
    expect(warn.called).to.equal(false)
  })

  it('drops corrupt JSON: removes the key and warns once, naming it', () => {
    localStorage.setItem('@appkit-wallet/point', '{"x":1,')
    const point = createStoredValue('point', pointSchema)
    expect(point.get()).to.equal(undefined)
    expect(point.get()).to.equal(undefined)
    expect(localStorage.getItem('@appkit-wallet/point')).to.equal(null)
    expect(warn.callCount).to.equal(1)
    expect(String(warn.firstCall.args[0])).to.contain('"@appkit-wallet/point"').and.contain('not valid JSON')
  })

  it('drops a value that fails its schema, naming the field', () => {
    localStorage.setItem('@appkit-wallet/point', '{"x":1,"y":"two"}')
    const point = createStoredValue('point', pointSchema)
    expect(point.get()).to.equal(undefined)
    expect(localStorage.getItem('@appkit-wallet/point')).to.equal(null)
    expect(warn.callCount).to.equal(1)
    expect(String(warn.firstCall.args[0])).to.contain('"@appkit-wallet/point"').and.contain('field "y"')
  })

  it('refuses to store a value that fails its schema', () => {
    const email = createStoredValue('email', z.email())
    expect(email.set('not an e-mail')).to.equal(false)
    expect(localStorage.getItem('@appkit-wallet/email')).to.equal(null)
    expect(String(warn.firstCall.args[0])).to.contain('Not storing "@appkit-wallet/email"')
  })

  it('logs a quota error on write instead of throwing', () => {
    sinon.stub(Storage.prototype, 'setItem').throws(new DOMException('full', 'QuotaExceededError'))
    const point = createStoredValue('point', pointSchema)
    expect(point.set({ x: 1, y: 2 })).to.equal(false)
    expect(warn.callCount).to.equal(1)
    expect(String(warn.firstCall.args[0]))
      .to.contain('Could not store "@appkit-wallet/point"')
      .and.contain('QuotaExceededError')
  })

  it('behaves as empty when localStorage throws SecurityError (privacy mode)', () => {
    const restore = shadowLocalStorage({
      get() {
        throw new DOMException('denied', 'SecurityError')
      }
    })
    try {
      const point = createStoredValue('point', pointSchema)
      expect(point.get()).to.equal(undefined)
      expect(point.set({ x: 1, y: 2 })).to.equal(false)
      expect(() => point.remove()).not.to.throw()
    } finally {
      restore()
    }
  })

  it('behaves as empty where there is no localStorage (server)', () => {
    const restore = shadowLocalStorage({ value: undefined, writable: true })
    try {
      const point = createStoredValue('point', pointSchema)
      expect(point.get()).to.equal(undefined)
      expect(point.set({ x: 1, y: 2 })).to.equal(false)
      expect(() => point.remove()).not.to.throw()
    } finally {
      restore()
    }
  })

  it('behaves as empty when reading throws', () => {
    localStorage.setItem('@appkit-wallet/point', '{"x":1,"y":2}')
    sinon.stub(Storage.prototype, 'getItem').throws(new DOMException('denied', 'SecurityError'))
    expect(createStoredValue('point', pointSchema).get()).to.equal(undefined)
  })
})
