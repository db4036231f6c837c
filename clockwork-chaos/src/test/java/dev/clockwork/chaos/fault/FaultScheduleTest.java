package dev.clockwork.chaos.fault;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.chaos.machine.ChaosEngine;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class FaultScheduleTest {
  private static final Duration MINUTE = Duration.ofSeconds(60);

  @Test
  void theSameSeedGivesTheSameSchedule() {
    Set<FaultKind> all = FaultKind.all();
    assertThat(FaultSchedule.of(42, all, MINUTE, 3))
        .isEqualTo(FaultSchedule.of(42, all, MINUTE, 3));
    assertThat(FaultSchedule.of(42, all, MINUTE, 3))
        .isNotEqualTo(FaultSchedule.of(43, all, MINUTE, 3));
  }

  @Test
  void faultsStrikeWithinTheWindowAfterAQuietStart() {
    FaultSchedule schedule = FaultSchedule.of(7, FaultKind.all(), MINUTE, 3);
    assertThat(schedule.faults())
        .filteredOn(f -> !f.kind().isClock())
        .isNotEmpty()
        .allSatisfy(
            f -> {
              assertThat(f.at()).isBetween(FaultSchedule.QUIET_START, MINUTE);
              assertThat(f.worker()).isBetween(0, 2);
            });
    assertThat(schedule.clockFaults())
        .extracting(FaultSchedule.Fault::worker)
        .as("ahead and behind on two workers, for the whole run")
        .doesNotHaveDuplicates()
        .hasSize(2);
    assertThat(schedule.count(FaultKind.KILL)).isBetween(8L, 20L);
    assertThat(schedule.count(FaultKind.RESTART_DB)).isBetween(2L, 5L);
    assertThat(schedule.faults())
        .filteredOn(f -> f.kind() == FaultKind.RESTART_DB)
        .allSatisfy(
            f -> assertThat(f.downtime()).isBetween(Duration.ofSeconds(1), Duration.ofSeconds(3)));
  }

  @Test
  void theDatabaseRefusesWritesFor30SecondsWithinTheWindow() {
    for (long seed = 1; seed <= 20; seed++) {
      FaultSchedule schedule =
          FaultSchedule.of(seed, Set.of(FaultKind.READ_ONLY), Duration.ofSeconds(50), 3);
      assertThat(schedule.faults())
          .singleElement()
          .satisfies(
              f -> {
                assertThat(f.downtime()).isEqualTo(FaultKind.READ_ONLY_FOR);
                assertThat(f.at()).isGreaterThanOrEqualTo(FaultKind.READ_ONLY_FROM);
                assertThat(f.at().plus(f.downtime())).isLessThan(Duration.ofSeconds(50));
              });
    }
    assertThat(
            FaultSchedule.of(5, Set.of(FaultKind.READ_ONLY), Duration.ofMinutes(5), 3)
                .count(FaultKind.READ_ONLY))
        .as("a long window has several, apart")
        .isBetween(2L, 4L);
  }

  @Test
  void aPauseOutlastsTheLease() {
    FaultSchedule schedule = FaultSchedule.of(7, FaultKind.parseList("pause"), MINUTE, 3);
    assertThat(schedule.count(FaultKind.PAUSE)).isBetween(3L, 6L);
    assertThat(schedule.faults())
        .allSatisfy(
            f ->
                assertThat(f.downtime())
                    .isGreaterThan(ChaosEngine.LEASE_TIME)
                    .isLessThanOrEqualTo(ChaosEngine.LEASE_TIME.plusSeconds(4)));
  }

  @Test
  void addingAKindLeavesTheOthersWhereTheyWere() {
    FaultSchedule without = FaultSchedule.of(7, FaultKind.parseList("kill,terminate"), MINUTE, 3);
    FaultSchedule with =
        FaultSchedule.of(7, FaultKind.parseList("kill,terminate,pause"), MINUTE, 3);
    assertThat(with.faults())
        .filteredOn(f -> f.kind() != FaultKind.PAUSE)
        .isEqualTo(without.faults());
    FaultSchedule everything =
        FaultSchedule.of(7, FaultKind.parseList("kill,terminate,pause,net,operator"), MINUTE, 3);
    assertThat(everything.faults())
        .filteredOn(f -> f.kind() != FaultKind.NET && f.kind() != FaultKind.OPERATOR)
        .isEqualTo(with.faults());
  }

  @Test
  void theProxyFaultsHitOneWorkerAndTakeTurnsAtResetAndBlackhole() {
    FaultSchedule schedule = FaultSchedule.of(7, FaultKind.parseList("net"), MINUTE, 3);
    assertThat(schedule.count(FaultKind.NET)).isBetween(3L, 6L);
    int proxied = schedule.proxiedWorker().orElseThrow();
    assertThat(schedule.faults()).allSatisfy(f -> assertThat(f.worker()).isEqualTo(proxied));
    assertThat(schedule.faults())
        .extracting(FaultSchedule.Fault::variant)
        .contains(
            FaultSchedule.Variant.RESET,
            FaultSchedule.Variant.BLACKHOLE_THEN_FORWARD,
            FaultSchedule.Variant.BLACKHOLE_THEN_RESET);
    assertThat(schedule.faults())
        .allSatisfy(
            f -> {
              if (f.variant() == FaultSchedule.Variant.RESET) {
                assertThat(f.downtime()).isZero();
              } else {
                assertThat(f.downtime())
                    .isGreaterThan(ChaosEngine.LEASE_TIME)
                    .isLessThanOrEqualTo(ChaosEngine.LEASE_TIME.plusSeconds(4));
              }
            });
    for (int i = 1; i < schedule.faults().size(); i++) {
      FaultSchedule.Fault before = schedule.faults().get(i - 1);
      assertThat(before.at().plus(before.downtime())).isLessThan(schedule.faults().get(i).at());
    }
    assertThat(FaultSchedule.of(7, FaultKind.parseList("kill"), MINUTE, 3).proxiedWorker())
        .isEmpty();
  }

  @Test
  void theOperatorPausesForOneToFourSecondsAndPurgesInTurn() {
    FaultSchedule schedule = FaultSchedule.of(7, FaultKind.parseList("operator"), MINUTE, 3);
    assertThat(schedule.count(FaultKind.OPERATOR)).isBetween(6L, 12L);
    List<FaultSchedule.Variant> variants =
        schedule.faults().stream().map(FaultSchedule.Fault::variant).toList();
    for (int i = 1; i < variants.size(); i++) {
      assertThat(variants.get(i)).isNotEqualTo(variants.get(i - 1));
    }
    assertThat(schedule.faults())
        .allSatisfy(
            f -> {
              if (f.variant() == FaultSchedule.Variant.PAUSE_QUEUE) {
                assertThat(f.downtime()).isBetween(Duration.ofSeconds(1), Duration.ofSeconds(4));
              } else {
                assertThat(f.variant()).isEqualTo(FaultSchedule.Variant.PURGE_DEAD_LETTERS);
                assertThat(f.downtime()).isBetween(Duration.ZERO, Duration.ofSeconds(2));
              }
            });
    // the queue is resumed before the next operator fault strikes
    for (int i = 1; i < schedule.faults().size(); i++) {
      FaultSchedule.Fault before = schedule.faults().get(i - 1);
      assertThat(before.at().plus(before.downtime())).isLessThan(schedule.faults().get(i).at());
    }
  }

  @Test
  void aBaselineHasNoFaults() {
    assertThat(FaultSchedule.of(1, FaultKind.parseList("none"), MINUTE, 3).faults()).isEmpty();
  }

  @Test
  void aRollingDeployReplacesEveryWorkerOnceInTheFirstHalfOfTheWindow() {
    FaultSchedule schedule = FaultSchedule.of(7, Set.of(FaultKind.DEPLOY), MINUTE, 3);

    assertThat(schedule.faults()).extracting(FaultSchedule.Fault::worker).containsExactly(0, 1, 2);
    assertThat(schedule.faults().get(0).at()).isBetween(MINUTE.dividedBy(4), MINUTE.dividedBy(2));
    for (int i = 1; i < 3; i++) {
      assertThat(schedule.faults().get(i).at().minus(schedule.faults().get(i - 1).at()))
          .isBetween(Duration.ofSeconds(4), Duration.ofSeconds(7));
    }
  }

  @Test
  void namesParseToKinds() {
    assertThat(FaultKind.parseList("kill, terminate"))
        .containsExactlyInAnyOrder(FaultKind.KILL, FaultKind.TERMINATE);
    assertThat(FaultKind.parseList("all")).isEqualTo(FaultKind.all());
    assertThat(FaultKind.all())
        .as("every kind but the read-only database, which runs alone")
        .containsExactlyInAnyOrder(
            Arrays.stream(FaultKind.values())
                .filter(kind -> kind != FaultKind.READ_ONLY)
                .toArray(FaultKind[]::new));
    assertThat(FaultKind.parseList("read-only")).containsExactly(FaultKind.READ_ONLY);
  }
}
