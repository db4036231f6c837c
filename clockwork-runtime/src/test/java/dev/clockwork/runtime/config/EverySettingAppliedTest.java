package dev.clockwork.runtime.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.DynamicContainer.dynamicContainer;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import dev.clockwork.runtime.Engine;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Stored is not applied: every key of {@code clockwork.yaml} the engine reads changes what a built
 * engine does, whether it is written in the file or set in code under its camel-case name — and a
 * row's check fails on an engine without the setting, so a setting parsed and then ignored fails
 * here. Queue and parallel dispatch keys are checked at the system's level and at a machine's.
 * (Spring Boot's properties are checked in {@code EveryPropertyAppliedTest}.)
 */
class EverySettingAppliedTest {

  static List<SettingRow> rows() {
    List<SettingRow> rows = new ArrayList<>();
    rows.addAll(QueueSettingRows.all());
    rows.addAll(DispatchSettingRows.all());
    rows.addAll(EngineSettingRows.all());
    rows.addAll(RetentionSettingRows.all());
    return rows;
  }

  @TestFactory
  Stream<DynamicContainer> everySettingChangesWhatTheEngineDoes() {
    return rows().stream()
        .map(
            row ->
                dynamicContainer(
                    row.toString(),
                    Stream.of(
                        dynamicTest(
                            "unset, the engine does not show it",
                            () ->
                                assertThat(applied(row, Source.NONE))
                                    .as(row.yaml(false))
                                    .isFalse()),
                        dynamicTest(
                            "in clockwork.yaml",
                            () ->
                                assertThat(applied(row, Source.FILE)).as(row.yaml(true)).isTrue()),
                        dynamicTest(
                            "in code",
                            () ->
                                assertThat(applied(row, Source.CODE))
                                    .as(row.toString())
                                    .isTrue()))));
  }

  @Test
  void everyKeyTheReaderTakesHasARow() {
    Set<String> keys = new TreeSet<>();
    keys.add("system");
    keys.add("schedules.namespace");
    for (String key : QueueConfigReader.QUEUE_KEYS) {
      switch (key) {
        case "retry" -> QueueConfigReader.RETRY_KEYS.forEach(k -> queue(keys, "retry." + k));
        case "dead_letter" ->
            QueueConfigReader.DEAD_LETTER_KEYS.forEach(k -> queue(keys, "dead_letter." + k));
        case "alerts" -> QueueConfigReader.ALERT_KEYS.forEach(k -> queue(keys, "alerts." + k));
        default -> queue(keys, key);
      }
    }
    for (String key : ParallelDispatchReader.KEYS) {
      keys.add(ParallelDispatchReader.BLOCK + "." + key);
      keys.add("machines.job." + ParallelDispatchReader.BLOCK + "." + key);
    }
    TimerSettings.KEYS.forEach(k -> keys.add("timers." + k));
    WorkerSettingsReader.KEYS.forEach(k -> keys.add("workers." + k));
    for (String key : RetentionSettingsReader.KEYS) {
      List<String> paths =
          key.equals("history")
              ? RetentionSettingsReader.HISTORY_KEYS.stream().map(k -> "history." + k).toList()
              : List.of(key);
      for (String path : paths) {
        keys.add("retention." + path);
        if (RetentionSettingsReader.MACHINE_KEYS.contains(key)) {
          keys.add("machines.job.retention." + path);
        }
      }
    }

    assertThat(rows()).extracting(SettingRow::key).containsExactlyInAnyOrderElementsOf(keys);
  }

  private static void queue(Set<String> keys, String key) {
    keys.add("queue." + key);
    keys.add("machines.job.queue." + key);
  }

  private enum Source {
    NONE,
    FILE,
    CODE
  }

  private static boolean applied(SettingRow row, Source source) {
    SettingFixture fixture = new SettingFixture();
    SettingFixture.regionHook = a -> {};
    Engine.Builder builder =
        Engine.builder()
            .store(fixture.store)
            .clock(fixture.clock)
            .register(SettingFixture.JOB_V1, SettingFixture.JOB)
            .listener(fixture.listener)
            .config(Settings.parse(row.yaml(source == Source.FILE), "clockwork.yaml"));
    if (source == Source.CODE) {
      builder.settings(row.code());
    }
    try (Engine engine = builder.build()) {
      fixture.engine = engine;
      return row.applied().test(fixture);
    } finally {
      SettingFixture.regionHook = a -> {};
    }
  }
}
