package dev.clockwork.runtime.config;

import java.time.Duration;
import java.util.Map;

/** A {@code queue.dead_letter} block made in code. */
public final class DeadLetterSettingsBuilder extends CodeBlock<DeadLetterSettingsBuilder> {
  DeadLetterSettingsBuilder(Map<String, Object> values) {
    super(values);
  }

  /** {@code enabled}: keep events that fail for good (true) or discard them (false). */
  public DeadLetterSettingsBuilder enabled(boolean keep) {
    return set("enabled", "enabled", keep);
  }

  /** {@code retention}: how long dead letters are kept. */
  public DeadLetterSettingsBuilder retention(Duration retention) {
    return set("retention", "retention", retention);
  }
}
