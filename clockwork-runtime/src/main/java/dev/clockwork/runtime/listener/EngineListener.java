package dev.clockwork.runtime.listener;

import dev.clockwork.core.event.Event;
import dev.clockwork.runtime.store.retention.RemovedRows;
import dev.clockwork.runtime.store.retention.RetentionBacklog;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;

/**
 * Hears what an engine does, turn by turn: the seam for metrics, tracing, benchmarks and live
 * views. Add any number with {@code Engine.builder().listener(...)}, or later with {@code
 * engine.listen(...)}. Called on the engine's threads after the fact (an event is reported once its
 * commit is written); implementations must be thread-safe and quick, and what they throw is logged
 * and otherwise ignored.
 *
 * <p>Every instance is reported by its namespace and the id callers know it by; an engine keyed by
 * namespace rebuilds its store key with {@link
 * dev.clockwork.runtime.instance.NamespacedIds#stored(String, String)}.
 */
public interface EngineListener {
  /**
   * An application is enqueuing {@code event} for an instance ({@code Engine.enqueue}), on its own
   * thread, before the event is stored: the headers returned are stored with it and reported with
   * its processing ({@link ProcessedEvent#headers()}) — a trace context, say. Keep them small
   * (text, a few entries). When several listeners give one header, the last one registered wins.
   *
   * @param namespace the instance's namespace
   * @param instanceId its id, as callers know it (without its namespace)
   */
  default Map<String, String> enqueuing(
      String namespace, String instanceId, String machine, Event event) {
    return Map.of();
  }

  /**
   * An instance was created and its creation committed: by the application, a schedule's trigger
   * ({@code origin} is then its {@code ScheduleTriggered}), a timer start event or a parent.
   *
   * @param namespace the instance's namespace
   * @param instanceId its id, as callers know it (without its namespace)
   * @param origin what started it, as its history's first row records; null when nothing did
   * @param at when its creation was committed (engine clock)
   */
  default void instanceCreated(
      String namespace, String instanceId, String machine, Event origin, Instant at) {}

  /**
   * An event was appended to an instance's queue through {@link
   * dev.clockwork.runtime.Engine#enqueue} (it is durable; a worker processes it later).
   *
   * @param namespace the instance's namespace
   * @param instanceId its id, as callers know it (without its namespace)
   */
  default void eventEnqueued(String namespace, String instanceId, String machine) {}

  /** An event or timer fire was processed, and its outcome committed. */
  default void eventProcessed(ProcessedEvent event) {}

  /**
   * One store commit was written: {@code turns} turns (with the instances they ran synchronously)
   * in one transaction, in {@code took}.
   */
  default void committed(int turns, Duration took) {}

  /**
   * One claim leased {@code claimed} of the {@code asked} instances it could take, in {@code took}.
   */
  default void claimed(int asked, int claimed, Duration took) {}

  /**
   * A lease was lost while its turn was still working (another worker took the instance over): the
   * turn's work is thrown away and the instance's events are processed by the new holder.
   *
   * @param namespace the instance's namespace
   * @param instanceId its id, as callers know it (without its namespace)
   */
  default void leaseLost(String namespace, String instanceId, String machine) {}

  /**
   * The queues went over (or back under) the backpressure threshold: while over it, timers wait and
   * queued events are served.
   */
  default void backpressure(boolean over, long threshold) {}

  /**
   * A retention pass of this engine removed {@code removed} (rows by table; a pass that removed
   * nothing is reported too), taking {@code took}.
   */
  default void retentionPassed(RemovedRows removed, Duration took) {}

  /**
   * After a retention pass of this engine, what retention still has to do in one scope, read with
   * bounded queries at {@code now}: {@code machine} is a machine with retention of its own, or
   * {@link #EVERY_OTHER_MACHINE} for every machine without.
   */
  default void retentionBacklog(String machine, RetentionBacklog backlog, Instant now) {}

  /**
   * The {@code machine} of {@link #retentionBacklog} for the machines without retention of their
   * own.
   */
  String EVERY_OTHER_MACHINE = "*";
}
