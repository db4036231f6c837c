-- Idempotency keys remember what their first event was (issue 13): the SHA-256 of its type and
-- payload written canonically (dev.clockwork.runtime.queue.EventFingerprint), so a key used again
-- with another event is refused (HTTP 409) instead of answering with the first event's outcome.
-- Keys kept before this migration have none and match any event, as before.

ALTER TABLE cw_idempotency ADD COLUMN fingerprint text;
