package dev.clockwork.runtime.internal.engine;

import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.event.Event;
import dev.clockwork.runtime.config.QueueStrategy;
import dev.clockwork.runtime.config.Settings;
import dev.clockwork.runtime.error.InvalidEventPayloadException;
import dev.clockwork.runtime.error.UnknownEventException;
import dev.clockwork.runtime.error.UnknownInstanceException;
import dev.clockwork.runtime.instance.NamespacedIds;
import dev.clockwork.runtime.internal.Listeners;
import dev.clockwork.runtime.internal.MachineRegistry;
import dev.clockwork.runtime.internal.TurnRunner;
import dev.clockwork.runtime.internal.engine.KnownInstances.Known;
import dev.clockwork.runtime.queue.EventRequest;
import dev.clockwork.runtime.queue.Priority;
import dev.clockwork.runtime.queue.QueuedEvent;
import dev.clockwork.runtime.store.InstanceRecord;
import dev.clockwork.runtime.store.Store;
import java.time.Clock;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Where events enter an engine: processed now ({@link #send}) or appended to their instance's queue
 * ({@link #enqueue}). Validate now, process later: an event no state of the machine takes, or whose
 * payload the machine's validator for its type refuses, is refused at once — unless the instance
 * runs a version newer than this node knows (a rolling deploy), which the nodes that know it
 * validate when they process the event. The engine's own events are refused before they get here,
 * at {@code Engine.send} and {@code Engine.enqueue} ({@link
 * dev.clockwork.core.input.ReservedNames}); its own paths (cancel, terminate) use them. An enqueue
 * reads its instance only when it is not among those recently enqueued to ({@link KnownInstances}),
 * so it is mostly one round trip.
 */
public final class EventIntake {
  private final Settings settings;
  private final Store store;
  private final Clock clock;
  private final MachineRegistry machines;
  private final TurnRunner runner;
  private final Listeners listeners;
  private final KnownInstances known = new KnownInstances();

  EventIntake(
      Settings settings,
      Store store,
      Clock clock,
      MachineRegistry machines,
      TurnRunner runner,
      Listeners listeners) {
    this.settings = settings;
    this.store = store;
    this.clock = clock;
    this.machines = machines;
    this.runner = runner;
    this.listeners = listeners;
  }

  /**
   * Processes the event now under the instance's lease; its priority and source are for queued
   * events and must keep their defaults.
   */
  public TurnRunner.Sent send(EventRequest request) {
    Objects.requireNonNull(request, "request");
    if (request.priority() != Priority.NORMAL) {
      throw new IllegalArgumentException(
          "priority "
              + request.priority()
              + " orders queued events, and send processes the event now; enqueue the request to"
              + " queue it by priority, or leave its priority out");
    }
    if (!EventRequest.DEFAULT_SOURCE.equals(request.source())) {
      throw new IllegalArgumentException(
          "source '"
              + request.source()
              + "' is kept with queued events, and send processes the event now; enqueue the"
              + " request to record who sent it, or leave its source out");
    }
    checkKnown(Known.of(load(request.instanceId())), request.event());
    return runner.send(request.instanceId(), request.event(), request.idempotencyKey());
  }

  /** Appends the event to its instance's queue; it is durable when this returns. */
  public QueuedEvent enqueue(EventRequest request) {
    Objects.requireNonNull(request, "request");
    String instanceId = request.instanceId();
    Event event = request.event();
    Known instance = checked(instanceId, event);
    Priority effective =
        settings.queue(instance.machine()).strategy() == QueueStrategy.PRIORITY
            ? request.priority()
            : Priority.NORMAL;
    QueuedEvent queued;
    try {
      queued =
          store
              .queue()
              .enqueue(
                  QueuedEvent.of(
                          instanceId, instance.machine(), event, request.source(), clock.instant())
                      .withConversationId(instance.conversationId())
                      .withPriority(effective)
                      .withIdempotencyKey(request.idempotencyKey())
                      .withHeaders(
                          listeners.enqueuing(
                              NamespacedIds.namespaceOf(instanceId),
                              NamespacedIds.idOf(instanceId),
                              instance.machine(),
                              event)));
    } catch (UnknownInstanceException gone) {
      known.forget(instanceId);
      throw gone;
    }
    listeners.eventEnqueued(
        NamespacedIds.namespaceOf(instanceId), NamespacedIds.idOf(instanceId), instance.machine());
    return queued;
  }

  /**
   * The instance's machine, version and conversation, with {@code event} checked against them:
   * remembered (no read) when the instance runs its machine's newest version here and the event
   * passes; otherwise read from the store, checked, and remembered for next time.
   */
  private Known checked(String instanceId, Event event) {
    Optional<Known> remembered = known.get(instanceId);
    if (remembered.isPresent()) {
      Known instance = remembered.get();
      try {
        if (instance.version() == machines.latest(instance.machine()).version()) {
          checkKnown(instance, event);
          return instance;
        }
      } catch (RuntimeException refused) {
        // refused by what was remembered: the stored row decides (its version may be newer)
      }
    }
    Known instance = Known.of(load(instanceId));
    checkKnown(instance, event);
    known.remember(instance);
    return instance;
  }

  private void checkKnown(Known record, Event event) {
    if (machines.isNewer(record.machine(), record.version())) {
      return;
    }
    MachineDefinition definition =
        machines.forInstance(record.id(), record.machine(), record.version());
    if (!definition.knowsEvent(event.type())) {
      throw new UnknownEventException(record.machine(), event.type(), definition.events());
    }
    List<String> errors = definition.validate(event.type(), event.payload());
    if (!errors.isEmpty()) {
      throw new InvalidEventPayloadException(record.machine(), record.id(), event.type(), errors);
    }
  }

  private InstanceRecord load(String instanceId) {
    return store
        .instances()
        .find(instanceId)
        .orElseThrow(() -> new UnknownInstanceException(instanceId));
  }
}
