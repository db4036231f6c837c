package dev.clockwork.runtime;

import dev.clockwork.runtime.internal.TurnRunner;
import java.util.Optional;

/**
 * What a synchronous send returns.
 *
 * @param instance the instance after the event
 * @param handled false when no transition took the event
 * @param reply what an action replied, if any
 */
public record SendResult(Instance instance, boolean handled, Optional<Object> reply) {
  /**
   * True when the event dispatched region jobs (parallel dispatch): the instance entered a parallel
   * state whose regions' entry actions now run in the background, so a caller may answer "accepted,
   * processing" instead of waiting.
   */
  public boolean dispatched() {
    return instance.dispatched();
  }

  static SendResult of(TurnRunner.Sent sent) {
    return new SendResult(
        Instance.of(sent.instance(), sent.dispatched()), sent.handled(), sent.reply());
  }
}
