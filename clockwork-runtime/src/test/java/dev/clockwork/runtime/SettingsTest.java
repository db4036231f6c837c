package dev.clockwork.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.event.Event;
import dev.clockwork.runtime.clock.VirtualClock;
import dev.clockwork.runtime.config.ConfigException;
import dev.clockwork.runtime.config.Settings;
import dev.clockwork.runtime.config.TimerSettings;
import dev.clockwork.runtime.health.HealthCheck;
import dev.clockwork.runtime.health.HealthLevel;
import dev.clockwork.runtime.instance.HistoryQuery;
import dev.clockwork.runtime.instance.NewInstance;
import dev.clockwork.runtime.listener.EngineListener;
import dev.clockwork.runtime.listener.ProcessedEvent;
import dev.clockwork.runtime.queue.Backoff;
import dev.clockwork.runtime.queue.EventStatus;
import dev.clockwork.runtime.queue.QueuedEvent;
import dev.clockwork.runtime.queue.RetryPolicy;
import dev.clockwork.runtime.store.HistoryEntry;
import dev.clockwork.runtime.store.HistoryEntry.Kind;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/**
 * Every setting changes what the engine does — each test fails when its setting is ignored — and
 * code and {@code clockwork.yaml} merge by one rule: code wins over the file, the file over the
 * defaults.
 */
class SettingsTest {
  private final VirtualClock clock = VirtualClock.at("2026-07-01T10:00:00Z");

  private static final MachineDefinition JOB =
      Machine.define("job")
          .initial("idle")
          .state(
              "idle",
              s ->
                  s.on(
                          "BREAK",
                          t ->
                              t.action(
                                  x -> {
                                    throw new IllegalStateException("broken");
                                  }))
                      .on(
                          "SLOW",
                          t ->
                              t.action(
                                  x -> {
                                    long until = System.nanoTime() + 5_000_000;
                                    while (System.nanoTime() < until) {
                                      Thread.onSpinWait();
                                    }
                                  })))
          .build();

  private Engine.Builder builder(String yaml) {
    return Engine.builder()
        .clock(clock)
        .register(JOB)
        .config(Settings.parse(yaml, "clockwork.yaml"));
  }

  @Test
  void withDeadLettersDisabledAFinallyFailedEventIsDiscardedWithAHistoryRowALogLineAndAMetric() {
    List<ProcessedEvent> heard = new CopyOnWriteArrayList<>();
    SimpleMeterRegistry registry = new SimpleMeterRegistry();
    Engine engine =
        builder("queue:\n  retry:\n    max_attempts: 1\n  dead_letter:\n    enabled: false\n")
            .metrics(registry)
            .listener(
                new EngineListener() {
                  @Override
                  public void eventProcessed(ProcessedEvent event) {
                    heard.add(event);
                  }
                })
            .build();
    engine.create(NewInstance.of("job").id("j-1"));
    QueuedEvent broken = engine.enqueue("j-1", Event.of("BREAK"));

    String log = stderrOf(engine::runDue);

    assertThat(engine.admin().queues().deadLetters(null, 10)).isEmpty();
    assertThat(engine.instances().history(HistoryQuery.all("j-1")))
        .filteredOn(h -> h.kind() == Kind.DISCARDED)
        .singleElement()
        .satisfies(h -> assertThat(h.detail()).contains("broken"));
    assertThat(engine.instances().event("j-1", broken.id()).state())
        .isEqualTo(EventStatus.State.DISCARDED);
    assertThat(heard)
        .extracting(ProcessedEvent::outcome)
        .containsExactly(ProcessedEvent.Outcome.DISCARDED);
    assertThat(registry.get("queue.discarded").tag("machine", "job").counter().count())
        .isEqualTo(1);
    assertThat(log)
        .contains("BREAK on j-1 failed")
        .contains("was discarded (dead letters are disabled)");
    assertThat(engine.admin().queues().status("job").pending()).isZero();
  }

  @Test
  void withDeadLettersEnabledTheSameEventIsKept() {
    Engine engine = builder("queue:\n  retry:\n    max_attempts: 1\n").build();
    engine.create(NewInstance.of("job").id("j-1"));
    engine.enqueue("j-1", Event.of("BREAK"));
    engine.runDue();
    assertThat(engine.admin().queues().deadLetters(null, 10)).hasSize(1);
  }

  @Test
  void processingTimeThresholdsFeedHealthFromTheTimingsTheEngineMeasured() {
    Engine engine =
        builder(
                "queue:\n  alerts:\n    processing_time_warning: 1 millisecond\n"
                    + "    processing_time_critical: 1 hour\n")
            .build();
    engine.create(NewInstance.of("job").id("j-1"));
    assertThat(engine.admin().queues().health().checks())
        .as("nothing measured yet")
        .extracting(HealthCheck::subject)
        .doesNotContain("job processing time");

    engine.enqueue("j-1", Event.of("SLOW"));
    engine.runDue();

    assertThat(engine.admin().queues().health().checks())
        .filteredOn(c -> c.subject().equals("job processing time"))
        .singleElement()
        .satisfies(
            c -> {
              assertThat(c.level()).isEqualTo(HealthLevel.WARNING);
              assertThat(c.detail()).contains("warning at 1 ms");
            });
  }

  @Test
  void withTheDefaultThresholdsTheSameTimingsAreHealthy() {
    Engine engine = builder("").build();
    engine.create(NewInstance.of("job").id("j-1"));
    engine.enqueue("j-1", Event.of("SLOW"));
    engine.runDue();
    assertThat(engine.admin().queues().health().checks())
        .filteredOn(c -> c.subject().equals("job processing time"))
        .singleElement()
        .satisfies(c -> assertThat(c.level()).isEqualTo(HealthLevel.HEALTHY));
  }

  @Test
  void aRetryPolicySetInCodeWinsOverTheFile() {
    Engine engine =
        builder("machines:\n  job:\n    queue:\n      retry:\n        max_attempts: 5\n")
            .settings(s -> s.queue(q -> q.retry(new RetryPolicy(1, Backoff.linear(Duration.ZERO)))))
            .build();
    engine.create(NewInstance.of("job").id("j-1"));
    engine.enqueue("j-1", Event.of("BREAK"));
    engine.runDue();
    assertThat(engine.admin().queues().deadLetters(null, 10))
        .as("one attempt, from code")
        .hasSize(1);
    assertThat(engine.settings().queue("job").retry().maxAttempts()).isEqualTo(1);
  }

  @Test
  void withoutARetryPolicyInCodeTheFilesApplies() {
    Engine engine =
        builder("machines:\n  job:\n    queue:\n      retry:\n        max_attempts: 5\n").build();
    engine.create(NewInstance.of("job").id("j-1"));
    engine.enqueue("j-1", Event.of("BREAK"));
    engine.runDue();
    assertThat(engine.admin().queues().deadLetters(null, 10)).isEmpty();
    assertThat(engine.instances().history(HistoryQuery.all("j-1")))
        .extracting(HistoryEntry::kind)
        .contains(Kind.ATTEMPT_FAILED);
  }

  @Test
  void timerSettingsComeFromTheFileUnlessCodeSetsThem() {
    Settings file =
        Settings.parse(
            "timers:\n  batch_size: 3\n  sweep_interval: 2 seconds\n"
                + "  backpressure_threshold: 77\n",
            "clockwork.yaml");
    TimerSettings fromFile = file.with(s -> {}).timers();
    assertThat(fromFile.batchSize()).isEqualTo(3);
    assertThat(fromFile.sweepInterval()).isEqualTo(Duration.ofSeconds(2));
    assertThat(fromFile.backpressureThreshold()).isEqualTo(77);
    TimerSettings fromCode =
        file.with(
                s ->
                    s.timers(
                        t ->
                            t.batchSize(7)
                                .sweepInterval(Duration.ofMillis(250))
                                .backpressureThreshold(5)))
            .timers();
    assertThat(fromCode.batchSize()).isEqualTo(7);
    assertThat(fromCode.sweepInterval()).isEqualTo(Duration.ofMillis(250));
    assertThat(fromCode.backpressureThreshold()).isEqualTo(5);
  }

  @Test
  void theSweepIntervalIsHowOftenWorkersCheckTheBackpressureThreshold() {
    // the file says once an hour, the code every 20 ms: the check must see the backlog long before
    // an hour has passed (it runs once at start, before the backlog exists)
    List<Boolean> heard = new CopyOnWriteArrayList<>();
    Engine engine =
        Engine.builder()
            .register(JOB)
            .config(Settings.parse("timers:\n  sweep_interval: 1 hour\n", "clockwork.yaml"))
            .settings(
                s -> s.timers(t -> t.sweepInterval(Duration.ofMillis(20)).backpressureThreshold(2)))
            .listener(
                new EngineListener() {
                  @Override
                  public void backpressure(boolean over, long threshold) {
                    heard.add(over);
                  }
                })
            .build();
    engine.admin().queues().pause("job");
    engine.start();
    try {
      engine.create(NewInstance.of("job").id("j-1"));
      for (int i = 0; i < 3; i++) {
        engine.enqueue("j-1", Event.of("SLOW"));
      }
      await().atMost(Duration.ofSeconds(3)).until(() -> heard.contains(true));
    } finally {
      engine.close();
    }
  }

  @Test
  void theTimerBatchSizeIsHowManyInstancesRunDueClaimsAtOnce() {
    List<Integer> asked = new CopyOnWriteArrayList<>();
    List<Integer> claimed = new CopyOnWriteArrayList<>();
    Engine engine =
        builder("timers:\n  batch_size: 3\n")
            .listener(
                new EngineListener() {
                  @Override
                  public void claimed(int askedFor, int got, Duration took) {
                    asked.add(askedFor);
                    claimed.add(got);
                  }
                })
            .build();
    for (int i = 0; i < 7; i++) {
      engine.create(NewInstance.of("job").id("j-" + i));
      engine.enqueue("j-" + i, Event.of("SLOW"));
    }
    assertThat(engine.runDue()).isEqualTo(7);
    assertThat(asked).containsOnly(3);
    assertThat(claimed).containsExactly(3, 3, 1, 0);
  }

  @Test
  void aMachineTheFileConfiguresButNobodyRegisteredFailsWhenTheEngineStarts() {
    Engine engine =
        builder("queue:\n  concurrency: 5\nmachines:\n  jbo:\n    queue:\n      concurrency: 2\n")
            .build();
    assertThatThrownBy(engine::start)
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("clockwork.yaml")
        .hasMessageContaining("clockwork.yaml:4: machines.jbo")
        .hasMessageContaining("no machine 'jbo' is registered; did you mean job?")
        .hasMessageContaining("registered: job");
    engine.close();
  }

  private static String stderrOf(Runnable work) {
    PrintStream original = System.err;
    ByteArrayOutputStream captured = new ByteArrayOutputStream();
    System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
    try {
      work.run();
    } finally {
      System.setErr(original);
    }
    return captured.toString(StandardCharsets.UTF_8);
  }
}
