// The frame's approval UI (service/frame/approval.ts) with the frame's own styles: what is asked shown as
// text (never markup), who asks, Approve resolves, Reject and Escape answer 'User rejected the
// request', keyboard only, the queue shown in order, Approve ignored until the approval has been on
// screen a moment, the neutral state, and axe-clean in light and dark.
import { expect } from '@open-wc/testing'
import { sendKeys, sendMouse } from '@web/test-runner-commands'
import { parseEther, toHex } from 'viem'
import { ApprovalView, IDLE_HEADING } from '../../../service/frame/approval.js'
import type { ApprovalRequest } from '../../../service/frame/approval-request.js'
import { RPC_USER_REJECTED } from '../../../src/frame/rpc-methods.js'
import { rejection } from '../rejection.js'

/** Black and white as Chromium computes the frame's on-accent colour (relative colour syntax, XYZ D65). */
const BLACK = 'color(xyz-d65 0 0 0)'
const WHITE = 'color(xyz-d65 0.95046 1 1.08906)'

const XSS = '<img src=x onerror="window.__frameXss = 1">'

const message = (text: string): ApprovalRequest => ({
  kind: 'message',
  namespace: 'eip155',
  bytes: new TextEncoder().encode(text)
})

const transfer: ApprovalRequest = {
  kind: 'transactions',
  chainId: 31337,
  transactions: [
    {
      to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      value: parseEther('1.5'),
      data: toHex(new Uint8Array(36).fill(0xab))
    }
  ]
}

const SOL_RECEIVER = '9C6hybhQ6Aycep9jaUnP6uL9ZYvDjUp1aSkFWPUFJtpj'
const solanaTransfer = (send: boolean, count = 1): ApprovalRequest => ({
  kind: 'solana-transactions',
  send,
  ...(send ? { chainId: 'solana:CmpNeggWJ4JaWJeJ8YKN1Zypmk7uvQq3' } : {}),
  transactions: Array.from({ length: count }, () => ({
    feePayer: 'FLXdHhj9HGrwz9i6NhCZMrtKz744mKbSxwHtNpYacuuA',
    otherSigners: 0,
    lookupTables: 0,
    instructions: [
      {
        program: 'System Program',
        action: 'Transfer SOL',
        details: [
          ['To', SOL_RECEIVER],
          ['Amount', '1.25 SOL']
        ]
      },
      { program: 'Memo Program', action: 'Memo', details: [['Text', XSS]] }
    ]
  }))
})

async function loadFrameStyles(): Promise<void> {
  for (const href of ['/service/frame/frame.css', '/service/frame/approval.css']) {
    if (document.querySelector(`link[href="${href}"]`)) continue
    const link = document.createElement('link')
    link.rel = 'stylesheet'
    link.href = href
    const loaded = new Promise(resolve => link.addEventListener('load', resolve))
    document.head.append(link)
    await loaded
  }
}

/** Whether `promise` has settled, after the current tasks. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false
  promise.then(
    () => (done = true),
    () => (done = true)
  )
  await new Promise(resolve => setTimeout(resolve, 0))
  return done
}

const frameEls = (root: HTMLElement) => ({
  heading: () => root.querySelector('.approval h1')!.textContent,
  text: () => root.querySelector('.approval-details')!.textContent,
  reject: root.querySelector<HTMLButtonElement>('.approval-reject')!,
  approve: root.querySelector<HTMLButtonElement>('.approval-approve')!,
  region: root.querySelector<HTMLElement>('.approval')!,
  idle: root.querySelector<HTMLElement>('.idle')!,
  live: root.querySelector<HTMLElement>('[aria-live="polite"]')!
})

async function press(button: HTMLButtonElement): Promise<void> {
  const box = button.getBoundingClientRect()
  await sendMouse({ type: 'click', position: [Math.round(box.x + box.width / 2), Math.round(box.y + box.height / 2)] })
}

describe('the frame’s approval UI', () => {
  let root: HTMLElement
  let view: ApprovalView

  before(loadFrameStyles)
  beforeEach(() => {
    root = document.createElement('main')
    document.body.append(root)
    view = new ApprovalView(root, { armDelayMs: 0 })
  })
  afterEach(() => {
    view.dispose()
    root.remove()
    delete document.documentElement.dataset.theme
    document.documentElement.style.removeProperty('--w3m-accent')
  })

  it('shows a neutral state with the app’s name (as text) while nothing is pending', () => {
    const els = frameEls(root)
    expect(els.region.hidden).to.equal(true)
    expect(els.idle.hidden).to.equal(false)
    expect(els.idle.querySelector('h1')!.textContent).to.equal(IDLE_HEADING)
    view.setApp('<b>Shop</b>')
    expect(els.idle.textContent).to.contain('<b>Shop</b>')
    expect(els.idle.querySelector('b')).to.equal(null)
  })

  it('names the asking page by its origin, the app’s own name beside it, never only “the app you are using” (issue 29)', async () => {
    view.setOrigin('http://127.0.0.1:5174')
    const answer = view.ask(message('hello'))
    const requester = () => root.querySelector('.approval-requester')!.textContent
    expect(requester()).to.equal('Requested by http://127.0.0.1:5174')
    // A page may call itself anything: its name comes with its origin, as the browser gave it.
    view.setApp('Local Demo')
    expect(requester()).to.equal('Requested by Local Demo (http://127.0.0.1:5174)')
    expect(frameEls(root).live.textContent).to.contain('http://127.0.0.1:5174')
    frameEls(root).reject.click()
    await rejection(answer)
  })

  it('shows a message as text, never as markup, with who asks', async () => {
    view.setApp(XSS)
    const answer = view.ask(message(XSS))
    const els = frameEls(root)
    expect(els.region.hidden).to.equal(false)
    expect(els.heading()).to.equal('Sign message')
    expect(root.querySelector('pre')!.textContent).to.equal(XSS)
    expect(root.querySelector('.approval-requester')!.textContent).to.equal(`Requested by ${XSS}`)
    expect(root.querySelector('img')).to.equal(null)
    await new Promise(resolve => setTimeout(resolve, 50))
    expect((window as { __frameXss?: number }).__frameXss).to.equal(undefined)
    expect(els.live.textContent).to.contain('Sign message')
    els.approve.click()
    await answer
  })

  it('shows a message that is not printable text as hex', () => {
    void view
      .ask({ kind: 'message', namespace: 'eip155', bytes: Uint8Array.of(0xde, 0xad, 0x00, 0xff) })
      .catch(() => {})
    expect(frameEls(root).text()).to.contain('0xdead00ff').and.to.contain('not text')
  })

  it('shows a transaction’s recipient, value in ETH and shortened data', () => {
    void view.ask(transfer).catch(() => {})
    const els = frameEls(root)
    expect(els.heading()).to.equal('Approve transaction')
    const text = els.text()
    expect(text).to.contain('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
    expect(text).to.contain('1.5 ETH')
    expect(text).to.contain('0xabababab…abababab (36 bytes)')
    expect(text).to.contain('31337')
  })

  it('shows a smart session’s grant as text: the spender, the token, the limit and the expiry, accessible in both themes (issue 29, point 4)', async () => {
    const grant: ApprovalRequest = {
      kind: 'permissions',
      heading: 'Grant permissions',
      rows: [
        ['Account', '0x5FbDB2315678afecb367f032d93F642f64180aa3'],
        ['Chain', '31337'],
        ['Spender', '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'],
        ['Token', `${XSS} (0x73511669fd4dE447feD18BB79bAFeAC93aB7F31f)`],
        ['Limit', '10 tUSDC'],
        ['Expires', 'Nov 27, 2026, 08:00 PM UTC']
      ]
    }
    const answer = view.ask(grant)
    const els = frameEls(root)
    expect(els.heading()).to.equal('Grant permissions')
    const terms = [...root.querySelectorAll('.approval-fields dt')].map(node => node.textContent)
    const values = [...root.querySelectorAll('.approval-fields dd')].map(node => node.textContent)
    expect(terms).to.deep.equal(['Account', 'Chain', 'Spender', 'Token', 'Limit', 'Expires'])
    expect(values).to.deep.equal(grant.rows.map(([, value]) => value))
    expect(root.querySelector('img')).to.equal(null)
    expect(els.live.textContent).to.contain('Grant permissions')
    for (const theme of ['light', 'dark'] as const) {
      document.documentElement.dataset.theme = theme
      await expect(root).to.be.accessible()
    }
    els.approve.click()
    await answer
  })

  it('shows a contract call in words: the contract, what the call does, and a warning for an unknown one, readable in both themes (issue 29)', async () => {
    const token = '0x73511669fd4dE447feD18BB79bAFeAC93aB7F31f'
    const call: ApprovalRequest = {
      kind: 'transactions',
      chainId: 31337,
      transactions: [
        {
          to: token,
          value: 0n,
          data: `0xa9059cbb${'00'.repeat(64)}`,
          call: {
            action: 'Send tokens',
            details: [
              ['To', '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'],
              ['Amount', '5 tUSDC']
            ],
            decoded: true
          }
        },
        {
          to: token,
          value: 1n,
          data: '0xdeadbeef',
          call: {
            action: 'Contract call',
            details: [],
            warning: 'Unknown contract call: check you trust this app',
            decoded: false
          }
        }
      ]
    }
    void view.ask(call).catch(() => {})
    const items = [...root.querySelectorAll('.approval-calls > li')]
    expect(items).to.have.length(2)
    const first = items[0]!.textContent
    expect(first).to.contain(`Contract${token}`).and.to.contain('Send tokens').and.to.contain('Amount5 tUSDC')
    expect(first).not.to.contain('Value').and.not.to.contain('Data')
    expect(items[1]!.textContent).to.contain('Value0.000000000000000001 ETH').and.to.contain('Data0xdeadbeef')
    expect(items[1]!.querySelector('.approval-warning')!.textContent).to.equal(
      'Unknown contract call: check you trust this app'
    )
    for (const theme of ['light', 'dark'] as const) {
      document.documentElement.dataset.theme = theme
      await expect(root).to.be.accessible()
    }
  })

  it('shows a Solana transfer instruction by instruction, as text, with its network; signing only says so', () => {
    void view.ask(solanaTransfer(true)).catch(() => {})
    const els = frameEls(root)
    expect(els.heading()).to.equal('Approve transaction')
    const text = els.text()
    for (const part of ['solana:CmpNeggWJ4JaWJeJ8YKN1Zypmk7uvQq3', 'FLXdHhj9HGrwz9i6NhCZMrtKz744mKbSxwHtNpYacuuA']) {
      expect(text).to.contain(part)
    }
    const items = [...root.querySelectorAll('.approval-calls > li')].map(item => item.textContent)
    expect(items).to.have.length(2)
    expect(items[0]).to.contain('Transfer SOL').and.to.contain(SOL_RECEIVER).and.to.contain('1.25 SOL')
    expect(items[1]).to.contain('Memo').and.to.contain(XSS)
    expect(root.querySelector('img')).to.equal(null)
    expect(text).not.to.contain('Signed only')
    els.reject.click()

    void view.ask(solanaTransfer(false, 2)).catch(() => {})
    expect(frameEls(root).heading()).to.equal('Sign 2 transactions')
    expect(frameEls(root).text()).to.contain('Signed only: this wallet does not send it.')
    expect(root.querySelectorAll('.approval-transactions > li')).to.have.length(2)
  })

  it('resolves on Approve (a real click) and goes back to the neutral state', async () => {
    const answer = view.ask(message('hello'))
    await press(frameEls(root).approve)
    await answer
    expect(frameEls(root).region.hidden).to.equal(true)
    expect(frameEls(root).idle.hidden).to.equal(false)
  })

  it('rejects with “User rejected the request” on Reject and on Escape', async () => {
    const first = rejection(view.ask(message('one')))
    await press(frameEls(root).reject)
    expect((await first)?.message).to.equal(RPC_USER_REJECTED)
    const second = rejection(view.ask(message('two')))
    await sendKeys({ press: 'Escape' })
    expect((await second)?.message).to.equal(RPC_USER_REJECTED)
  })

  it('works with the keyboard alone: Reject has focus first, Tab then Enter approves, Space rejects', async () => {
    const first = view.ask(message('one'))
    const els = frameEls(root)
    expect(document.activeElement).to.equal(els.reject)
    await sendKeys({ press: 'Tab' })
    expect(document.activeElement).to.equal(els.approve)
    await sendKeys({ press: 'Enter' })
    await first
    const second = rejection(view.ask(message('two')))
    expect(document.activeElement).to.equal(els.reject)
    await sendKeys({ press: 'Space' })
    expect((await second)?.message).to.equal(RPC_USER_REJECTED)
  })

  it('shows the queue in order, one at a time, and says how many wait', async () => {
    const first = view.ask(message('first'))
    const second = rejection(view.ask(transfer))
    const third = view.ask(message('third'))
    const els = frameEls(root)
    expect(view.pending).to.equal(3)
    expect(els.text()).to.contain('first')
    expect(root.querySelector('.approval-position')!.textContent).to.equal('Request 1 of 3')
    els.approve.click()
    await first
    expect(await settled(second)).to.equal(false)
    expect(els.heading()).to.equal('Approve transaction')
    expect(root.querySelector('.approval-position')!.textContent).to.equal('Request 1 of 2')
    els.reject.click()
    expect((await second)?.message).to.equal(RPC_USER_REJECTED)
    expect(els.text()).to.contain('third')
    expect(root.querySelector('.approval-position')!.textContent).to.equal('')
    els.approve.click()
    await third
    expect(view.pending).to.equal(0)
  })

  it('ignores Approve until the approval has been on screen a moment; Reject works at once', async () => {
    view.dispose()
    view = new ApprovalView(root, { armDelayMs: 300 })
    const answer = view.ask(message('hello'))
    const els = frameEls(root)
    els.approve.click()
    expect(await settled(answer)).to.equal(false)
    await new Promise(resolve => setTimeout(resolve, 320))
    els.approve.click()
    await answer
    const rejected = rejection(view.ask(message('again')))
    els.reject.click()
    expect((await rejected)?.message).to.equal(RPC_USER_REJECTED)
  })

  it('rejects everything pending on rejectAll (a sign-out)', async () => {
    const first = rejection(view.ask(message('one')))
    const second = rejection(view.ask(message('two')))
    view.rejectAll('signed out')
    expect((await first)?.message).to.equal('signed out')
    expect((await second)?.message).to.equal('signed out')
    expect(frameEls(root).region.hidden).to.equal(true)
  })

  for (const theme of ['light', 'dark'] as const) {
    it(`is accessible in the ${theme} theme: idle, a message, a transaction, Solana transactions`, async () => {
      document.documentElement.dataset.theme = theme
      view.setApp('Demo shop')
      await expect(root).to.be.accessible()
      void view.ask(message('Sign in to Demo shop\n\nNonce: 1234')).catch(() => {})
      void view.ask(transfer).catch(() => {})
      const els = frameEls(root)
      expect(els.region.getAttribute('aria-labelledby')).to.equal(els.region.querySelector('h1')!.id)
      await expect(root).to.be.accessible()
      els.reject.click()
      await expect(root).to.be.accessible()
      els.reject.click()
      void view.ask(solanaTransfer(false, 2)).catch(() => {})
      await expect(root).to.be.accessible()
    })
  }

  it('keeps Approve readable on any accent the app syncs (black or white text), in both themes', async () => {
    void view.ask(message('hello')).catch(() => {})
    const approve = frameEls(root).approve
    for (const theme of ['light', 'dark'] as const) {
      document.documentElement.dataset.theme = theme
      for (const [accent, text] of [
        ['#ffd400', BLACK],
        ['#0000ff', WHITE],
        ['#777777', BLACK],
        ['#3b6cf6', WHITE]
      ] as const) {
        document.documentElement.style.setProperty('--w3m-accent', accent)
        expect(getComputedStyle(approve).color, accent).to.equal(text)
        await expect(root).to.be.accessible()
      }
    }
  })
})
