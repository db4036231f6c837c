package dev.clockwork.runtime.internal;

import dev.clockwork.runtime.store.Store;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The engine's clock on a store several nodes share: the store's clock ({@link Store#sharedTime})
 * as last read, carried forward by this process's monotonic clock ({@link System#nanoTime}), so
 * every node measures due timers and lease expiry by the same time, and neither a host clock that
 * is wrong nor one that steps (an NTP correction, a resumed VM) moves it. A node whose clock runs
 * 30 s ahead would otherwise fire timers 30 s early and take leases other nodes still hold. Until
 * the store's clock has been read once, the local clock stands in.
 *
 * <p>{@link #measure} reads the store's clock a few times and keeps the reading with the shortest
 * round trip, anchored at that round trip's middle (its error is at most half of it); readings with
 * a round trip over {@link #MAX_ROUND_TRIP} are not trusted. The anchor moves only when a reading
 * differs from the time carried forward by more than {@link #TOLERANCE}, so the engine's time does
 * not jitter by a few milliseconds.
 */
public final class StoreAlignedClock extends Clock {
  private static final Logger LOG = LoggerFactory.getLogger(StoreAlignedClock.class);

  /** How often a started engine measures again. */
  public static final Duration INTERVAL = Duration.ofSeconds(30);

  static final Duration TOLERANCE = Duration.ofMillis(20);
  static final Duration MAX_ROUND_TRIP = Duration.ofMillis(200);
  static final Duration WARN_AT = Duration.ofSeconds(1);
  private static final int SAMPLES = 3;

  /** A reading of the store's clock and the monotonic instant it was taken at. */
  private record Anchor(Instant shared, long nanos) {
    Instant at(long now) {
      return shared.plusNanos(now - nanos);
    }
  }

  private final Clock local;
  private final Supplier<Optional<Instant>> shared;
  private final LongSupplier nanos;
  private final AtomicReference<Anchor> anchor;
  private volatile Duration skew = Duration.ZERO;

  /**
   * @param local the clock that stands in until the store's has been read, and gives the zone
   * @param shared reads the shared clock ({@link Store#sharedTime}); may throw while the store is
   *     down
   * @param nanos the monotonic clock readings are carried forward by ({@code System::nanoTime})
   */
  StoreAlignedClock(Clock local, Supplier<Optional<Instant>> shared, LongSupplier nanos) {
    this(local, shared, nanos, new AtomicReference<>());
  }

  private StoreAlignedClock(
      Clock local,
      Supplier<Optional<Instant>> shared,
      LongSupplier nanos,
      AtomicReference<Anchor> anchor) {
    this.local = local;
    this.shared = shared;
    this.nanos = nanos;
    this.anchor = anchor;
  }

  /**
   * A clock on {@code local} aligned with {@code store}'s, measured once; null when the store has
   * no shared clock (an in-memory store). A store that cannot be read now gets a clock that runs on
   * {@code local} until a later measurement succeeds.
   */
  public static StoreAlignedClock on(Clock local, Store store) {
    StoreAlignedClock clock = new StoreAlignedClock(local, store::sharedTime, System::nanoTime);
    try {
      if (store.sharedTime().isEmpty()) {
        return null;
      }
    } catch (RuntimeException e) {
      LOG.debug("could not read the store's clock; measuring again later", e);
      return clock;
    }
    clock.measure();
    return clock;
  }

  /**
   * Reads the store's clock and moves the anchor when the reading differs from the time carried
   * forward by more than the tolerance. A store that cannot be read (down for a moment) or answers
   * too slowly leaves the anchor as it was.
   */
  public void measure() {
    Anchor best = null;
    long bestRoundTrip = Long.MAX_VALUE;
    for (int i = 0; i < SAMPLES; i++) {
      long before = nanos.getAsLong();
      Optional<Instant> reading;
      try {
        reading = shared.get();
      } catch (RuntimeException e) {
        LOG.debug("could not read the store's clock; keeping the time it gave last", e);
        return;
      }
      long roundTrip = nanos.getAsLong() - before;
      if (reading.isEmpty()) {
        return;
      }
      if (roundTrip < bestRoundTrip) {
        bestRoundTrip = roundTrip;
        best = new Anchor(reading.get(), before + roundTrip / 2);
      }
    }
    if (bestRoundTrip > MAX_ROUND_TRIP.toNanos()) {
      LOG.debug("the store's clock answered in {} ns at best; not trusted", bestRoundTrip);
      return;
    }
    adopt(best);
  }

  private void adopt(Anchor reading) {
    Anchor current = anchor.get();
    if (current != null
        && Duration.between(current.at(reading.nanos()), reading.shared())
                .abs()
                .compareTo(TOLERANCE)
            <= 0) {
      return;
    }
    anchor.set(reading);
    Duration measured =
        Duration.between(
            local.instant().minusNanos(nanos.getAsLong() - reading.nanos()), reading.shared());
    Duration before = skew;
    skew = measured;
    if (measured.abs().compareTo(WARN_AT) >= 0
        && measured.minus(before).abs().compareTo(WARN_AT) >= 0) {
      LOG.warn(
          "this node's clock is {} ms {} the database's; Clockwork runs on the database's time"
              + " (check the host's time synchronisation)",
          measured.abs().toMillis(),
          measured.isNegative() ? "ahead of" : "behind");
    }
  }

  /** How far the store's clock was ahead of this node's at the last reading (negative: behind). */
  public Duration skew() {
    return skew;
  }

  @Override
  public Instant instant() {
    Anchor current = anchor.get();
    return current == null ? local.instant() : current.at(nanos.getAsLong());
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
    return new StoreAlignedClock(local.withZone(zone), shared, nanos, anchor);
  }
}
