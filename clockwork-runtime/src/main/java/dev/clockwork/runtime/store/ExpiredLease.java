package dev.clockwork.runtime.store;

import java.time.Instant;

/**
 * A lease still held past its expiry: the worker holding it stopped renewing it (it crashed, hung
 * or lost the database) and no worker has taken the instance over yet — its event is stuck until
 * one does.
 *
 * @param instanceId the leased instance
 * @param machine its machine
 * @param owner the worker that holds the lease
 * @param expiredAt when the lease ran out
 */
public record ExpiredLease(String instanceId, String machine, String owner, Instant expiredAt) {}
