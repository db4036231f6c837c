package dev.clockwork.runtime.internal;

import dev.clockwork.core.behavior.Target;
import dev.clockwork.core.definition.ChildEvents;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.event.Event;
import dev.clockwork.core.interpreter.Effect;
import dev.clockwork.core.interpreter.StepResult;
import dev.clockwork.runtime.error.UnknownInstanceException;
import dev.clockwork.runtime.queue.QueuedEvent;
import dev.clockwork.runtime.store.DuplicateInstanceException;
import dev.clockwork.runtime.store.InstanceRecord;
import dev.clockwork.runtime.store.Store;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * What a step asks of other instances: starts a child when its state is entered, cancels it
 * (through its queue) when the state is left, reports a child's outcome to its parent's queue as
 * {@code @done.<final>} or {@code @fail} (fenced by the parent's state entry), and resolves the
 * targets of emits, finding or creating a machine's instance within the sender's conversation.
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

  /**
   * Creates and stores an instance, then performs what its initial step asked of others (children
   * started, events emitted).
   *
   * @throws DuplicateInstanceException when the id is taken
   */
  public Creation.Created start(
      MachineDefinition definition,
      String id,
      String conversationId,
      Map<String, ?> input,
      Event origin,
      Instant now) {
    Creation.Created created =
        Creation.create(store, definition, id, conversationId, input, origin, now);
    afterStep(created.record(), created.started(), now).forEach(store::enqueue);
    return created;
  }

  /** Performs the child effects of one step of {@code instance}; returns the events to send. */
  public List<QueuedEvent> afterStep(InstanceRecord instance, StepResult result, Instant now) {
    List<QueuedEvent> out = new ArrayList<>(0);
    for (Effect effect : result.effects()) {
      if (effect instanceof Effect.ChildStarted started) {
        startChild(instance, started, now);
      } else if (effect instanceof Effect.ChildCancelled cancelled) {
        String child = ChildIds.childId(instance.id(), cancelled.statePath(), cancelled.entryId());
        String machine =
            result.snapshot().definition().state(cancelled.statePath()).invokedMachine();
        out.add(
            QueuedEvent.of(child, machine, Event.of(CANCEL), "parent", now)
                .withConversationId(instance.conversationId()));
      } else if (effect instanceof Effect.Emitted emitted) {
        InstanceRecord target = target(emitted.target(), instance, now);
        out.add(
            QueuedEvent.of(target.id(), target.machine(), emitted.event(), "emit", now)
                .withConversationId(target.conversationId()));
      } else if (effect instanceof Effect.InstanceDone done) {
        doneEvent(instance.id(), done.finalState(), result.snapshot().context().asMap(), now)
            .ifPresent(out::add);
      }
    }
    return out;
  }

  /**
   * The instance an emit from {@code sender} goes to: the named one (which must exist), or the
   * oldest instance of the machine in the sender's conversation, created there when it has none.
   */
  public InstanceRecord target(Target target, InstanceRecord sender, Instant now) {
    if (!target.inConversation()) {
      return store
          .find(target.instanceId())
          .orElseThrow(() -> new UnknownInstanceException(target.instanceId()));
    }
    String conversation = sender.conversationId();
    Optional<InstanceRecord> member = store.findInConversation(conversation, target.machine());
    if (member.isPresent()) {
      return member.get();
    }
    String id = ConversationIds.memberId(target.machine(), conversation);
    Event origin =
        Event.of(
            ConversationIds.CREATED_BY_EMIT,
            Map.of("conversation_id", conversation, "sender", sender.id()));
    try {
      return start(machines.apply(target.machine()), id, conversation, Map.of(), origin, now)
          .record();
    } catch (DuplicateInstanceException createdMeanwhile) {
      return store.find(id).orElseThrow(() -> new UnknownInstanceException(id));
    }
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

  private void startChild(InstanceRecord parent, Effect.ChildStarted started, Instant now) {
    String child = ChildIds.childId(parent.id(), started.statePath(), started.entryId());
    try {
      start(
          machines.apply(started.machine()),
          child,
          parent.conversationId(),
          started.input(),
          null,
          now);
    } catch (DuplicateInstanceException alreadyStarted) {
      // started by an earlier try of this step
    }
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
                      link.parentId(), parent.machine(), Event.of(type, payload), "child", now)
                  .withConversationId(parent.conversationId());
            });
  }
}
