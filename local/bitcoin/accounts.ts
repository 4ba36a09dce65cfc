/**
 * The local Bitcoin regtest node's fixed test keys (TEST KEYS ONLY: public, never use them anywhere
 * real) and its network constants.
 *
 * Every private key is `sha256(seed)` with the seed string given next to it, so the same addresses
 * exist on every start; test/bitcoin/node.test.ts re-derives them. The payment address is P2WPKH
 * (BIP-84 style, compressed key), the ordinals address P2TR key path with the BIP-86 tweak (no
 * script tree) of the x-only key. This file has no imports so that browser code (a test wallet,
 * the demo) can use it as it is.
 */

/** One key of a test account. */
export interface BitcoinTestKey {
  /** The string the private key is `sha256` of. */
  readonly seed: string
  /** 32 bytes, hex. */
  readonly privateKey: string
  /** Payment: the compressed public key (33 bytes); ordinals: the x-only internal key (32 bytes), hex. */
  readonly publicKey: string
  /** bcrt1q… (P2WPKH) or bcrt1p… (P2TR). */
  readonly address: string
  /** The private key in wallet import format (regtest/testnet prefix, compressed). */
  readonly wif: string
}

/** A test account: a payment (P2WPKH) and an ordinals (P2TR) address, both funded in block 1. */
export interface BitcoinTestAccount {
  readonly name: string
  readonly payment: BitcoinTestKey
  readonly ordinals: BitcoinTestKey
}

/** The port the node's JSON-RPC and Esplora REST API listen on unless told otherwise (bitcoind's regtest RPC port). */
export const DEFAULT_BITCOIN_PORT = 18443

/** The regtest genesis block hash (Bitcoin Core's, unchanged). */
export const REGTEST_GENESIS_HASH = '0f9188f13cb7b2c71f2a335e3a4fc328bf5beb436012afca590b1a11466e2206'

/** CAIP-2: `bip122:` + the first 32 hex characters of the genesis hash. */
export const REGTEST_CAIP_NETWORK_ID = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'

/** Regtest address and key prefixes (bech32 `bcrt`, base58 as testnet). */
export const REGTEST_NETWORK = { bech32: 'bcrt', pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef } as const

/** Satoshis per BTC. */
export const SATS_PER_BTC = 100_000_000

/** What each payment address holds at start: two outputs (so coin selection has a choice). */
export const TEST_PAYMENT_OUTPUTS_SATS = [900_000_000, 100_000_000] as const

/** What each ordinals address holds at start: one output. */
export const TEST_ORDINALS_OUTPUT_SATS = 1_000_000

/** The funded test accounts, in a fixed order. */
export const bitcoinTestAccounts: readonly BitcoinTestAccount[] = [
  {
    name: 'Alice',
    payment: {
      seed: 'appkit-elements/bitcoin/test-account/0/payment',
      privateKey: '70fbf3765bd846f230c34eeaf07342ded3e85a8c723098739034fd382d4e0d9d',
      publicKey: '0316203cdab0044fc7738d27491c9d9f842d0627bfb30511a794d5f91e087ebc97',
      address: 'bcrt1qvjg7uyaw0m4gns0g2jq0lmpyj0wpu8xhlvkrx7',
      wif: 'cRNKz5dsLQacy5fq5ZjJxLTeKiZUrJBgPHMUfiZPD7jum8fWgydZ'
    },
    ordinals: {
      seed: 'appkit-elements/bitcoin/test-account/0/ordinals',
      privateKey: 'f0970b7843917419a3dfb569b239583be79a8f8c772720a271318e031a0482ae',
      publicKey: '15da98d5e26b6cf9b06e65cbaac1f1e43e11b511350caf2a661cca323ec5af5e',
      address: 'bcrt1pmrgdcwjcdxrhdau6h3f0mdzlfhspm5utm2qlqwqfp8t3p0sen50ssknufe',
      wif: 'cVeNq9WH8zp9ZES8kN7fGmqCS1iytb17wLwenURPLprsEVDs2xxM'
    }
  },
  {
    name: 'Bob',
    payment: {
      seed: 'appkit-elements/bitcoin/test-account/1/payment',
      privateKey: 'ef10eca869cad7ca863c38b698b014c26db56eccba87bb54d55f2be51548db3b',
      publicKey: '02a5b298e88c591b0557092748dee23fff8990cdb05fb473a5afa49e9cb9214597',
      address: 'bcrt1q3ehhjfht896tvvw6mqjlv75ntwldmkwkqzj6ll',
      wif: 'cVbR23ebhWM79J7L92StdjhZk178D1py953S4kF3uF3ccMLVCfur'
    },
    ordinals: {
      seed: 'appkit-elements/bitcoin/test-account/1/ordinals',
      privateKey: 'ae74a7b42a067764c6900d515d9c8e0ca8964191cce75a474c1e5de9834ef80f',
      publicKey: '2a4f6ebdb1fb3a0f2a6309ef5f8de32bd21343ee38e7d8674cb80f87a13c44d7',
      address: 'bcrt1p62ctre6cp45lzn4fgn2gcsw5h4cr8v4k6xvp97tzpwpal60vtmkqugjmyj',
      wif: 'cTRpZ4jpcuXjkFgqtx2i3zEP8mifC6SxpDWY2FyYrrPKuuPyDVFx'
    }
  },
  {
    name: 'Carol',
    payment: {
      seed: 'appkit-elements/bitcoin/test-account/2/payment',
      privateKey: '0a5035e464bb719f3b47d4935b713ef1f27f2bfe96746383e7aad62554b566f7',
      publicKey: '021cc151f6acd3d88a851e495d118a7120a20d6317051c3c773dcd9d4660f6798a',
      address: 'bcrt1qmq8z5kjq4qdlmmsmz00futer29rfrcncxv4esf',
      wif: 'cMvkRCu7Tj3cqdUMs4b5N69Gf1mhRQMCowNgQXcJbNRxzpr59a68'
    },
    ordinals: {
      seed: 'appkit-elements/bitcoin/test-account/2/ordinals',
      privateKey: 'a3dfdd6691be51b041ea585873999211ec07b9d52599ab796361a98905dcaddb',
      publicKey: '8b6e081ea94ac1e776c731453880755ba3672f8418192f1610bada09ceb09e44',
      address: 'bcrt1pfkwh534cnv0xs8z8rp7j03pk32pz2vtaf4mmtu5q5k6kyt3x8ycs2gfsrc',
      wif: 'cT5FaetKhvo6A4oo6xEa5EMaGGPSReYa3YYoccCXFAECe9YZmaYF'
    }
  },
  {
    name: 'Dave',
    payment: {
      seed: 'appkit-elements/bitcoin/test-account/3/payment',
      privateKey: '576c81f036fe121309dad211d88dc4ccd489af82a64cc721f8a73d969b9e7753',
      publicKey: '02150bd901e9ea114771a1999669991daa4453d7a5974c0c1d5fdb8c9963bd33e3',
      address: 'bcrt1q008gh6zu2qe35ae87350306l3cumxpvy5ymc7r',
      wif: 'cQWeCbkXNKUeUJmsT9Uwz8QVeCCzqEP4o4BsL6kTP9jFYX4z2F2r'
    },
    ordinals: {
      seed: 'appkit-elements/bitcoin/test-account/3/ordinals',
      privateKey: '70dffe3042ace14883c2a7a9f6b9c67eb897f27d0f9f3c4e761e4f06e2439aac',
      publicKey: '8df504a99dce26ff807551770a48e3ba92fb11d5825eb1ddb12dcd968c4c9ea5',
      address: 'bcrt1p045whx7zshds4asndvz7nhvqx6vk2m26686wysm8yslrwca4wx2qyju63y',
      wif: 'cRN7fvozXvKjYBGtjbieZwB2wovcwqARauDAxafbeZTm2XGtgdZF'
    }
  }
]

/**
 * The faucet: block 1's coinbase pays it what the test accounts do not take (and the interval
 * miner pays it every block's reward), so a test can fund a fresh address from it.
 */
export const bitcoinFaucet = {
  name: 'Faucet',
  seed: 'appkit-elements/bitcoin/faucet',
  privateKey: 'b8a2ae4729fec36eabfdd2ceb52c96810d99f3b1146659a70a8f49aa2565ceac',
  address: 'bcrt1qjl590klw5mcekgzsmy9h0z3aq97wk0wqkvsmxv',
  wif: 'cTmcGVaoS2GAQ3DQrpEJQ7deQV8QY7iHcs4vtbujgK5kcnE3xrYh'
} as const
