import { expect } from '@open-wc/testing'
import sinon from 'sinon'
import { $toast, hideToast, resetToast, showError, showLoading, showSuccess } from '../../../src/stores/toast.js'

describe('the toast store', () => {
  let clock: sinon.SinonFakeTimers

  beforeEach(() => {
    clock = sinon.useFakeTimers()
    resetToast()
  })
  afterEach(() => {
    resetToast()
    clock.restore()
  })

  it('shows a toast at once when none is open', () => {
    showSuccess('Copied')
    expect($toast.get()).to.deep.equal({ open: true, variant: 'success', message: 'Copied' })
  })

  it('a new toast closes the open one and appears 150 ms later', () => {
    showLoading('Authenticating...')
    showError('Signature declined')
    expect($toast.get().open).to.equal(false)
    clock.tick(149)
    expect($toast.get().open).to.equal(false)
    clock.tick(1)
    expect($toast.get()).to.deep.equal({ open: true, variant: 'error', message: 'Signature declined' })
  })

  it('closes by itself after 5000 ms', () => {
    showSuccess('Done')
    clock.tick(4999)
    expect($toast.get().open).to.equal(true)
    clock.tick(1)
    expect($toast.get().open).to.equal(false)
  })

  it('the auto-close counts from the replacing toast, not the replaced one', () => {
    showSuccess('First')
    clock.tick(4000)
    showError('Second')
    clock.tick(150 + 4999)
    expect($toast.get()).to.include({ open: true, message: 'Second' })
    clock.tick(1)
    expect($toast.get().open).to.equal(false)
  })

  it('hiding cancels a pending replacement', () => {
    showSuccess('First')
    showError('Second')
    hideToast()
    clock.tick(1000)
    expect($toast.get().open).to.equal(false)
  })
})
