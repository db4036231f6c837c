package dev.clockwork.bench.soak;

import dev.clockwork.runtime.listener.EngineListener;
import dev.clockwork.runtime.listener.ProcessedEvent;
import dev.clockwork.runtime.listener.ProcessedEvent.Outcome;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * What the soak hears from its engine: every processed event handed on, and the dead letters
 * counted. It keeps nothing per event — the benchmark probe keeps every timer fire's lateness for
 * its percentiles, which over a soak's hundreds of thousands of fires is a growing array in the
 * very heap the soak reports as the engine's.
 */
final class SoakListener implements EngineListener {
  private final Consumer<ProcessedEvent> heard;
  private final AtomicLong deadLettered = new AtomicLong();

  SoakListener(Consumer<ProcessedEvent> heard) {
    this.heard = heard;
  }

  @Override
  public void eventProcessed(ProcessedEvent event) {
    if (event.outcome() == Outcome.DEAD_LETTERED) {
      deadLettered.incrementAndGet();
    }
    heard.accept(event);
  }

  long deadLettered() {
    return deadLettered.get();
  }
}
