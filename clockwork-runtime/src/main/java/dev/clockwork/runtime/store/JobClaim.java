package dev.clockwork.runtime.store;

/**
 * A region job a worker has leased.
 *
 * @param lease the lease to present when the job is finished, retried or dropped
 * @param job the job as stored when leased
 */
public record JobClaim(JobLease lease, RegionJob job) {}
