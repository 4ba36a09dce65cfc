import { expect } from '@open-wc/testing'
import { $modal, openModal, resetModal } from '../../../src/stores/modal.js'
import { $router, pushTransactionStack, pushView, resetRouter } from '../../../src/stores/router.js'
import { finishTransaction } from '../../../src/stores/transaction-stack.js'

describe('the transaction stack', () => {
  let calls: string[]
  const handlers = {
    onSuccess: () => calls.push('success'),
    onError: () => calls.push('error'),
    onCancel: () => calls.push('cancel')
  }

  beforeEach(() => {
    calls = []
    resetModal()
    resetRouter()
    openModal({ view: 'Account' })
    pushView('Swap')
  })

  it('success runs the success handler and stays on the view', () => {
    pushTransactionStack({ view: 'ApproveTransaction', ...handlers })
    finishTransaction('success')
    expect(calls).to.deep.equal(['success'])
    expect($router.get().view).to.equal('ApproveTransaction')
    expect($router.get().transactionStack).to.have.length(0)
  })

  it('error runs the error handler and goes back', () => {
    pushTransactionStack({ view: 'ApproveTransaction', ...handlers })
    finishTransaction('error')
    expect(calls).to.deep.equal(['error'])
    expect($router.get().view).to.equal('Swap')
  })

  it('cancel runs the cancel handler and goes back', () => {
    pushTransactionStack({ view: 'ApproveTransaction', ...handlers })
    finishTransaction('cancel')
    expect(calls).to.deep.equal(['cancel'])
    expect($router.get().view).to.equal('Swap')
  })

  it('takes the newest action first', () => {
    pushTransactionStack({ onSuccess: () => calls.push('first') })
    pushTransactionStack({ onSuccess: () => calls.push('second') })
    finishTransaction('success')
    finishTransaction('success')
    expect(calls).to.deep.equal(['second', 'first'])
  })

  it('going back from the root view closes the modal', () => {
    openModal({ view: 'ApproveTransaction' })
    pushTransactionStack({ ...handlers })
    finishTransaction('cancel')
    expect($modal.get().open).to.equal(false)
  })

  it('does nothing with an empty stack', () => {
    finishTransaction('error')
    expect(calls).to.deep.equal([])
    expect($router.get().view).to.equal('Swap')
  })
})
