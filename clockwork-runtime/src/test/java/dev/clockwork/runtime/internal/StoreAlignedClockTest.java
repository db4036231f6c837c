package dev.clockwork.runtime.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.runtime.clock.VirtualClock;
import dev.clockwork.runtime.store.memory.InMemoryStore;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * The clock aligned with a store's: a host clock ({@code local}) that may be wrong or step, a
 * monotonic clock ({@code nanos}) that only moves forward, and the store's clock ({@code shared}).
 */
class StoreAlignedClockTest {
  private static final Instant T0 = Instant.parse("2026-11-24T10:00:00Z");

  private final VirtualClock local = VirtualClock.at(T0);
  private final AtomicLong nanos = new AtomicLong(1_000_000_000L);

  /** The store's clock: {@code ahead} of the host's at the start, moving with the monotonic one. */
  private final AtomicReference<Duration> ahead = new AtomicReference<>(Duration.ZERO);

  private Optional<Instant> storeNow() {
    return Optional.of(T0.plus(ahead.get()).plusNanos(nanos.get() - 1_000_000_000L));
  }

  private StoreAlignedClock clock(Supplier<Optional<Instant>> shared) {
    return new StoreAlignedClock(local, shared, nanos::get);
  }

  private void elapse(Duration duration) {
    nanos.addAndGet(duration.toNanos());
    local.moveTo(local.instant().plus(duration));
  }

  @Test
  void runsOnTheStoresClockOnceMeasured() {
    ahead.set(Duration.ofSeconds(-30));
    StoreAlignedClock clock = clock(this::storeNow);
    assertThat(clock.instant()).as("the host's clock until measured").isEqualTo(T0);

    clock.measure();

    assertThat(clock.instant()).isEqualTo(T0.minusSeconds(30));
    assertThat(clock.skew()).isEqualTo(Duration.ofSeconds(-30));
    elapse(Duration.ofSeconds(5));
    assertThat(clock.instant()).isEqualTo(T0.minusSeconds(25));
    assertThat(clock.withZone(ZoneId.of("Europe/Paris")).instant()).isEqualTo(T0.minusSeconds(25));
  }

  @Test
  void aStepOfTheHostsClockDoesNotMoveIt() {
    StoreAlignedClock clock = clock(this::storeNow);
    clock.measure();

    local.moveTo(T0.plusSeconds(3_600)); // NTP steps the host an hour ahead
    elapse(Duration.ofSeconds(1));

    assertThat(clock.instant()).isEqualTo(T0.plusSeconds(1));
  }

  @Test
  void followsTheStoresClockForwardAndBackOnlyWhenAReadingProvesIt() {
    StoreAlignedClock clock = clock(this::storeNow);
    clock.measure();

    ahead.set(Duration.ofMillis(15));
    clock.measure();
    assertThat(clock.instant()).as("a reading proves it later").isEqualTo(T0.plusMillis(15));

    ahead.set(Duration.ofMillis(-500));
    clock.measure();
    assertThat(clock.instant()).as("a reading proves it earlier").isEqualTo(T0.minusMillis(500));
  }

  @Test
  void aSlowReadingThatProvesNothingLeavesItAsItWas() {
    boolean[] slow = {false};
    StoreAlignedClock clock =
        clock(
            () -> {
              Optional<Instant> answered = storeNow(); // answers at the start of its round trip
              if (slow[0]) {
                elapse(Duration.ofMillis(300));
              }
              return answered;
            });
    clock.measure();
    slow[0] = true;

    clock.measure();

    assertThat(clock.instant()).isEqualTo(storeNow().orElseThrow());
  }

  @Test
  void itIsNeverAheadOfTheStoresClockAndLagsByAtMostTheShortestRoundTrip() {
    int[] call = {0};
    ahead.set(Duration.ofSeconds(30));
    StoreAlignedClock clock =
        clock(
            () -> {
              // the first reading takes 300 ms, the others 2 ms; each answers at its start
              Optional<Instant> answered = storeNow();
              elapse(Duration.ofMillis(call[0]++ == 0 ? 300 : 2));
              return answered;
            });

    clock.measure();

    Instant truth = storeNow().orElseThrow();
    assertThat(clock.instant()).isBeforeOrEqualTo(truth).isAfterOrEqualTo(truth.minusMillis(2));
  }

  @Test
  void aStoreThatCannotBeReadLeavesItsTimeAsItWas() {
    boolean[] down = {false};
    ahead.set(Duration.ofSeconds(7));
    StoreAlignedClock clock =
        clock(
            () -> {
              if (down[0]) {
                throw new IllegalStateException("connection refused");
              }
              return storeNow();
            });
    clock.measure();
    down[0] = true;
    ahead.set(Duration.ofSeconds(60));

    clock.measure();

    assertThat(clock.instant()).isEqualTo(T0.plusSeconds(7));
  }

  @Test
  void aStoreWithoutASharedClockGetsNoAlignedClock() {
    assertThat(StoreAlignedClock.on(local, new InMemoryStore())).isNull();
  }
}
