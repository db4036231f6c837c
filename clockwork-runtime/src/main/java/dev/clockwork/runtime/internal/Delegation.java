package dev.clockwork.runtime.internal;

import dev.clockwork.core.behavior.Target;
import dev.clockwork.core.definition.ChildEvents;
import dev.clockwork.core.event.Event;
import dev.clockwork.core.interpreter.DispatchPolicy;
import dev.clockwork.core.interpreter.Effect;
import dev.clockwork.core.interpreter.StepResult;
import dev.clockwork.runtime.error.NoParentException;
import dev.clockwork.runtime.error.UnknownInstanceException;
import dev.clockwork.runtime.instance.InstanceMetadata;
import dev.clockwork.runtime.instance.NamespacedIds;
import dev.clockwork.runtime.queue.QueuedEvent;
import dev.clockwork.runtime.store.InstanceRecord;
import dev.clockwork.runtime.store.Store;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * What a step asks of other instances, added to its turn so it lands with the turn's commit: starts
 * a child when its state is entered (created in the same commit), cancels it (through its queue)
 * when the state is left, reports a child's outcome to its parent's queue as {@code @done.<final>}
 * or {@code @fail} (fenced by the parent's state entry), and resolves the targets of emits —
 * finding or creating a machine's instance within the sender's conversation, also in the commit,
 * and a child's parent from the child's id ({@link ChildIds}). Instances it creates (children, emit
 * targets) are served from their machine's default queue and carry no labels, memo or search
 * attributes of their own.
 */
public final class Delegation {
  /** The event that cancels a child instance. */
  public static final String CANCEL = "@cancel";

  private final Store store;
  private final MachineRegistry machines;
  private final Function<String, DispatchPolicy> dispatch;
  private final Function<String, String> defaultQueue;

  Delegation(
      Store store,
      MachineRegistry machines,
      Function<String, DispatchPolicy> dispatch,
      Function<String, String> defaultQueue) {
    this.store = store;
    this.machines = machines;
    this.dispatch = dispatch;
    this.defaultQueue = defaultQueue;
  }

  /** Adds what one step of {@code turn} asks of others to the turn (and its chain). */
  void afterStep(Turn turn, StepResult result, Instant now) {
    InstanceRecord instance = turn.record();
    for (Effect effect : result.effects()) {
      if (effect instanceof Effect.ChildStarted started) {
        startChild(turn, started, now);
      } else if (effect instanceof Effect.ChildCancelled cancelled) {
        String child = ChildIds.childId(instance.id(), cancelled.statePath(), cancelled.entryId());
        String machine =
            result.snapshot().definition().state(cancelled.statePath()).invokedMachine();
        turn.send(
            QueuedEvent.of(child, machine, Event.of(CANCEL), "parent", now)
                .withConversationId(instance.conversationId()));
      } else if (effect instanceof Effect.Emitted emitted) {
        InstanceRecord target = target(emitted.target(), turn, now).record();
        turn.send(
            QueuedEvent.of(target.id(), target.machine(), emitted.event(), "emit", now)
                .withConversationId(target.conversationId()));
      } else if (effect instanceof Effect.RegionDispatched region) {
        turn.dispatch(region, result.snapshot(), now);
      } else if (effect instanceof Effect.InstanceDone done) {
        toParent(
                turn,
                instance.id(),
                ChildEvents.doneEvent(done.finalState()),
                Map.of(
                    ChildEvents.CHILD,
                    instance.id(),
                    ChildEvents.FINAL_STATE,
                    done.finalState(),
                    ChildEvents.OUTPUT,
                    result.snapshot().context().asMap()),
                now)
            .ifPresent(turn::send);
      }
    }
  }

  /** Adds an instance's creation to {@code creator}'s chain, with what its first step asked. */
  Turn create(Turn creator, Creation.Created created, Instant now) {
    Turn turn = Turn.created(creator.services(), creator.chain(), created);
    afterStep(turn, created.started(), now);
    return turn;
  }

  /**
   * The turn of the instance an emit from {@code sender} goes to, when the chain already has one
   * (an instance it leased or created), or else the stored record: the named instance (which must
   * exist), or the oldest instance of the machine in the sender's conversation — created in the
   * chain when it has none.
   */
  Resolved target(Target target, Turn sender, Instant now) {
    Chain chain = sender.chain();
    if (target.toParent()) {
      String parentId =
          ChildIds.parentOf(sender.id())
              .map(ChildIds.ParentLink::parentId)
              .orElseThrow(() -> new NoParentException(NamespacedIds.idOf(sender.id())));
      return byId(parentId, chain, NamespacedIds.idOf(parentId));
    }
    if (!target.inConversation()) {
      return byId(inSendersNamespace(target.instanceId(), sender.id()), chain, target.instanceId());
    }
    String conversation = sender.record().conversationId();
    for (Turn turn : chain.turns()) {
      InstanceRecord r = turn.record();
      if (turn.isNew()
          && r.machine().equals(target.machine())
          && r.conversationId().equals(conversation)) {
        return new Resolved(turn, r);
      }
    }
    Optional<InstanceRecord> member =
        store.instances().findInConversation(conversation, target.machine());
    if (member.isPresent()) {
      Turn inChain = chain.turn(member.get().id());
      return new Resolved(inChain, inChain != null ? inChain.record() : member.get());
    }
    String id = ConversationIds.memberId(target.machine(), conversation);
    Event origin =
        Event.of(
            ConversationIds.CREATED_BY_EMIT,
            Map.of("conversation_id", conversation, "sender", sender.id()));
    Creation.Created created =
        Creation.start(
            machines.latest(target.machine()),
            id,
            conversation,
            defaultMetadata(target.machine()),
            Map.of(),
            origin,
            now,
            dispatch.apply(target.machine()));
    Turn turn = create(sender, created, now);
    return new Resolved(turn, turn.record());
  }

  /** The instance stored as {@code targetId}: its turn when the chain has one, else its record. */
  private Resolved byId(String targetId, Chain chain, String shown) {
    Turn inChain = chain.turn(targetId);
    if (inChain != null) {
      return new Resolved(inChain, inChain.record());
    }
    return new Resolved(
        null,
        store.instances().find(targetId).orElseThrow(() -> new UnknownInstanceException(shown)));
  }

  /**
   * The stored id of an emit's target {@code id}: an instance of the sender's namespace. An id that
   * is a stored id of that namespace already (its own, read from the scope) stays as it is; one of
   * another namespace is refused.
   */
  private static String inSendersNamespace(String id, String senderId) {
    String namespace = NamespacedIds.namespaceOf(senderId);
    if (id.indexOf(NamespacedIds.SEPARATOR) < 0) {
      return NamespacedIds.stored(namespace, id);
    }
    if (NamespacedIds.in(namespace, id)) {
      return id;
    }
    throw new IllegalArgumentException(
        "emit target '"
            + NamespacedIds.idOf(id)
            + "' is an instance of namespace '"
            + NamespacedIds.namespaceOf(id)
            + "'; an emit reaches instances of its sender's namespace ('"
            + namespace
            + "') only");
  }

  /** An emit target: its turn in the chain (null when the chain has none yet) and its record. */
  record Resolved(Turn turn, InstanceRecord record) {}

  /** The {@code @fail} event for a child whose event failed for good. */
  Optional<QueuedEvent> failed(Turn child, String error, Instant now) {
    return toParent(
        child,
        child.id(),
        ChildEvents.FAIL,
        Map.of(ChildEvents.CHILD, child.id(), ChildEvents.ERROR, error),
        now);
  }

  private void startChild(Turn parent, Effect.ChildStarted started, Instant now) {
    String child = ChildIds.childId(parent.id(), started.statePath(), started.entryId());
    if (parent.chain().turn(child) != null || store.instances().find(child).isPresent()) {
      return; // its state entry already started it
    }
    create(
        parent,
        Creation.start(
            machines.latest(started.machine()),
            child,
            parent.record().conversationId(),
            defaultMetadata(started.machine()),
            started.input(),
            null,
            now,
            dispatch.apply(started.machine())),
        now);
  }

  /** What an instance of {@code machine} created by another's step carries: its default queue. */
  private InstanceMetadata defaultMetadata(String machine) {
    return InstanceMetadata.inQueue(defaultQueue.apply(machine));
  }

  private Optional<QueuedEvent> toParent(
      Turn from, String instanceId, String type, Map<String, Object> details, Instant now) {
    return ChildIds.parentOf(instanceId)
        .flatMap(
            link -> {
              Turn inChain = from.chain().turn(link.parentId());
              Optional<InstanceRecord> parent =
                  inChain != null
                      ? Optional.of(inChain.record())
                      : store.instances().find(link.parentId());
              return parent.map(
                  p -> {
                    Map<String, Object> payload = new LinkedHashMap<>(details);
                    payload.put(ChildEvents.PARENT_STATE, link.statePath());
                    payload.put(ChildEvents.PARENT_ENTRY, link.entryId());
                    return QueuedEvent.of(
                            link.parentId(), p.machine(), Event.of(type, payload), "child", now)
                        .withConversationId(p.conversationId());
                  });
            });
  }
}
