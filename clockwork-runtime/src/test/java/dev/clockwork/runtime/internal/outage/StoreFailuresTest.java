package dev.clockwork.runtime.internal.outage;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.core.ClockworkException;
import dev.clockwork.runtime.clock.VirtualClock;
import dev.clockwork.runtime.health.HealthLevel;
import dev.clockwork.runtime.health.HealthReport;
import dev.clockwork.runtime.health.StoreHealth;
import dev.clockwork.runtime.health.StoreOutage;
import dev.clockwork.runtime.store.StoreFailedException;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * An outage of the store as the workers meet it: it starts with a store failure, says why and since
 * when, warns once per interval however often the workers try, and ends with a call that succeeds.
 */
class StoreFailuresTest {
  private final VirtualClock clock = VirtualClock.at("2026-11-28T10:14:03Z");
  private final StoreFailures failures = new StoreFailures(clock, Duration.ofSeconds(1));

  private static StoreFailedException readOnly() {
    return new StoreFailedException(
        "PostgreSQL store at db could not claim work: ERROR: cannot execute UPDATE in a read-only"
            + " transaction (SQLState 25006)",
        "the database is read-only",
        "25006",
        null);
  }

  @Test
  void anOutageSaysWhySinceWhenAndHowTheWorkersRetry() {
    assertThat(failures.failed("claim work", readOnly())).isTrue();
    clock.advance(Duration.ofSeconds(28));
    failures.failed("commit", new ClockworkException("wrapped", readOnly()));

    StoreOutage outage = failures.current().orElseThrow();
    assertThat(outage.cause()).isEqualTo("the database is read-only (25006)");
    assertThat(outage.failures()).isEqualTo(2);
    assertThat(outage.describe())
        .isEqualTo(
            "the database is read-only (25006) since 10:14:03 UTC: 2 store calls failed, the last"
                + " at 10:14:31 UTC (commit); workers back off and try again every 1 s");
  }

  @Test
  void aFailureThatIsNotTheStoresIsLeftToTheCaller() {
    assertThat(failures.failed("claim work", new IllegalStateException("a bug"))).isFalse();
    assertThat(failures.current()).isEmpty();
  }

  @Test
  void oneWarningPerIntervalHoweverOftenTheWorkersTry() {
    for (int i = 0; i < 300; i++) { // 30 s of claims every 100 ms
      failures.failed("claim work", readOnly());
      clock.advance(Duration.ofMillis(100));
    }
    assertThat(failures.current().orElseThrow().failures()).isEqualTo(300);
    assertThat(failures.warnings()).isEqualTo(3);
  }

  @Test
  void aNewCauseIsWarnedAtOnce() {
    failures.failed(
        "claim work",
        new StoreFailedException("ended", "the database server was shut down", "57P01", null));
    failures.failed("claim work", readOnly());
    assertThat(failures.warnings()).isEqualTo(2);
    assertThat(failures.current().orElseThrow().cause())
        .isEqualTo("the database is read-only (25006)");
  }

  @Test
  void aCallThatSucceedsEndsTheOutageAndTheHealthReportClears() {
    failures.failed("claim work", readOnly());
    HealthReport failing =
        StoreHealth.add(
            new HealthReport(HealthLevel.HEALTHY, List.of(), List.of()), failures.current());
    assertThat(failing.overall()).isEqualTo(HealthLevel.CRITICAL);
    assertThat(failing.checks())
        .singleElement()
        .satisfies(
            check -> {
              assertThat(check.subject()).isEqualTo("store");
              assertThat(check.detail()).startsWith("the database is read-only (25006) since");
            });
    assertThat(failing.recommendations())
        .singleElement()
        .asString()
        .contains("the workers resume by themselves");

    failures.succeeded();

    assertThat(failures.current()).isEmpty();
    HealthReport healthy =
        StoreHealth.add(
            new HealthReport(HealthLevel.HEALTHY, List.of(), List.of()), failures.current());
    assertThat(healthy.overall()).isEqualTo(HealthLevel.HEALTHY);
    assertThat(healthy.checks())
        .singleElement()
        .satisfies(check -> assertThat(check.level()).isEqualTo(HealthLevel.HEALTHY));
    assertThat(healthy.recommendations()).isEmpty();
  }
}
