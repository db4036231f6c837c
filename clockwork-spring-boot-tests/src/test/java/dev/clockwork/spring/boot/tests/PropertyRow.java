package dev.clockwork.spring.boot.tests;

import dev.clockwork.runtime.config.ParallelDispatchConfig;
import dev.clockwork.runtime.config.QueueConfig;
import dev.clockwork.runtime.config.RetentionSettings;
import dev.clockwork.runtime.config.Settings;
import java.util.List;
import java.util.function.Function;

/**
 * One {@code clockwork.*} property of {@link EveryPropertyAppliedTest}: its key path as {@code
 * clockwork.yaml} writes it, a value as the file writes it, the same as a property (lists are
 * comma-separated without spaces), and what it sets in the engine's settings.
 */
record PropertyRow(String key, String value, String property, Function<Settings, Object> read) {
  static final String MACHINE = "billing";

  static PropertyRow of(String key, String value, Function<Settings, Object> read) {
    return new PropertyRow(key, value, value, read);
  }

  /** A {@code queue} key: one value for every machine, another for {@link #MACHINE}. */
  static List<PropertyRow> queue(
      String key, String system, String machine, Function<QueueConfig, Object> read) {
    return List.of(
        of("queue." + key, system, s -> read.apply(s.queue())),
        of("machines." + MACHINE + ".queue." + key, machine, s -> read.apply(s.queue(MACHINE))));
  }

  /** A {@code parallel_dispatch} key: one value for every machine, another for one. */
  static List<PropertyRow> dispatch(
      String key, String system, String machine, Function<ParallelDispatchConfig, Object> read) {
    return List.of(
        of("parallel_dispatch." + key, system, s -> read.apply(s.parallelDispatch())),
        of(
            "machines." + MACHINE + ".parallel_dispatch." + key,
            machine,
            s -> read.apply(s.parallelDispatch(MACHINE))));
  }

  /** A {@code retention} key: one value for every machine, another for {@link #MACHINE}. */
  static List<PropertyRow> retention(
      String key, String system, String machine, Function<RetentionSettings, Object> read) {
    return List.of(
        of("retention." + key, system, s -> read.apply(s.retention())),
        of(
            "machines." + MACHINE + ".retention." + key,
            machine,
            s -> read.apply(s.retention(MACHINE))));
  }

  /** The property's name in Spring's kebab case. */
  String name() {
    return "clockwork." + key.replace('_', '-');
  }

  @Override
  public String toString() {
    return name() + "=" + property;
  }
}
