package dev.clockwork.runtime.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * {@code parallel_dispatch:} in {@code clockwork.yaml}: the system block, machine blocks merged
 * over it key by key (as {@code queue:} is), the defaults where neither says anything, and every
 * key read.
 */
class ParallelDispatchInheritanceTest {

  private static Settings parse(String yaml) {
    return Settings.parse(yaml, "clockwork.yaml");
  }

  /** The system-level settings of a file with one key set. */
  private static ParallelDispatchConfig withKey(String keyAndValue) {
    return parse("parallel_dispatch:\n  " + keyAndValue + "\n").parallelDispatch();
  }

  @Test
  void withoutABlockEveryMachineGetsTheDefaults() {
    Settings config = parse("queue:\n  concurrency: 3\nmachines:\n  order:\n    queue: {}\n");
    assertThat(config.parallelDispatch()).isEqualTo(ParallelDispatchConfig.DEFAULT);
    assertThat(config.parallelDispatch("order")).isEqualTo(ParallelDispatchConfig.DEFAULT);
    assertThat(config.parallelDispatch("unlisted")).isEqualTo(ParallelDispatchConfig.DEFAULT);
    assertThat(Settings.defaults().parallelDispatch("order"))
        .isEqualTo(ParallelDispatchConfig.DEFAULT);
  }

  @Test
  void machineKeysOverrideTheSystemBlockKeyByKey() {
    Settings config =
        parse(
            """
            parallel_dispatch:
              enabled: true
              queue: regions
              job_tries: 5
              lock_timeout: 10 seconds
            machines:
              order:
                parallel_dispatch:
                  job_tries: 2        # overrides 5
                  region_timeout: 2 minutes
              report:
                parallel_dispatch:
                  enabled: false
                  queue: ~            # back to the default queue
              payment:
                queue:
                  concurrency: 1
            """);
    ParallelDispatchConfig order = config.parallelDispatch("order");
    assertThat(order.jobTries()).isEqualTo(2);
    assertThat(order.regionTimeout()).isEqualTo(Duration.ofMinutes(2));
    assertThat(order.enabled()).isTrue();
    assertThat(order.queue()).isEqualTo("regions");
    assertThat(order.lockTimeout()).isEqualTo(Duration.ofSeconds(10));
    assertThat(order.lockTtl()).isEqualTo(ParallelDispatchConfig.DEFAULT.lockTtl());

    ParallelDispatchConfig report = config.parallelDispatch("report");
    assertThat(report.enabled()).isFalse();
    assertThat(report.queue()).isNull();
    assertThat(report.jobTries()).isEqualTo(5);

    ParallelDispatchConfig system = config.parallelDispatch();
    assertThat(system.jobTries()).isEqualTo(5);
    assertThat(system.regionTimeout()).isZero();
    assertThat(config.parallelDispatch("payment")).isEqualTo(system);
    assertThat(config.parallelDispatch("unlisted")).isEqualTo(system);
  }

  @Test
  void aMachineBlockWithoutASystemBlockMergesOverTheDefaults() {
    Settings config = parse("machines:\n  order:\n    parallel_dispatch:\n      enabled: true\n");
    assertThat(config.parallelDispatch("order"))
        .isEqualTo(ParallelDispatchConfig.DEFAULT.withEnabled(true));
    assertThat(config.parallelDispatch()).isEqualTo(ParallelDispatchConfig.DEFAULT);
  }

  @Test
  void enabledIsRead() {
    assertThat(withKey("enabled: true").enabled()).isTrue();
    assertThat(withKey("enabled: yes").enabled()).isTrue();
    assertThat(withKey("enabled: false").enabled()).isFalse();
  }

  @Test
  void queueIsRead() {
    assertThat(withKey("queue: regions").queue()).isEqualTo("regions");
    assertThat(withKey("queue: null").queue()).isNull();
    assertThat(withKey("queue:").queue()).isNull();
  }

  @Test
  void lockTimeoutIsRead() {
    assertThat(withKey("lock_timeout: 45 seconds").lockTimeout()).isEqualTo(Duration.ofSeconds(45));
  }

  @Test
  void lockTtlIsRead() {
    assertThat(withKey("lock_ttl: 2 minutes").lockTtl()).isEqualTo(Duration.ofMinutes(2));
  }

  @Test
  void jobTimeoutIsRead() {
    assertThat(withKey("job_timeout: 10 minutes").jobTimeout()).isEqualTo(Duration.ofMinutes(10));
  }

  @Test
  void jobTriesIsRead() {
    assertThat(withKey("job_tries: 7").jobTries()).isEqualTo(7);
    assertThat(withKey("job_tries: 1").jobTries()).isEqualTo(1);
  }

  @Test
  void jobBackoffIsRead() {
    assertThat(withKey("job_backoff: 500 milliseconds").jobBackoff())
        .isEqualTo(Duration.ofMillis(500));
    assertThat(withKey("job_backoff: 0").jobBackoff()).isZero();
  }

  @Test
  void regionTimeoutIsRead() {
    ParallelDispatchConfig settings = withKey("region_timeout: 90 seconds");
    assertThat(settings.regionTimeout()).isEqualTo(Duration.ofSeconds(90));
    assertThat(settings.hasRegionTimeout()).isTrue();
  }

  @Test
  void regionTimeoutZeroTurnsTheTimeoutOff() {
    for (String zero : new String[] {"0", "0 seconds", "PT0S"}) {
      ParallelDispatchConfig settings =
          parse(
                  "parallel_dispatch:\n  region_timeout: 5 minutes\n"
                      + "machines:\n  order:\n    parallel_dispatch:\n      region_timeout: "
                      + zero
                      + "\n")
              .parallelDispatch("order");
      assertThat(settings.regionTimeout()).as(zero).isZero();
      assertThat(settings.hasRegionTimeout()).as(zero).isFalse();
    }
  }

  @Test
  void durationsTakeWordsIso8601AndBareSeconds() {
    Duration words = withKey("job_timeout: 5 minutes").jobTimeout();
    Duration iso = withKey("job_timeout: PT5M").jobTimeout();
    Duration bare = withKey("job_timeout: 300").jobTimeout();
    assertThat(words).isEqualTo(iso).isEqualTo(bare).isEqualTo(Duration.ofMinutes(5));
    assertThat(withKey("lock_timeout: PT30S").lockTimeout()).isEqualTo(Duration.ofSeconds(30));
    assertThat(withKey("lock_ttl: 500ms").lockTtl()).isEqualTo(Duration.ofMillis(500));
  }

  @Test
  void theSeedsBlockWrittenInBareSecondsReads() {
    ParallelDispatchConfig settings =
        parse(
                """
                parallel_dispatch:
                  enabled: true
                  queue: null
                  lock_timeout: 30
                  lock_ttl: 60
                  job_timeout: 300
                  job_tries: 3
                  job_backoff: 30
                  region_timeout: 0
                """)
            .parallelDispatch();
    assertThat(settings).isEqualTo(ParallelDispatchConfig.DEFAULT.withEnabled(true));
  }

  @Test
  void queueSettingsAreUnchangedByAParallelDispatchBlock() {
    Settings config =
        parse(
            """
            queue:
              concurrency: 4
            parallel_dispatch:
              queue: regions
            machines:
              order:
                queue:
                  concurrency: 2
                parallel_dispatch:
                  job_tries: 9
            """);
    assertThat(config.queue("order").concurrency()).isEqualTo(2);
    assertThat(config.queue().concurrency()).isEqualTo(4);
    assertThat(config.parallelDispatch("order").queue()).isEqualTo("regions");
  }
}
