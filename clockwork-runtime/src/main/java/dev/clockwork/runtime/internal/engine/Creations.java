package dev.clockwork.runtime.internal.engine;

import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.input.InputRules;
import dev.clockwork.core.input.ReservedNames;
import dev.clockwork.runtime.config.Settings;
import dev.clockwork.runtime.instance.NamespacedIds;
import dev.clockwork.runtime.instance.NewInstance;
import dev.clockwork.runtime.internal.BatchCreation;
import dev.clockwork.runtime.internal.ChildIds;
import dev.clockwork.runtime.internal.ConversationIds;
import dev.clockwork.runtime.internal.MachineRegistry;
import dev.clockwork.runtime.internal.TurnRunner;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.UUID;

/**
 * Creates top-level instances: one at a time, or many in one store commit. A request's id defaults
 * to {@code <machine>:<uuid>}, its conversation to a new one, its queue to its machine's default.
 */
public final class Creations {
  private final Settings settings;
  private final MachineRegistry machines;
  private final TurnRunner runner;

  Creations(Settings settings, MachineRegistry machines, TurnRunner runner) {
    this.settings = settings;
    this.machines = machines;
    this.runner = runner;
  }

  /**
   * What became of one creation of a batch.
   *
   * @param id the instance id
   * @param created the instance created, or null (its id was taken, or it failed)
   * @param failure why it failed, or null
   */
  public record Outcome(String id, TurnRunner.Created created, RuntimeException failure) {}

  /**
   * Creates the instance a caller's {@code request} asks for, with the children and events of its
   * start; an id of the engine's own forms is refused ({@link ReservedNames}).
   */
  public TurnRunner.Created create(NewInstance request) {
    return create(request, false);
  }

  /**
   * Creates an instance as {@link #create(NewInstance)} does, for the engine's own paths (a
   * schedule starting its run), which may use the reserved id forms.
   */
  public TurnRunner.Created createOwn(NewInstance request) {
    return create(request, true);
  }

  /** As {@link #createAll(List)}, for the engine's own paths, which may use reserved id forms. */
  public List<Outcome> createAllOwn(List<NewInstance> requests) {
    return createAll(requests, true);
  }

  private TurnRunner.Created create(NewInstance request, boolean own) {
    Objects.requireNonNull(request, "request");
    MachineDefinition definition = machines.latest(request.machine());
    String instanceId = id(request);
    String conversation = conversation(request, instanceId);
    checkId(request, instanceId, own);
    return runner.create(
        definition,
        instanceId,
        conversation,
        request.metadata(defaultQueue(request)),
        request.input(),
        request.origin());
  }

  /**
   * Creates every instance of {@code requests} in one store commit; each is refused (its id taken)
   * or fails on its own, leaving the others created.
   *
   * @return per request, in order, what became of it
   */
  public List<Outcome> createAll(List<NewInstance> requests) {
    return createAll(requests, false);
  }

  private List<Outcome> createAll(List<NewInstance> requests, boolean own) {
    List<Outcome> outcomes = new ArrayList<>(requests.size());
    List<BatchCreation.Request> batch = new ArrayList<>(requests.size());
    List<Integer> at = new ArrayList<>(requests.size());
    for (NewInstance request : requests) {
      String instanceId = id(request);
      try {
        MachineDefinition definition = machines.latest(request.machine());
        checkId(request, instanceId, own);
        batch.add(
            new BatchCreation.Request(
                definition,
                instanceId,
                conversation(request, instanceId),
                request.metadata(defaultQueue(request)),
                request.input(),
                request.origin()));
        at.add(outcomes.size());
        outcomes.add(null);
      } catch (RuntimeException e) {
        outcomes.add(new Outcome(instanceId, null, e));
      }
    }
    List<BatchCreation.Result> results = runner.createAll(batch);
    for (int k = 0; k < results.size(); k++) {
      BatchCreation.Result result = results.get(k);
      outcomes.set(at.get(k), new Outcome(batch.get(k).id(), result.created(), result.failure()));
    }
    return outcomes;
  }

  /**
   * A caller's own id follows the id rules and is none of the engine's forms; the engine's own ids
   * (schedule runs, which carry a schedule id and a time) may be longer.
   */
  private static void checkId(NewInstance request, String instanceId, boolean own) {
    ChildIds.checkTopLevel(NamespacedIds.idOf(instanceId));
    if (!own && request.id() != null) {
      // the id the caller gave, not the stored one: it may not name another namespace's instance
      InputRules.id("instance id", request.id());
      ReservedNames.checkCallerInstanceId(request.id());
    }
  }

  /** The stored id: the request's (a random one when it names none) in its namespace. */
  private static String id(NewInstance request) {
    String id = request.id() != null ? request.id() : request.machine() + ":" + UUID.randomUUID();
    return NamespacedIds.stored(request.namespace(), id);
  }

  /**
   * The stored conversation id: the request's (a new one when it names none) in the instance's
   * namespace (a schedule's run names its namespace in its stored id).
   */
  private static String conversation(NewInstance request, String instanceId) {
    String conversation =
        request.conversation() != null
            ? ConversationIds.checked(request.conversation())
            : ConversationIds.next();
    return NamespacedIds.stored(NamespacedIds.namespaceOf(instanceId), conversation);
  }

  private String defaultQueue(NewInstance request) {
    return settings.queue(request.machine()).name();
  }
}
