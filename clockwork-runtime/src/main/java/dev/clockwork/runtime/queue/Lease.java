package dev.clockwork.runtime.queue;

import java.time.Instant;
import java.util.UUID;

/**
 * The right to process one instance's events, held by one worker until {@link #expiresAt()}. A
 * commit must present the token: once a lease has expired and another worker took the instance, the
 * first worker's commit is refused ({@link LeaseLostException}).
 *
 * @param instanceId the leased instance
 * @param owner who holds it (a worker name, for operators)
 * @param token unique per lease
 * @param expiresAt when it lapses unless renewed
 */
public record Lease(String instanceId, String owner, UUID token, Instant expiresAt) {
  public Lease renewedUntil(Instant newExpiry) {
    return new Lease(instanceId, owner, token, newExpiry);
  }
}
