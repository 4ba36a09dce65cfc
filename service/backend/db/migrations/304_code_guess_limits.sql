-- Guesses at one-time codes, by address and by client IP (issue 33): the limits of
-- service/backend/embedded/guess-limits.ts count the wrong ones of the last hour. `subject` is
-- 'email:<address>' or 'ip:<address>'; rows older than the hour are deleted as new ones come.

CREATE TABLE IF NOT EXISTS wallet_code_guesses (
  id BIGSERIAL PRIMARY KEY,
  subject TEXT NOT NULL,
  guessed_at BIGINT NOT NULL
);
CREATE INDEX IF NOT EXISTS wallet_code_guesses_subject_idx ON wallet_code_guesses (subject, guessed_at);
