package dev.clockwork.spring.boot.properties;

import java.time.Duration;
import java.time.temporal.ChronoUnit;
import org.springframework.boot.convert.DurationUnit;

/**
 * A {@code parallel_dispatch} block. As in {@code clockwork.yaml}, a bare number is seconds.
 *
 * @param enabled whether region entry actions run as concurrent jobs
 * @param queue the queue of the region jobs
 * @param lockTimeout how long a job waits for the instance's lease
 * @param lockTtl the lease a job holds while it merges
 * @param jobTimeout how long a region's entry action may run
 * @param jobTries attempts of a region job
 * @param jobBackoff the wait between attempts
 * @param regionTimeout how long a parallel state may wait for its regions (0: no limit)
 */
public record ParallelDispatchProperties(
    Boolean enabled,
    String queue,
    @DurationUnit(ChronoUnit.SECONDS) Duration lockTimeout,
    @DurationUnit(ChronoUnit.SECONDS) Duration lockTtl,
    @DurationUnit(ChronoUnit.SECONDS) Duration jobTimeout,
    Integer jobTries,
    @DurationUnit(ChronoUnit.SECONDS) Duration jobBackoff,
    @DurationUnit(ChronoUnit.SECONDS) Duration regionTimeout) {}
