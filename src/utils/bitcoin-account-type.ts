/**
 * A Bitcoin address's account type: 'ordinal' for a taproot address (P2TR: bc1p, tb1p, bcrt1p),
 * else 'payment'. A module of its own so that it loads with the sessions code, not the first load.
 */
export function bitcoinAccountType(address: string): 'payment' | 'ordinal' {
  return /^(bc|tb|bcrt)1p/i.test(address) ? 'ordinal' : 'payment'
}
