// The sandbox onramp page's script (served as /onramp/sandbox.js; the page's CSP allows only
// same-origin scripts). Without it the page still works: the form posts and the server redirects back.
;(function () {
  'use strict'
  var form = document.getElementById('pay-form')
  var status = document.getElementById('status')
  if (!form || !status) return
  var input = document.getElementById('fiat-amount')
  var button = document.getElementById('pay-button')
  var payTotal = document.getElementById('pay-total')
  var receive = document.getElementById('receive')
  var fee = document.getElementById('fee')
  var orderId = form.getAttribute('data-order')
  var feeBps = BigInt(form.getAttribute('data-fee-bps'))
  var rateNum = BigInt(form.getAttribute('data-rate-num'))
  var rateDen = BigInt(form.getAttribute('data-rate-den'))
  var decimals = Number(form.getAttribute('data-decimals'))

  function cents(text) {
    var match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text.trim())
    if (!match) return null
    return BigInt(match[1]) * 100n + BigInt(((match[2] || '') + '00').slice(0, 2))
  }
  function money(value) {
    return (value / 100n).toString() + '.' + (value % 100n).toString().padStart(2, '0')
  }
  function units(value) {
    var base = 10n ** BigInt(decimals)
    return (value / base).toString() + '.' + (value % base).toString().padStart(decimals, '0')
  }
  // The same arithmetic as service/backend/onramp/pricing.ts: fee rounded up to the cent, tokens rounded down.
  function estimate() {
    var total = cents(input.value)
    if (total === null) return
    var feeCents = (total * feeBps + 9999n) / 10000n
    var subtotal = total - feeCents
    fee.textContent = money(feeCents)
    receive.textContent = units((subtotal * rateNum * 10n ** BigInt(decimals)) / (100n * rateDen))
    payTotal.textContent = money(total)
  }
  function show(order) {
    status.className = 'status status-' + order.status
    if (order.status === 'completed') {
      status.textContent =
        'Completed: ' +
        order.cryptoAmount +
        ' ' +
        order.asset +
        ' sent to ' +
        order.destination +
        ' in transaction ' +
        order.txHash +
        '.'
      form.hidden = true
    } else if (order.status === 'failed') {
      status.textContent = 'Failed: ' + (order.error || 'the transfer did not go through')
      form.hidden = order.txHash !== null
      button.disabled = false
    } else if (order.status === 'processing') {
      status.textContent = 'Payment received, sending tokens…'
      button.disabled = true
    }
  }
  function poll() {
    fetch('/onramp/sandbox/orders/' + encodeURIComponent(orderId), { headers: { Accept: 'application/json' } })
      .then(function (response) {
        return response.json()
      })
      .then(function (order) {
        show(order)
        if (order.status === 'processing') setTimeout(poll, 1000)
      })
      .catch(function () {
        setTimeout(poll, 2000)
      })
  }

  input.addEventListener('input', estimate)
  form.addEventListener('submit', function (event) {
    event.preventDefault()
    if (!form.reportValidity()) return
    button.disabled = true
    status.className = 'status status-processing'
    status.textContent = 'Processing payment…'
    fetch(form.action, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ fiatAmount: input.value.trim() })
    })
      .then(function (response) {
        return response.json().then(function (body) {
          if (!response.ok) throw new Error(body && body.message ? body.message : 'HTTP ' + response.status)
          return body
        })
      })
      .then(function (order) {
        show(order)
        if (order.status === 'processing') setTimeout(poll, 1000)
      })
      .catch(function (error) {
        status.className = 'status status-failed'
        status.textContent = 'Failed: ' + error.message
        button.disabled = false
      })
  })
  if (form.getAttribute('data-status') === 'processing') poll()
})()
