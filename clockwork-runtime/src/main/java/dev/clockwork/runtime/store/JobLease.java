package dev.clockwork.runtime.store;

import java.time.Instant;
import java.util.UUID;

/**
 * The right to run one region job, held by one worker until {@link #expiresAt()}. Like an instance
 * lease, it stays valid after expiring until another worker takes the job over; a write presenting
 * a lease that is no longer valid is refused.
 *
 * @param jobId the leased job
 * @param instanceId the job's instance
 * @param owner who holds it (a worker name, for operators)
 * @param token unique per lease
 * @param expiresAt when another worker may take the job over
 */
public record JobLease(
    long jobId, String instanceId, String owner, UUID token, Instant expiresAt) {}
