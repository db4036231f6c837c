package dev.clockwork.runtime.config;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/**
 * Malformed {@code parallel_dispatch:} blocks: each error names the file, line, key path and fix.
 */
class ParallelDispatchMalformedConfigTest {

  private static void fails(String yaml, String message) {
    assertThatThrownBy(() -> Settings.parse(yaml, "clockwork.yaml"))
        .isInstanceOf(ConfigException.class)
        .hasMessageStartingWith(message);
  }

  @Test
  void badDuration() {
    fails(
        "parallel_dispatch:\n  enabled: true\n  lock_timeout: 30 sekunden\n",
        "clockwork.yaml:3: parallel_dispatch.lock_timeout: duration '30 sekunden': unknown unit"
            + " 'sekunden'");
  }

  @Test
  void aBadDurationSaysBareSecondsAreAccepted() {
    assertThatThrownBy(
            () -> Settings.parse("parallel_dispatch:\n  lock_ttl: soon\n", "clockwork.yaml"))
        .hasMessageContaining("PT30S")
        .hasMessageEndingWith("or a whole number of seconds (30)");
  }

  @Test
  void aFractionOfSecondsIsNotABareNumber() {
    fails(
        "parallel_dispatch:\n  job_timeout: 1.5\n",
        "clockwork.yaml:2: parallel_dispatch.job_timeout: duration '1.5'");
  }

  @Test
  void badDurationInAMachineBlock() {
    fails(
        "machines:\n  order:\n    parallel_dispatch:\n      job_timeout: P1M\n",
        "clockwork.yaml:4: machines.order.parallel_dispatch.job_timeout: duration 'P1M': months");
  }

  @Test
  void jobTriesZero() {
    fails(
        "parallel_dispatch:\n  job_tries: 0\n",
        "clockwork.yaml:2: parallel_dispatch.job_tries: must be 1 or more, got 0");
  }

  @Test
  void jobTriesZeroInAMachineBlock() {
    fails(
        "parallel_dispatch:\n  job_tries: 4\nmachines:\n  order:\n    parallel_dispatch:\n"
            + "      job_tries: 0\n",
        "clockwork.yaml:6: machines.order.parallel_dispatch.job_tries: must be 1 or more, got 0");
  }

  @Test
  void jobTriesTooLarge() {
    fails(
        "parallel_dispatch:\n  job_tries: 3000000000\n",
        "clockwork.yaml:2: parallel_dispatch.job_tries: must be at most 2147483647");
  }

  @Test
  void negativeBackoff() {
    fails(
        "parallel_dispatch:\n  job_backoff: -5\n",
        "clockwork.yaml:2: parallel_dispatch.job_backoff: must be zero or more, got '-5'");
    fails(
        "parallel_dispatch:\n  job_backoff: -PT5S\n",
        "clockwork.yaml:2: parallel_dispatch.job_backoff: duration '-PT5S' is negative");
  }

  @Test
  void negativeRegionTimeout() {
    fails(
        "parallel_dispatch:\n  region_timeout: -1\n",
        "clockwork.yaml:2: parallel_dispatch.region_timeout: must be zero or more, got '-1'");
  }

  @Test
  void zeroLockTimeoutTtlOrJobTimeout() {
    fails(
        "parallel_dispatch:\n  lock_timeout: 0\n",
        "clockwork.yaml:2: parallel_dispatch.lock_timeout: must be a positive duration, got '0'");
    fails(
        "parallel_dispatch:\n  lock_ttl: 0 seconds\n",
        "clockwork.yaml:2: parallel_dispatch.lock_ttl: must be a positive duration");
    fails(
        "parallel_dispatch:\n  job_timeout: PT0S\n",
        "clockwork.yaml:2: parallel_dispatch.job_timeout: must be a positive duration");
  }

  @Test
  void unknownKeyWithASuggestion() {
    fails(
        "parallel_dispatch:\n  enabled: true\n  job_retries: 5\n",
        "clockwork.yaml:3: parallel_dispatch.job_retries: unknown key; did you mean job_tries?");
  }

  @Test
  void unknownKeyInAMachineBlockWithASuggestion() {
    fails(
        "machines:\n  order:\n    parallel_dispatch:\n      lock_tll: 60\n",
        "clockwork.yaml:4: machines.order.parallel_dispatch.lock_tll: unknown key; did you mean"
            + " lock_ttl?");
  }

  @Test
  void misspeltBlockNames() {
    fails(
        "parallel_dispatc:\n  enabled: true\n",
        "clockwork.yaml:1: parallel_dispatc: unknown key; did you mean parallel_dispatch?");
    fails(
        "machines:\n  order:\n    paralel_dispatch:\n      enabled: true\n",
        "clockwork.yaml:3: machines.order.paralel_dispatch: unknown key; did you mean"
            + " parallel_dispatch?");
  }

  @Test
  void enabledThatIsNotABoolean() {
    fails(
        "parallel_dispatch:\n  enabled: sometimes\n",
        "clockwork.yaml:2: parallel_dispatch.enabled: must be true or false, got 'sometimes'");
  }

  @Test
  void jobTriesThatIsNotANumber() {
    fails(
        "parallel_dispatch:\n  job_tries: three\n",
        "clockwork.yaml:2: parallel_dispatch.job_tries: must be a whole number, got 'three'");
  }

  @Test
  void aBlockWhereAValueBelongs() {
    fails(
        "parallel_dispatch:\n  queue:\n    name: regions\n",
        "clockwork.yaml:2: parallel_dispatch.queue: must be a single value, not a block");
  }

  @Test
  void aValueWhereTheBlockBelongs() {
    fails(
        "parallel_dispatch: true\n",
        "clockwork.yaml:1: parallel_dispatch: must be a block of settings, not 'true'; to turn"
            + " parallel dispatch on, write 'enabled: true' indented under it");
    fails(
        "parallel_dispatch:\n  enabled: true\nmachines:\n  order:\n    parallel_dispatch: off\n",
        "clockwork.yaml:5: machines.order.parallel_dispatch: must be a block of settings, not"
            + " 'off'");
  }
}
