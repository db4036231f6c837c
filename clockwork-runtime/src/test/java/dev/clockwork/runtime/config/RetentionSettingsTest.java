package dev.clockwork.runtime.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The {@code retention} block: its defaults, the per-machine merge and its errors. */
class RetentionSettingsTest {

  private static void fails(String yaml, String message) {
    assertThatThrownBy(() -> Settings.parse(yaml, "clockwork.yaml"))
        .isInstanceOf(ConfigException.class)
        .hasMessageStartingWith(message);
  }

  @Test
  void theDefaultsBoundEveryTable() {
    RetentionSettings defaults = Settings.defaults().retention();

    assertThat(defaults.finishedInstances()).isEqualTo(Duration.ofDays(30));
    assertThat(defaults.historyMaxAge()).isEqualTo(Duration.ofDays(365));
    assertThat(defaults.historyMaxRows()).isEqualTo(10_000);
    assertThat(defaults.idempotencyKeys()).isEqualTo(Duration.ofDays(7));
    assertThat(defaults.callbacks()).isEqualTo(Duration.ofDays(7));
    assertThat(defaults.operatorLog()).isEqualTo(Duration.ofDays(365));
    assertThat(defaults.scheduleAudit()).as("a schedule's audit stays with its row").isNull();
    assertThat(defaults).isEqualTo(RetentionSettings.DEFAULT);
  }

  @Test
  void aMachineBlockIsMergedKeyByKeyOverTheSystems() {
    Settings settings =
        Settings.parse(
            """
            retention:
              finished_instances: 10 days
              history:
                max_age: 90 days
                max_rows: 500
            machines:
              order:
                retention:
                  finished_instances: 7 days
                  history:
                    max_rows: 50
            """,
            "clockwork.yaml");

    RetentionSettings order = settings.retention("order");
    assertThat(order.finishedInstances()).isEqualTo(Duration.ofDays(7));
    assertThat(order.historyMaxRows()).isEqualTo(50);
    assertThat(order.historyMaxAge()).isEqualTo(Duration.ofDays(90));
    assertThat(order.idempotencyKeys()).isEqualTo(Duration.ofDays(7));
    assertThat(settings.retention("other").finishedInstances()).isEqualTo(Duration.ofDays(10));
    assertThat(settings.machineRetention()).containsOnlyKeys("order");
  }

  @Test
  void codeWinsOverTheFilesMachineBlocks() {
    Settings settings =
        Settings.parse(
                "machines:\n  order:\n    retention:\n      callbacks: 3 days\n", "clockwork.yaml")
            .with(s -> s.retention(r -> r.callbacks(Duration.ofDays(1))));

    assertThat(settings.retention("order").callbacks()).isEqualTo(Duration.ofDays(1));
    assertThat(settings.machineRetention()).isEmpty();
  }

  @Test
  void anUnknownKeyIsNamedWithASuggestion() {
    fails(
        "retention:\n  finished_instance: 3 days\n",
        "clockwork.yaml:2: retention.finished_instance: unknown key; did you mean"
            + " finished_instances?");
  }

  @Test
  void aZeroAgeIsRefused() {
    fails(
        "retention:\n  idempotency_keys: 0 seconds\n",
        "clockwork.yaml:2: retention.idempotency_keys: must be a positive duration");
  }

  @Test
  void offIsNotAnAge() {
    fails("retention:\n  callbacks: off\n", "clockwork.yaml:2: retention.callbacks: ");
  }

  @Test
  void maxRowsMustBeOneOrMore() {
    fails(
        "retention:\n  history:\n    max_rows: 0\n",
        "clockwork.yaml:3: retention.history.max_rows: must be 1 or more, got 0");
  }

  @Test
  void historyMustBeABlock() {
    fails(
        "retention:\n  history: 30 days\n",
        "clockwork.yaml:2: retention.history: must be a block of settings");
  }

  @Test
  void theOperatorLogIsSystemWide() {
    fails(
        "machines:\n  order:\n    retention:\n      operator_log: 30 days\n",
        "clockwork.yaml:4: machines.order.retention.operator_log: is system-wide");
  }

  @Test
  void theScheduleAuditIsReadWhenGiven() {
    Settings settings = Settings.parse("retention:\n  schedule_audit: 90 days\n", "clockwork.yaml");

    assertThat(settings.retention().scheduleAudit()).isEqualTo(Duration.ofDays(90));
  }

  @Test
  void aScheduleAuditThatIsNoDurationNamesTheKeyAndTheFix() {
    fails(
        "retention:\n  schedule_audit: forever\n",
        "clockwork.yaml:2: retention.schedule_audit: takes how long a deleted schedule's audit rows"
            + " are kept, a positive duration (90 days, P90D), not 'forever'; leave the key out to"
            + " keep them");
    fails(
        "retention:\n  schedule_audit: 0 days\n",
        "clockwork.yaml:2: retention.schedule_audit: takes how long");
  }

  @Test
  void theScheduleAuditIsSystemWide() {
    fails(
        "machines:\n  order:\n    retention:\n      schedule_audit: 30 days\n",
        "clockwork.yaml:4: machines.order.retention.schedule_audit: is system-wide");
  }

  @Test
  void codeIsCheckedAsTheFileIs() {
    assertThatThrownBy(
            () ->
                Settings.defaults()
                    .with(s -> s.retention(r -> r.finishedInstances(Duration.ofDays(-1)))))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("settings in code")
        .hasMessageContaining("retention.finished_instances");
  }

  @Test
  void theReadmeExampleReads() {
    Settings settings =
        Settings.parse(
            """
            retention:
              finished_instances: 30 days
              history:
                max_age: 365 days
                max_rows: 10000
              idempotency_keys: 7 days
              callbacks: 7 days
              operator_log: 365 days
              schedule_audit: 90 days       # optional; no default
            machines:
              order:
                retention:
                  finished_instances: 7 days
            workers:
              retention_interval: 1 minute
            """,
            "README.md");

    RetentionSettings d = RetentionSettings.DEFAULT;
    assertThat(settings.retention())
        .as("the defaults, and the audit of deleted schedules kept 90 days")
        .isEqualTo(
            new RetentionSettings(
                d.finishedInstances(),
                d.historyMaxAge(),
                d.historyMaxRows(),
                d.idempotencyKeys(),
                d.callbacks(),
                d.operatorLog(),
                d.archive(),
                Duration.ofDays(90)));
    assertThat(settings.retention("order").finishedInstances()).isEqualTo(Duration.ofDays(7));
    assertThat(settings.workers().retentionInterval()).isEqualTo(Duration.ofMinutes(1));
  }
}
