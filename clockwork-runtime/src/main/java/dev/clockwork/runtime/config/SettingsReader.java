package dev.clockwork.runtime.config;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Resolves layers of settings — the file (or Spring's properties), then code — into {@link
 * Settings}, once: every key is taken from the highest layer that sets it, the defaults filling the
 * rest. A machine's {@code queue:}, {@code parallel_dispatch:} and {@code retention:} are each
 * layer's system block, then its machine block, layer after layer, so a value set in code for every
 * machine wins over the file's machine blocks too.
 */
final class SettingsReader {
  static final Set<String> TOP_KEYS =
      Set.of(
          "system",
          "database",
          "queue",
          ParallelDispatchReader.BLOCK,
          "machines",
          "timers",
          "schedules",
          "server",
          "workers",
          RetentionSettingsReader.BLOCK);
  static final Set<String> MACHINE_KEYS =
      Set.of("queue", ParallelDispatchReader.BLOCK, RetentionSettingsReader.BLOCK);
  static final Set<String> SCHEDULE_KEYS = Set.of("namespace");

  private SettingsReader() {}

  /**
   * Reads {@code layers}, lowest first.
   *
   * @throws ConfigException naming where the wrong value was written, its key path and the fix
   */
  static Settings read(List<Setting> layers) {
    Setting merged = null;
    for (Setting layer : layers) {
      merged = Setting.merged(merged, layer);
    }
    ConfigBlock top = new ConfigBlock("settings", "", merged).allowOnly(TOP_KEYS);
    String system = top.text("system", "clockwork");
    QueueConfig queue = QueueConfigReader.read(top.child("queue"));
    ParallelDispatchConfig dispatch =
        ParallelDispatchReader.read(top.child(ParallelDispatchReader.BLOCK));
    ConfigBlock machines = top.child("machines");
    Map<String, Setting> written = new LinkedHashMap<>();
    Map<String, QueueConfig> queues = new LinkedHashMap<>();
    Map<String, ParallelDispatchConfig> dispatches = new LinkedHashMap<>();
    Map<String, RetentionSettings> retentions = new LinkedHashMap<>();
    for (String machine : machines.keys()) {
      ConfigBlock block = machines.child(machine).allowOnly(MACHINE_KEYS);
      written.put(machine, block.self());
      queues.put(machine, QueueConfigReader.read(layered(layers, block, machine, "queue")));
      dispatches.put(
          machine,
          ParallelDispatchReader.read(
              layered(layers, block, machine, ParallelDispatchReader.BLOCK)));
      retentions.put(
          machine,
          RetentionSettingsReader.readMachine(
              layered(layers, block, machine, RetentionSettingsReader.BLOCK),
              block.child(RetentionSettingsReader.BLOCK)));
    }
    String namespace = top.child("schedules").allowOnly(SCHEDULE_KEYS).text("namespace", "default");
    return new Settings(
        layers,
        merged,
        system,
        queue,
        Collections.unmodifiableMap(queues),
        dispatch,
        Collections.unmodifiableMap(dispatches),
        TimerSettings.read(top.child("timers")),
        WorkerSettingsReader.read(top.child("workers")),
        namespace,
        RetentionSettingsReader.read(top.child(RetentionSettingsReader.BLOCK)),
        Collections.unmodifiableMap(retentions),
        Collections.unmodifiableMap(written));
  }

  /** One machine's {@code key} block: per layer, the system's block, then the machine's. */
  private static ConfigBlock layered(
      List<Setting> layers, ConfigBlock machine, String id, String key) {
    Setting result = null;
    for (Setting layer : layers) {
      result = Setting.merged(result, layer.get(key));
      Setting machines = layer.get("machines");
      Setting own = machines == null ? null : machines.get(id);
      result = Setting.merged(result, own == null ? null : own.get(key));
    }
    return new ConfigBlock("settings", machine.path() + "." + key, result);
  }
}
