package dev.clockwork.runtime.config;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * Settings made in code, shaped like {@code clockwork.yaml}: each key under its file name in camel
 * case ({@code max_attempts} is {@code maxAttempts}), each block a lambda.
 *
 * <pre>{@code
 * Engine.builder().settings(s -> s
 *     .queue(q -> q.concurrency(10).retry(r -> r.maxAttempts(5)))
 *     .machine("order", m -> m.queue(q -> q.concurrency(5)))
 *     .timers(t -> t.batchSize(200))
 *     .workers(w -> w.threads(8)))
 * }</pre>
 *
 * A value set here wins over the file's (or Spring Boot's properties') wherever either writes it;
 * it is checked as the file's values are when the engine is built, an error naming {@value
 * Settings#IN_CODE} and the key path.
 */
public final class SettingsBuilder extends QueueBlocks<SettingsBuilder> {
  private final Map<String, Object> tree;

  public SettingsBuilder() {
    this(new LinkedHashMap<>());
  }

  private SettingsBuilder(Map<String, Object> tree) {
    super(tree);
    this.tree = tree;
  }

  /** The system's name ({@code system}). */
  public SettingsBuilder system(String name) {
    return set("system", "system", name);
  }

  /**
   * One machine's blocks ({@code machines.<id>}), over the system's: {@code s.machine("order", m ->
   * m.queue(q -> q.concurrency(5)))}.
   */
  public SettingsBuilder machine(String machine, Consumer<MachineSettingsBuilder> settings) {
    Objects.requireNonNull(machine, "machine");
    Objects.requireNonNull(settings, "settings");
    settings.accept(new MachineSettingsBuilder(blockOf(child("machines"), machine)));
    return this;
  }

  /** The {@code timers} block: {@code t -> t.batchSize(200)}. */
  public SettingsBuilder timers(Consumer<TimerSettingsBuilder> settings) {
    return block("timers", TimerSettingsBuilder::new, settings);
  }

  /** The {@code schedules} block: {@code n -> n.namespace("billing")}. */
  public SettingsBuilder schedules(Consumer<ScheduleSettingsBuilder> settings) {
    return block("schedules", ScheduleSettingsBuilder::new, settings);
  }

  /** The {@code workers} block: {@code w -> w.threads(8).queues("default", "reports")}. */
  public SettingsBuilder workers(Consumer<WorkerSettingsBuilder> settings) {
    return block("workers", WorkerSettingsBuilder::new, settings);
  }

  /** What was set, as a tree of maps keyed as the file is. */
  Map<String, Object> tree() {
    return tree;
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> blockOf(Map<String, Object> parent, String key) {
    return (Map<String, Object>) parent.computeIfAbsent(key, k -> new LinkedHashMap<>());
  }
}
