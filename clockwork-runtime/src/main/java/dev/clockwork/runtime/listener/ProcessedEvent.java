package dev.clockwork.runtime.listener;

import dev.clockwork.runtime.instance.NamespacedIds;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * One event (or timer fire) an engine processed, as its commit settled it.
 *
 * @param namespace the namespace of the instance
 * @param instanceId the instance's id, as callers know it (without its namespace)
 * @param machine its machine
 * @param eventId the queue id; 0 for a direct send or a timer fire
 * @param type the event type
 * @param source who sent it: {@code api}, {@code send} (a direct send), {@code timer}, {@code
 *     emit}, {@code broadcast}, {@code child}, {@code parent}
 * @param attempt which attempt this was (1 for the first)
 * @param outcome what became of it
 * @param readyAt when it became available: enqueued (or its retry time), or a timer's due instant
 * @param startedAt when its macrostep started (engine clock)
 * @param took how long its macrostep ran
 * @param committedAt when the commit that settled it was written (engine clock)
 * @param error the failure's type and message, or null when it was applied
 * @param headers the headers stored with the queued event (see {@link EngineListener#enqueuing});
 *     empty for sends, timer fires and events queued without any
 * @param statesBefore the instance's active leaf states before the event
 * @param statesAfter its active leaf states after it (the same when it failed or moved nothing)
 */
public record ProcessedEvent(
    String namespace,
    String instanceId,
    String machine,
    long eventId,
    String type,
    String source,
    int attempt,
    Outcome outcome,
    Instant readyAt,
    Instant startedAt,
    Duration took,
    Instant committedAt,
    String error,
    Map<String, String> headers,
    List<String> statesBefore,
    List<String> statesAfter) {

  public ProcessedEvent {
    namespace = namespace == null ? NamespacedIds.DEFAULT : namespace;
    headers = headers == null ? Map.of() : Map.copyOf(headers);
    statesBefore = statesBefore == null ? List.of() : List.copyOf(statesBefore);
    statesAfter = statesAfter == null ? List.of() : List.copyOf(statesAfter);
  }

  /**
   * A report of an instance of the default namespace without headers or states (tests, tools
   * replaying reports).
   */
  public ProcessedEvent(
      String instanceId,
      String machine,
      long eventId,
      String type,
      String source,
      int attempt,
      Outcome outcome,
      Instant readyAt,
      Instant startedAt,
      Duration took,
      Instant committedAt,
      String error) {
    this(
        NamespacedIds.DEFAULT,
        instanceId,
        machine,
        eventId,
        type,
        source,
        attempt,
        outcome,
        readyAt,
        startedAt,
        took,
        committedAt,
        error,
        Map.of(),
        List.of(),
        List.of());
  }

  /** Whether the event moved the instance to other states. */
  public boolean transitioned() {
    return !statesBefore.equals(statesAfter);
  }

  /** What became of an event. */
  public enum Outcome {
    /** Its macrostep was committed (whether or not a transition took it). */
    APPLIED,
    /** It failed this attempt and will be tried again. */
    RETRYING,
    /** It failed for good and went to the dead letters. */
    DEAD_LETTERED,
    /** It failed for good and was dropped: the machine's dead letters are disabled. */
    DISCARDED
  }

  /** How long it waited between becoming available and its macrostep starting. */
  public Duration waited() {
    Duration waited = Duration.between(readyAt, startedAt);
    return waited.isNegative() ? Duration.ZERO : waited;
  }
}
