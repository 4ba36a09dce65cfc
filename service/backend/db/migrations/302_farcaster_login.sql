-- Sign In With Farcaster for the embedded wallet (server/embedded/farcaster-login.ts): an attempt is
-- one relay channel, known by the hash of a random id that only the frame of the device that
-- started it holds. The channel token is kept to ask the relay for the signed message; it grants
-- nothing here (the message is verified on chain). A Farcaster account is a wallet_social_identities
-- row with provider 'farcaster' and the fid as its subject.

CREATE TABLE IF NOT EXISTS wallet_farcaster_attempts (
  attempt_hash TEXT PRIMARY KEY,
  project_id TEXT NOT NULL,
  device_hash TEXT NOT NULL,
  channel_token TEXT NOT NULL,
  nonce TEXT NOT NULL,
  domain TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  expires_at BIGINT NOT NULL,
  used_at BIGINT
);
