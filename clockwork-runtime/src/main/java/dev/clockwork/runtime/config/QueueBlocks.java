package dev.clockwork.runtime.config;

import java.util.Map;
import java.util.function.Consumer;

/**
 * The blocks the system and each machine both have: {@code queue}, {@code parallel_dispatch} and
 * {@code retention}.
 *
 * @param <B> the builder of the level they are set at
 */
abstract class QueueBlocks<B extends QueueBlocks<B>> extends CodeBlock<B> {
  QueueBlocks(Map<String, Object> values) {
    super(values);
  }

  /** The {@code queue} block: {@code q -> q.concurrency(5).retry(r -> r.maxAttempts(4))}. */
  public B queue(Consumer<QueueSettingsBuilder> settings) {
    return block("queue", QueueSettingsBuilder::new, settings);
  }

  /** The {@code parallel_dispatch} block: {@code p -> p.enabled(true).jobTries(5)}. */
  public B parallelDispatch(Consumer<ParallelDispatchSettingsBuilder> settings) {
    return block(ParallelDispatchReader.BLOCK, ParallelDispatchSettingsBuilder::new, settings);
  }

  /**
   * The {@code retention} block: {@code r -> r.finishedInstances(Duration.ofDays(7))}. A machine's
   * may not set {@code operator_log}, which is system-wide.
   */
  public B retention(Consumer<RetentionSettingsBuilder> settings) {
    return block(RetentionSettingsReader.BLOCK, RetentionSettingsBuilder::new, settings);
  }

  /**
   * Every key of the {@code parallel_dispatch} block at once, to {@code settings}' values: nothing
   * of the file's block is left at this level.
   */
  public B parallelDispatch(ParallelDispatchConfig settings) {
    return parallelDispatch(p -> p.all(settings));
  }
}
