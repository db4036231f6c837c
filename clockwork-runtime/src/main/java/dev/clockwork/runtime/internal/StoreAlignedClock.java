package dev.clockwork.runtime.internal;

import dev.clockwork.runtime.store.Store;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The engine's clock on a store several nodes share: this node's clock moved by how far it is from
 * the store's ({@link Store#sharedTime}), so every node measures due timers and lease expiry by the
 * same time. A node whose clock runs 30 s ahead would otherwise fire timers 30 s early and take
 * leases other nodes still hold; one 30 s behind would fire them late and arm them in the past.
 *
 * <p>{@link #measure} reads the store's clock a few times and keeps the reading with the shortest
 * round trip (its error is at most half that round trip); readings with a round trip over {@link
 * #MAX_ROUND_TRIP} are not trusted. The offset changes only when a reading differs from it by more
 * than {@link #TOLERANCE}, so the engine's time does not jitter by a few milliseconds.
 */
public final class StoreAlignedClock extends Clock {
  private static final Logger LOG = LoggerFactory.getLogger(StoreAlignedClock.class);

  /** How often a started engine measures again. */
  public static final Duration INTERVAL = Duration.ofSeconds(30);

  static final Duration TOLERANCE = Duration.ofMillis(20);
  static final Duration MAX_ROUND_TRIP = Duration.ofMillis(500);
  static final Duration WARN_AT = Duration.ofSeconds(1);
  private static final int SAMPLES = 3;

  private final Clock local;
  private final Supplier<Optional<Instant>> shared;
  private final AtomicReference<Duration> offset;

  /**
   * @param shared reads the shared clock ({@link Store#sharedTime}); may throw while the store is
   *     down
   */
  public StoreAlignedClock(Clock local, Supplier<Optional<Instant>> shared) {
    this(local, shared, new AtomicReference<>(Duration.ZERO));
  }

  private StoreAlignedClock(
      Clock local, Supplier<Optional<Instant>> shared, AtomicReference<Duration> offset) {
    this.local = local;
    this.shared = shared;
    this.offset = offset;
  }

  /**
   * A clock on {@code local} aligned with {@code store}'s, measured once; null when the store has
   * no shared clock (an in-memory store). A store that cannot be read now gets an aligned clock
   * with no offset yet, measured again later.
   */
  public static StoreAlignedClock on(Clock local, Store store) {
    try {
      if (store.sharedTime().isEmpty()) {
        return null;
      }
    } catch (RuntimeException e) {
      LOG.debug("could not read the store's clock; measuring again later", e);
    }
    StoreAlignedClock clock = new StoreAlignedClock(local, store::sharedTime);
    clock.measure();
    return clock;
  }

  /**
   * Reads the store's clock and adopts its offset from this node's when it moved past the
   * tolerance. A store that cannot be read (down for a moment) leaves the offset as it was.
   */
  public void measure() {
    Duration best = null;
    Duration bestRoundTrip = null;
    for (int i = 0; i < SAMPLES; i++) {
      Instant before = local.instant();
      Optional<Instant> reading;
      try {
        reading = shared.get();
      } catch (RuntimeException e) {
        LOG.debug("could not read the store's clock; keeping the offset {}", offset.get(), e);
        return;
      }
      Instant after = local.instant();
      if (reading.isEmpty()) {
        return;
      }
      Duration roundTrip = Duration.between(before, after);
      if (bestRoundTrip == null || roundTrip.compareTo(bestRoundTrip) < 0) {
        bestRoundTrip = roundTrip;
        best = Duration.between(before.plus(roundTrip.dividedBy(2)), reading.get());
      }
    }
    if (bestRoundTrip.compareTo(MAX_ROUND_TRIP) > 0) {
      LOG.debug("the store's clock answered in {}; not trusted, offset kept", bestRoundTrip);
      return;
    }
    adopt(best);
  }

  private void adopt(Duration measured) {
    if (measured.minus(offset.get()).abs().compareTo(TOLERANCE) <= 0) {
      return;
    }
    offset.set(measured);
    if (measured.abs().compareTo(WARN_AT) >= 0) {
      LOG.warn(
          "this node's clock is {} ms {} the database's; Clockwork runs on the database's time"
              + " (check the host's time synchronisation)",
          measured.abs().toMillis(),
          measured.isNegative() ? "ahead of" : "behind");
    } else {
      LOG.debug("clock offset to the database's: {} ms", measured.toMillis());
    }
  }

  /** How far the store's clock is ahead of this node's (negative: behind). */
  public Duration offset() {
    return offset.get();
  }

  @Override
  public Instant instant() {
    return local.instant().plus(offset.get());
  }

  @Override
  public long millis() {
    return instant().toEpochMilli();
  }

  @Override
  public ZoneId getZone() {
    return local.getZone();
  }

  @Override
  public Clock withZone(ZoneId zone) {
    return new StoreAlignedClock(local.withZone(zone), shared, offset);
  }
}
