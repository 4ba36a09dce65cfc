-- Social login for the embedded wallet (server/embedded/social-login.ts): an account may have no
-- e-mail address (a social login that gave none, or gave one the account does not own); the
-- provider's stable id for a visitor points to their account; an attempt is known by the hash of
-- its OAuth state until the provider sends the visitor back, then by the hash of a one-time result
-- that only the frame of the same device can redeem. Nothing secret is stored in the clear.

ALTER TABLE wallet_accounts ALTER COLUMN email DROP NOT NULL;

CREATE TABLE IF NOT EXISTS wallet_social_identities (
  provider TEXT NOT NULL,
  subject TEXT NOT NULL,
  account_id BIGINT NOT NULL REFERENCES wallet_accounts (id) ON DELETE CASCADE,
  username TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  last_login_at BIGINT NOT NULL,
  PRIMARY KEY (provider, subject)
);
CREATE INDEX IF NOT EXISTS wallet_social_identities_account_idx ON wallet_social_identities (account_id);

CREATE TABLE IF NOT EXISTS wallet_social_attempts (
  state_hash TEXT PRIMARY KEY,
  provider TEXT NOT NULL,
  project_id TEXT NOT NULL,
  return_url TEXT NOT NULL,
  device_hash TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  expires_at BIGINT NOT NULL,
  -- Set when the provider sent the visitor back: the result the frame redeems, and for whom.
  called_back_at BIGINT,
  result_hash TEXT UNIQUE,
  account_id BIGINT REFERENCES wallet_accounts (id) ON DELETE CASCADE,
  provider_username TEXT,
  used_at BIGINT
);
