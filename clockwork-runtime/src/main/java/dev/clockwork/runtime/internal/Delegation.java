package dev.clockwork.runtime.internal;

import dev.clockwork.core.definition.ChildEvents;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.event.Event;
import dev.clockwork.core.interpreter.Effect;
import dev.clockwork.core.interpreter.StepResult;
import dev.clockwork.runtime.queue.QueuedEvent;
import dev.clockwork.runtime.store.DuplicateInstanceException;
import dev.clockwork.runtime.store.Store;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Child machines: starts a child when its state is entered, cancels it (through its queue) when the
 * state is left, and reports a child's outcome to its parent's queue as {@code @done.<final>} or
 * {@code @fail}, fenced by the parent's state entry.
 */
public final class Delegation {
  /** The event that cancels a child instance. */
  public static final String CANCEL = "@cancel";

  private final Store store;
  private final Function<String, MachineDefinition> machines;

  public Delegation(Store store, Function<String, MachineDefinition> machines) {
    this.store = store;
    this.machines = machines;
  }

  /** Performs the child effects of one step of {@code instanceId}; returns the events to send. */
  public List<QueuedEvent> afterStep(String instanceId, StepResult result, Instant now) {
    List<QueuedEvent> out = new ArrayList<>(0);
    for (Effect effect : result.effects()) {
      if (effect instanceof Effect.ChildStarted started) {
        start(instanceId, started, now).ifPresent(out::add);
      } else if (effect instanceof Effect.ChildCancelled cancelled) {
        String child = ChildIds.childId(instanceId, cancelled.statePath(), cancelled.entryId());
        String machine =
            result.snapshot().definition().state(cancelled.statePath()).invokedMachine();
        out.add(QueuedEvent.of(child, machine, Event.of(CANCEL), "parent", now));
      } else if (effect instanceof Effect.Emitted emitted) {
        String machine =
            store
                .find(emitted.instanceId())
                .map(dev.clockwork.runtime.store.InstanceRecord::machine)
                .orElseThrow(
                    () -> new dev.clockwork.runtime.UnknownInstanceException(emitted.instanceId()));
        out.add(QueuedEvent.of(emitted.instanceId(), machine, emitted.event(), "emit", now));
      } else if (effect instanceof Effect.InstanceDone done) {
        doneEvent(instanceId, done.finalState(), result.snapshot().context().asMap(), now)
            .ifPresent(out::add);
      }
    }
    return out;
  }

  /** The {@code @fail} event for a child whose event failed for good. */
  public Optional<QueuedEvent> failed(String instanceId, String error, Instant now) {
    return ChildIds.parentOf(instanceId)
        .flatMap(
            link ->
                toParent(
                    link,
                    ChildEvents.FAIL,
                    Map.of(ChildEvents.CHILD, instanceId, ChildEvents.ERROR, error),
                    now));
  }

  private Optional<QueuedEvent> start(String parentId, Effect.ChildStarted started, Instant now) {
    String child = ChildIds.childId(parentId, started.statePath(), started.entryId());
    Creation.Created created;
    try {
      created =
          Creation.create(store, machines.apply(started.machine()), child, started.input(), now);
    } catch (DuplicateInstanceException alreadyStarted) {
      return Optional.empty();
    }
    List<QueuedEvent> more = afterStep(child, created.started(), now);
    more.forEach(store::enqueue);
    return Optional.empty();
  }

  private Optional<QueuedEvent> doneEvent(
      String instanceId, String finalState, Map<String, Object> output, Instant now) {
    return ChildIds.parentOf(instanceId)
        .flatMap(
            link ->
                toParent(
                    link,
                    ChildEvents.doneEvent(finalState),
                    Map.of(
                        ChildEvents.CHILD,
                        instanceId,
                        ChildEvents.FINAL_STATE,
                        finalState,
                        ChildEvents.OUTPUT,
                        output),
                    now));
  }

  private Optional<QueuedEvent> toParent(
      ChildIds.ParentLink link, String type, Map<String, Object> details, Instant now) {
    return store
        .find(link.parentId())
        .map(
            parent -> {
              Map<String, Object> payload = new LinkedHashMap<>(details);
              payload.put(ChildEvents.PARENT_STATE, link.statePath());
              payload.put(ChildEvents.PARENT_ENTRY, link.entryId());
              return QueuedEvent.of(
                  link.parentId(), parent.machine(), Event.of(type, payload), "child", now);
            });
  }
}
