package dev.clockwork.runtime.config;

import dev.clockwork.core.ClockworkException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A parsed {@code clockwork.yaml}: the system-level {@code queue:} and {@code parallel_dispatch:}
 * defaults, machine-level overrides merged over them key by key (nested blocks recursively), timer
 * sweep settings and the database. Every mistake fails here, naming the file, the line and the key
 * path.
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
 * }</pre>
 */
public final class ClockworkConfig {
  private static final Set<String> TOP_KEYS =
      Set.of(
          "system",
          "database",
          "queue",
          ParallelDispatchReader.BLOCK,
          "machines",
          "timers",
          "schedules");
  private static final Set<String> SCHEDULE_KEYS = Set.of("namespace");
  private static final Set<String> MACHINE_KEYS = Set.of("queue", ParallelDispatchReader.BLOCK);
  private static final Set<String> TIMER_KEYS =
      Set.of("batch_size", "backpressure_threshold", "sweep_interval");
  private static final Set<String> DATABASE_KEYS = Set.of("url", "user", "password");

  private final String system;
  private final QueueConfig systemQueue;
  private final Map<String, QueueConfig> machineQueues;
  private final ParallelDispatchConfig systemParallelDispatch;
  private final Map<String, ParallelDispatchConfig> machineParallelDispatch;
  private final TimerSettings timers;
  private final DatabaseConfig database;
  private final String scheduleNamespace;
  private final String source;
  private final Map<String, Integer> machineLines;

  private ClockworkConfig(
      String system,
      QueueConfig systemQueue,
      Map<String, QueueConfig> machineQueues,
      ParallelDispatchConfig systemParallelDispatch,
      Map<String, ParallelDispatchConfig> machineParallelDispatch,
      TimerSettings timers,
      DatabaseConfig database,
      String scheduleNamespace,
      String source,
      Map<String, Integer> machineLines) {
    this.system = system;
    this.systemQueue = systemQueue;
    this.machineQueues = machineQueues;
    this.systemParallelDispatch = systemParallelDispatch;
    this.machineParallelDispatch = machineParallelDispatch;
    this.timers = timers;
    this.database = database;
    this.scheduleNamespace = scheduleNamespace;
    this.source = source;
    this.machineLines = machineLines;
  }

  /** The schedules' default namespace ({@code schedules.namespace}), {@code default} when unset. */
  public String scheduleNamespace() {
    return scheduleNamespace;
  }

  /** The defaults of every setting, as if the file were empty. */
  public static ClockworkConfig defaults() {
    return parse("", "defaults");
  }

  /** Reads a config file. */
  public static ClockworkConfig load(Path file) {
    try {
      return parse(Files.readString(file, StandardCharsets.UTF_8), file.toString());
    } catch (IOException e) {
      throw new ClockworkException("cannot read config file " + file + ": " + e.getMessage(), e);
    }
  }

  /** Parses YAML text; {@code source} names it in errors. */
  public static ClockworkConfig parse(String yaml, String source) {
    return from(YamlSettings.read(yaml, source), source);
  }

  static ClockworkConfig from(Setting root, String source) {
    SettingReader top = new SettingReader(source, "", root).allowOnly(TOP_KEYS);
    Setting systemBlock = top.get("queue");
    QueueConfig systemQueue =
        QueueConfigReader.read(new SettingReader(source, "queue", systemBlock));
    Setting systemDispatchBlock = top.get(ParallelDispatchReader.BLOCK);
    ParallelDispatchConfig systemDispatch =
        ParallelDispatchReader.read(
            new SettingReader(source, ParallelDispatchReader.BLOCK, systemDispatchBlock));
    Map<String, QueueConfig> machines = new LinkedHashMap<>();
    Map<String, ParallelDispatchConfig> machineDispatch = new LinkedHashMap<>();
    Map<String, Integer> machineLines = new LinkedHashMap<>();
    Setting machinesBlock = top.get("machines");
    if (machinesBlock != null) {
      SettingReader all = new SettingReader(source, "machines", machinesBlock);
      all.allowOnly(machinesBlock.isBlock() ? machinesBlock.block().keySet() : Set.of());
      for (Map.Entry<String, Setting> machine : machinesBlock.block().entrySet()) {
        String path = "machines." + machine.getKey();
        SettingReader reader =
            new SettingReader(source, path, machine.getValue()).allowOnly(MACHINE_KEYS);
        Setting override = reader.get("queue");
        Setting merged = systemBlock == null ? override : systemBlock.mergedWith(override);
        machineLines.put(machine.getKey(), machine.getValue().line());
        machines.put(
            machine.getKey(),
            QueueConfigReader.read(new SettingReader(source, path + ".queue", merged)));
        Setting dispatch = reader.get(ParallelDispatchReader.BLOCK);
        machineDispatch.put(
            machine.getKey(),
            ParallelDispatchReader.read(
                new SettingReader(
                    source,
                    path + "." + ParallelDispatchReader.BLOCK,
                    mergedOver(systemDispatchBlock, dispatch))));
      }
    }
    SettingReader timers = top.child("timers").allowOnly(TIMER_KEYS);
    TimerSettings timerSettings =
        new TimerSettings(
            (int) timers.whole("batch_size", TimerSettings.DEFAULT.batchSize(), 1),
            timers.whole(
                "backpressure_threshold", TimerSettings.DEFAULT.backpressureThreshold(), 1),
            timers.duration("sweep_interval", TimerSettings.DEFAULT.sweepInterval(), false));
    SettingReader schedules = top.child("schedules").allowOnly(SCHEDULE_KEYS);
    String namespace = schedules.text("namespace", "default");
    SettingReader database = top.child("database").allowOnly(DATABASE_KEYS);
    DatabaseConfig db =
        database.get("url") == null
            ? null
            : new DatabaseConfig(
                database.text("url", null),
                database.text("user", null),
                database.text("password", null));
    return new ClockworkConfig(
        top.text("system", "clockwork"),
        systemQueue,
        Collections.unmodifiableMap(machines),
        systemDispatch,
        Collections.unmodifiableMap(machineDispatch),
        timerSettings,
        db,
        namespace,
        source,
        Collections.unmodifiableMap(machineLines));
  }

  /** {@code override} merged over {@code base} key by key; either may be absent. */
  private static Setting mergedOver(Setting base, Setting override) {
    return base == null ? override : base.mergedWith(override);
  }

  /**
   * Fails when a machine named under {@code machines:} is not among {@code registered}: settings
   * for a misspelled machine would otherwise apply to nothing.
   *
   * @throws ConfigException naming the file, the line and the machine
   */
  public void checkMachines(Set<String> registered) {
    for (Map.Entry<String, Integer> machine : machineLines.entrySet()) {
      if (!registered.contains(machine.getKey())) {
        throw new ConfigException(
            source,
            machine.getValue(),
            "machines." + machine.getKey(),
            "no machine '"
                + machine.getKey()
                + "' is registered"
                + Suggestions.didYouMean(machine.getKey(), registered)
                + (registered.isEmpty()
                    ? ""
                    : " (registered: "
                        + String.join(", ", new java.util.TreeSet<>(registered))
                        + ")")
                + "; fix the name or register the machine");
      }
    }
  }

  /**
   * The machines named under {@code machines:}, in file order: the ones an operator may name before
   * any of their instances is stored.
   */
  public Set<String> configuredMachines() {
    return Collections.unmodifiableSet(machineLines.keySet());
  }

  /** The system's name ({@code system:}), {@code clockwork} when unset. */
  public String system() {
    return system;
  }

  /** The system-level queue settings (defaults for every machine). */
  public QueueConfig queue() {
    return systemQueue;
  }

  /** The queue settings of one machine: its overrides merged over the system's. */
  public QueueConfig queueFor(String machine) {
    return machineQueues.getOrDefault(machine, systemQueue);
  }

  /** The system-level {@code parallel_dispatch:} settings (defaults for every machine). */
  public ParallelDispatchConfig parallelDispatch() {
    return systemParallelDispatch;
  }

  /**
   * The parallel dispatch settings of one machine: its {@code machines.<id>.parallel_dispatch:}
   * overrides merged key by key over the system's {@code parallel_dispatch:} block, the defaults
   * filling the rest. Settings made in code win over these (see {@link
   * EngineOptions#parallelDispatchFor}).
   */
  public ParallelDispatchConfig parallelDispatch(String machine) {
    return machineParallelDispatch.getOrDefault(machine, systemParallelDispatch);
  }

  public TimerSettings timers() {
    return timers;
  }

  /** The database block, when the file has one. */
  public Optional<DatabaseConfig> database() {
    return Optional.ofNullable(database);
  }

  /**
   * The {@code timers:} block. (Its key names come from the engine before issue 10, which found due
   * timers with a sweep; workers now claim due timers from the instance rows, and the keys keep
   * their names so existing files still read.)
   *
   * @param batchSize due instances per {@code Engine.runDue()} round, the pass {@code clockwork
   *     timers process} runs (default 100)
   * @param backpressureThreshold pending events above which workers claim only queued events and
   *     timers wait (default 10,000)
   * @param sweepInterval how often workers run the self-healing pass (broadcasts left undelivered
   *     by a crash) and check the backpressure threshold (default 500 milliseconds)
   */
  public record TimerSettings(int batchSize, long backpressureThreshold, Duration sweepInterval) {
    public static final TimerSettings DEFAULT =
        new TimerSettings(100, 10_000, Duration.ofMillis(500));
  }

  /**
   * Where the database is.
   *
   * @param url JDBC URL
   * @param user user, or null
   * @param password password, or null
   */
  public record DatabaseConfig(String url, String user, String password) {}
}
