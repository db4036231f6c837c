package dev.clockwork.runtime.config;

import dev.clockwork.core.ClockworkException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;

/**
 * Every setting of an engine, resolved once: the defaults, then {@code clockwork.yaml} (or Spring
 * Boot's {@code clockwork.*} properties), then what code sets, key by key — per machine too, where
 * each layer's {@code machines.<id>} blocks are merged over its system blocks. Immutable. {@code
 * Engine.builder().build()} resolves it and every part of the engine reads it; {@code
 * engine.settings()} returns it.
 *
 * <pre>{@code
 * system: e-commerce
 * queue:
 *   concurrency: 10
 *   timeout: 30 seconds
 *   retry:
 *     max_attempts: 3
 * machines:
 *   order:
 *     queue:
 *       concurrency: 5
 *     parallel_dispatch:
 *       enabled: true
 * workers:
 *   threads: 8
 * retention:
 *   finished_instances: 30 days
 * }</pre>
 *
 * Code names every key as the file does, in camel case ({@link SettingsBuilder}):
 *
 * <pre>{@code
 * Engine.builder()
 *     .config(Settings.load(Path.of("clockwork.yaml")))
 *     .settings(s -> s.queue(q -> q.concurrency(10).retry(r -> r.maxAttempts(5)))
 *         .machine("order", m -> m.queue(q -> q.concurrency(5)))
 *         .workers(w -> w.threads(8)))
 * }</pre>
 *
 * A value set in code wins over the file wherever either writes it: set for every machine in code,
 * it wins over the file's machine blocks too. Every mistake fails when the settings are read,
 * naming where the value was written (file and line, or code), the key path and the fix.
 */
public final class Settings {
  /** How errors name settings made with {@link SettingsBuilder}. */
  public static final String IN_CODE = "settings in code";

  private final List<Setting> layers;
  private final Setting merged;
  private final String system;
  private final QueueConfig queue;
  private final Map<String, QueueConfig> machineQueues;
  private final ParallelDispatchConfig parallelDispatch;
  private final Map<String, ParallelDispatchConfig> machineParallelDispatch;
  private final TimerSettings timers;
  private final WorkerSettings workers;
  private final String scheduleNamespace;
  private final RetentionSettings retention;
  private final Map<String, RetentionSettings> machineRetention;
  private final Map<String, Setting> machines;

  Settings(
      List<Setting> layers,
      Setting merged,
      String system,
      QueueConfig queue,
      Map<String, QueueConfig> machineQueues,
      ParallelDispatchConfig parallelDispatch,
      Map<String, ParallelDispatchConfig> machineParallelDispatch,
      TimerSettings timers,
      WorkerSettings workers,
      String scheduleNamespace,
      RetentionSettings retention,
      Map<String, RetentionSettings> machineRetention,
      Map<String, Setting> machines) {
    this.layers = List.copyOf(layers);
    this.merged = merged;
    this.system = system;
    this.queue = queue;
    this.machineQueues = machineQueues;
    this.parallelDispatch = parallelDispatch;
    this.machineParallelDispatch = machineParallelDispatch;
    this.timers = timers;
    this.workers = workers;
    this.scheduleNamespace = scheduleNamespace;
    this.retention = retention;
    this.machineRetention = machineRetention;
    this.machines = machines;
  }

  /** The defaults of every setting, as if the file were empty. */
  public static Settings defaults() {
    return SettingsReader.read(List.of());
  }

  /** Reads a {@code clockwork.yaml}. */
  public static Settings load(Path file) {
    try {
      return parse(Files.readString(file, StandardCharsets.UTF_8), file.toString());
    } catch (IOException e) {
      throw new ClockworkException("cannot read config file " + file + ": " + e.getMessage(), e);
    }
  }

  /** Parses YAML text; {@code source} names it in errors. */
  public static Settings parse(String yaml, String source) {
    return SettingsReader.read(List.of(YamlSettings.read(yaml, source)));
  }

  /**
   * Reads settings in the shape of the file: nested maps keyed as {@code clockwork.yaml} is ({@code
   * queue}, {@code machines}, {@code parallel_dispatch}, …), values as their text ({@code "30
   * seconds"}, {@code 5}, a {@code Duration}); null values count as unset. The Spring Boot starter
   * reads its properties so. The same checks as {@link #parse} apply, each error naming {@code
   * source} and the key path.
   */
  public static Settings fromMap(Map<String, ?> tree, String source) {
    return SettingsReader.read(List.of(MapSettings.read(tree, source)));
  }

  /** These settings with {@code code}'s over them, key by key. */
  public Settings with(SettingsBuilder code) {
    List<Setting> more = new ArrayList<>(layers);
    more.add(MapSettings.read(code.tree(), IN_CODE));
    return SettingsReader.read(more);
  }

  /** These settings with those {@code code} sets over them, key by key. */
  public Settings with(Consumer<SettingsBuilder> code) {
    SettingsBuilder builder = new SettingsBuilder();
    code.accept(builder);
    return with(builder);
  }

  /** The system's name ({@code system}), {@code clockwork} when unset. */
  public String system() {
    return system;
  }

  /** The system-level queue settings ({@code queue}): what machines without their own get. */
  public QueueConfig queue() {
    return queue;
  }

  /** The queue settings of one machine: its {@code machines.<id>.queue} over the system's. */
  public QueueConfig queue(String machine) {
    return machineQueues.getOrDefault(machine, queue);
  }

  /** The system-level {@code parallel_dispatch} settings. */
  public ParallelDispatchConfig parallelDispatch() {
    return parallelDispatch;
  }

  /**
   * One machine's parallel dispatch: its {@code machines.<id>.parallel_dispatch} over the system's.
   */
  public ParallelDispatchConfig parallelDispatch(String machine) {
    return machineParallelDispatch.getOrDefault(machine, parallelDispatch);
  }

  /** The {@code timers} block. */
  public TimerSettings timers() {
    return timers;
  }

  /** The {@code workers} block: this engine's threads, leases and queues. */
  public WorkerSettings workers() {
    return workers;
  }

  /** The system-level {@code retention} block: what machines without their own get. */
  public RetentionSettings retention() {
    return retention;
  }

  /** One machine's retention: its {@code machines.<id>.retention} over the system's. */
  public RetentionSettings retention(String machine) {
    return machineRetention.getOrDefault(machine, retention);
  }

  /**
   * The machines whose retention differs from the system's, each with its own: a purge pass runs
   * the system's ages for every other machine.
   */
  public Map<String, RetentionSettings> machineRetention() {
    Map<String, RetentionSettings> differing = new LinkedHashMap<>();
    machineRetention.forEach(
        (machine, own) -> {
          if (!own.equals(retention)) {
            differing.put(machine, own);
          }
        });
    return Collections.unmodifiableMap(differing);
  }

  /** The schedules' default namespace ({@code schedules.namespace}), {@code default} when unset. */
  public String scheduleNamespace() {
    return scheduleNamespace;
  }

  /**
   * A top-level block read by another module ({@code server} by the server, {@code database} by the
   * CLI), with the same line numbers and suggestions in its errors.
   */
  public ConfigBlock block(String key) {
    if (!SettingsReader.TOP_KEYS.contains(key)) {
      throw new IllegalArgumentException(
          "'" + key + "' is not a block of clockwork.yaml; blocks: " + SettingsReader.TOP_KEYS);
    }
    return new ConfigBlock("settings", key, merged == null ? null : merged.get(key));
  }

  /**
   * The machines named under {@code machines:}, in the order written: the ones an operator may name
   * before any of their instances is stored.
   */
  public Set<String> configuredMachines() {
    return machines.keySet();
  }

  /**
   * Fails when a machine named under {@code machines:} is not among {@code registered}: settings
   * for a misspelled machine would otherwise apply to nothing.
   *
   * @throws ConfigException naming where it was written and the machine
   */
  public void checkMachines(Set<String> registered) {
    for (Map.Entry<String, Setting> machine : machines.entrySet()) {
      if (!registered.contains(machine.getKey())) {
        throw new ConfigException(
            machine.getValue().source(),
            machine.getValue().line(),
            "machines." + machine.getKey(),
            "no machine '"
                + machine.getKey()
                + "' is registered"
                + Suggestions.didYouMean(machine.getKey(), registered)
                + (registered.isEmpty()
                    ? ""
                    : " (registered: " + String.join(", ", new TreeSet<>(registered)) + ")")
                + "; fix the name or register the machine");
      }
    }
  }
}
