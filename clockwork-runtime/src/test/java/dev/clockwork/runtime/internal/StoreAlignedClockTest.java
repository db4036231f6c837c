package dev.clockwork.runtime.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.runtime.clock.VirtualClock;
import dev.clockwork.runtime.store.memory.InMemoryStore;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

class StoreAlignedClockTest {
  private static final Instant T0 = Instant.parse("2026-11-24T10:00:00Z");
  private final VirtualClock local = VirtualClock.at(T0);

  /** A shared clock {@code ahead} of the local one. */
  private Supplier<Optional<Instant>> sharedAhead(Duration ahead) {
    return () -> Optional.of(local.instant().plus(ahead));
  }

  @Test
  void runsOnTheSharedClockOnceMeasured() {
    StoreAlignedClock clock = new StoreAlignedClock(local, sharedAhead(Duration.ofSeconds(-30)));
    assertThat(clock.instant()).isEqualTo(T0);

    clock.measure();

    assertThat(clock.offset()).isEqualTo(Duration.ofSeconds(-30));
    assertThat(clock.instant()).isEqualTo(T0.minusSeconds(30));
    local.moveTo(T0.plusSeconds(5));
    assertThat(clock.instant()).isEqualTo(T0.minusSeconds(25));
    assertThat(clock.withZone(java.time.ZoneId.of("Europe/Paris")).instant())
        .isEqualTo(T0.minusSeconds(25));
  }

  @Test
  void keepsItsOffsetThroughJitterAndFollowsRealChanges() {
    Duration[] ahead = {Duration.ofSeconds(30)};
    StoreAlignedClock clock =
        new StoreAlignedClock(local, () -> Optional.of(local.instant().plus(ahead[0])));
    clock.measure();

    ahead[0] = Duration.ofMillis(30_015);
    clock.measure();
    assertThat(clock.offset()).isEqualTo(Duration.ofSeconds(30));

    ahead[0] = Duration.ofMillis(30_500);
    clock.measure();
    assertThat(clock.offset()).isEqualTo(Duration.ofMillis(30_500));
  }

  @Test
  void aStoreThatCannotBeReadLeavesTheOffsetAsItWas() {
    boolean[] down = {false};
    StoreAlignedClock clock =
        new StoreAlignedClock(
            local,
            () -> {
              if (down[0]) {
                throw new IllegalStateException("connection refused");
              }
              return Optional.of(local.instant().plusSeconds(7));
            });
    clock.measure();
    down[0] = true;

    clock.measure();

    assertThat(clock.offset()).isEqualTo(Duration.ofSeconds(7));
  }

  @Test
  void aReadingThatTookTooLongIsNotTrusted() {
    StoreAlignedClock clock =
        new StoreAlignedClock(
            local,
            () -> {
              Instant answered = local.instant().plusSeconds(30);
              local.moveTo(local.instant().plus(StoreAlignedClock.MAX_ROUND_TRIP).plusMillis(1));
              return Optional.of(answered);
            });

    clock.measure();

    assertThat(clock.offset()).isZero();
  }

  @Test
  void theReadingWithTheShortestRoundTripWins() {
    int[] call = {0};
    StoreAlignedClock clock =
        new StoreAlignedClock(
            local,
            () -> {
              // the first reading takes 400 ms and answers at its start; the others are instant
              Instant answered = local.instant().plusSeconds(10);
              if (call[0]++ == 0) {
                local.moveTo(local.instant().plusMillis(400));
              }
              return Optional.of(answered);
            });

    clock.measure();

    assertThat(clock.offset()).isEqualTo(Duration.ofSeconds(10));
  }

  @Test
  void aStoreWithoutASharedClockGetsNoAlignedClock() {
    assertThat(StoreAlignedClock.on(local, new InMemoryStore())).isNull();
  }
}
