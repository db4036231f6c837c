package dev.clockwork.runtime.internal.outage;

import dev.clockwork.runtime.health.StoreOutage;
import dev.clockwork.runtime.store.StoreFailedException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The store's failures as this engine's workers meet them: an outage starts with a claim, commit,
 * lease renewal or periodic task that the store fails ({@link StoreFailedException} anywhere in the
 * cause chain) and ends with the next claim or commit that succeeds. While it lasts, one warning is
 * logged when it starts and at most one per {@link #WARN_EVERY} after that (the workers keep trying
 * every poll interval: a log line per try would flood the log of a database that refuses writes for
 * an hour), and one line when it ends.
 */
public final class StoreFailures {
  private static final Logger LOG = LoggerFactory.getLogger(StoreFailures.class);

  /** The shortest time between two warnings of one outage. */
  public static final Duration WARN_EVERY = Duration.ofSeconds(10);

  private final Clock clock;
  private final Duration retryEvery;
  private volatile StoreOutage outage;
  private Instant warned;
  private String warnedCause;
  private long warnings;

  /**
   * @param retryEvery how long the workers wait after a failed claim (the poll interval)
   */
  public StoreFailures(Clock clock, Duration retryEvery) {
    this.clock = clock;
    this.retryEvery = retryEvery;
  }

  /** The store failure in {@code e}'s cause chain, if any. */
  public static Optional<StoreFailedException> storeFailure(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof StoreFailedException failure) {
        return Optional.of(failure);
      }
    }
    return Optional.empty();
  }

  /**
   * Records {@code e} when it is a store failure (and logs it, at most once per {@link
   * #WARN_EVERY}); returns false, recording nothing, for anything else: the caller logs it.
   *
   * @param call what failed, e.g. {@code claim work}
   */
  public boolean failed(String call, RuntimeException e) {
    Optional<StoreFailedException> found = storeFailure(e);
    if (found.isEmpty()) {
      return false;
    }
    StoreFailedException failure = found.get();
    Instant now = clock.instant();
    StoreOutage current;
    boolean warn;
    String cause =
        failure.code() == null ? failure.reason() : failure.reason() + " (" + failure.code() + ")";
    synchronized (this) {
      outage =
          new StoreOutage(
              failure.reason(),
              failure.code(),
              outage == null ? now : outage.since(),
              now,
              outage == null ? 1 : outage.failures() + 1,
              call,
              retryEvery);
      warn = warned == null || !cause.equals(warnedCause) || !now.isBefore(warned.plus(WARN_EVERY));
      if (warn) {
        warned = now;
        warnedCause = cause;
        warnings++;
      }
      current = outage;
    }
    if (warn) {
      LOG.warn("the store fails the workers: {}; latest: {}", current.describe(), e.getMessage());
    }
    return true;
  }

  /** Ends the outage, if any: a claim or commit succeeded. */
  public void succeeded() {
    if (outage == null) {
      return; // the common case, without taking the lock
    }
    StoreOutage ended;
    synchronized (this) {
      if (outage == null) {
        return;
      }
      ended = outage;
      outage = null;
      warned = null;
      warnedCause = null;
    }
    LOG.info(
        "the store accepts the workers' calls again after {} ({} failed since {}); work resumes",
        Duration.between(ended.since(), clock.instant()),
        ended.failures(),
        ended.since());
  }

  /** How many warnings this engine logged about its store's failures. */
  public synchronized long warnings() {
    return warnings;
  }

  /** The outage going on, if any. */
  public Optional<StoreOutage> current() {
    return Optional.ofNullable(outage);
  }
}
