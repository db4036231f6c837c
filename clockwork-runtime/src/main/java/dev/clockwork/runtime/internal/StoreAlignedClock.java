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
 * The engine's clock on a store several nodes share: the store's clock ({@link
 * dev.clockwork.runtime.store.WorkStore#sharedTime}) as last read, carried forward by this
 * process's monotonic clock ({@link System#nanoTime}), so every node measures due timers and lease
 * expiry by the same time, and neither a host clock that is wrong nor one that steps (an NTP
 * correction, a resumed VM) moves it. A node whose clock runs 30 s ahead would otherwise fire
 * timers 30 s early and take leases other nodes still hold. Until the store's clock has been read
 * once, the local clock stands in.
 *
 * <p>It is never ahead of the store's clock (so a timer never fires early by it): a reading taken
 * during a round trip was true at some instant within it, so the reading carried forward from the
 * round trip's <em>end</em> is a lower bound of the store's time. {@link #measure} takes a few
 * readings and keeps the highest lower bound; it moves forward whenever a reading proves the time
 * later, and back only when a reading proves it earlier (the reading carried forward from the round
 * trip's start is below it: the store's clock stepped back). It lags the store's clock by at most
 * the shortest round trip.
 */
public final class StoreAlignedClock extends Clock {
  private static final Logger LOG = LoggerFactory.getLogger(StoreAlignedClock.class);

  /** How often a started engine measures again. */
  public static final Duration INTERVAL = Duration.ofSeconds(30);

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
   * @param shared reads the shared clock ({@link
   *     dev.clockwork.runtime.store.WorkStore#sharedTime}); may throw while the store is down
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
    StoreAlignedClock clock =
        new StoreAlignedClock(local, store.work()::sharedTime, System::nanoTime);
    try {
      if (store.work().sharedTime().isEmpty()) {
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
   * Reads the store's clock and moves the time it runs on when a reading proves it later, or
   * earlier. A store that cannot be read (down for a moment) leaves it as it was.
   */
  public void measure() {
    Instant lower = null;
    Instant upper = null;
    long at = 0;
    for (int i = 0; i < SAMPLES; i++) {
      long before = nanos.getAsLong();
      Optional<Instant> reading;
      try {
        reading = shared.get();
      } catch (RuntimeException e) {
        LOG.debug("could not read the store's clock; keeping the time it gave last", e);
        return;
      }
      long after = nanos.getAsLong();
      if (reading.isEmpty()) {
        return;
      }
      if (lower == null) {
        at = after;
        lower = reading.get();
        upper = reading.get().plusNanos(after - before);
      } else {
        // the earlier bounds, carried forward to this reading's end
        Instant earlierLower = lower.plusNanos(after - at);
        Instant earlierUpper = upper.plusNanos(after - at);
        at = after;
        lower = max(earlierLower, reading.get());
        upper = min(earlierUpper, reading.get().plusNanos(after - before));
      }
    }
    adopt(new Anchor(lower, at), upper);
  }

  private void adopt(Anchor lowest, Instant upper) {
    Anchor current = anchor.get();
    Instant carried = current == null ? null : current.at(lowest.nanos());
    boolean provedLater = carried == null || lowest.shared().isAfter(carried);
    boolean provedEarlier = carried != null && carried.isAfter(upper);
    if (!provedLater && !provedEarlier) {
      return;
    }
    anchor.set(lowest);
    Duration measured =
        Duration.between(
            local.instant().minusNanos(nanos.getAsLong() - lowest.nanos()), lowest.shared());
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

  private static Instant max(Instant a, Instant b) {
    return a.isAfter(b) ? a : b;
  }

  private static Instant min(Instant a, Instant b) {
    return a.isBefore(b) ? a : b;
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
