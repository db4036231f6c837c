package dev.clockwork.runtime.config;

import java.util.Map;

/** The {@code schedules} block made in code. */
public final class ScheduleSettingsBuilder extends CodeBlock<ScheduleSettingsBuilder> {
  ScheduleSettingsBuilder(Map<String, Object> values) {
    super(values);
  }

  /** {@code namespace}: the namespace schedules are created in unless they name one. */
  public ScheduleSettingsBuilder namespace(String namespace) {
    return set("namespace", "namespace", namespace);
  }
}
