package dev.clockwork.chaos.machine;

import dev.clockwork.core.behavior.ActionScope;
import dev.clockwork.core.behavior.Target;
import dev.clockwork.core.definition.ChildEvents;
import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.definition.StateBuilder;
import dev.clockwork.core.event.Event;
import dev.clockwork.core.time.Timer;
import java.util.List;
import java.util.Map;

/**
 * The machine every worker runs. Each external event carries a per-instance sequence number in its
 * payload ({@value #SEQ}); every kind but POISON appends it to the context's {@value #APPLIED}
 * list, in every state, so the order of applied events and any duplicate can be read back.
 *
 * <ul>
 *   <li>{@code STEP}: appends its number.
 *   <li>{@code SLOW}: appends its number after an action of {@value #SLOW_MILLIS} ms (the lease is
 *       renewed meanwhile), so a worker stopped by a pause is often in the middle of a turn.
 *   <li>{@code TRANSIENT}: fails its first attempt (as the action sees it, {@code attempt() == 1}),
 *       then appends its number.
 *   <li>{@code POISON}: always fails; ends in the dead letters after every attempt.
 *   <li>{@code ARM}: in {@code open} it enters {@code ticking} and records the entry in {@value
 *       #ENTRIES}. Entering {@code ticking} arms a one-shot {@code after} of {@link #RING_AFTER};
 *       its fire ({@code RING}) appends the entry's number to {@value #RINGS} and goes back to
 *       {@code open}.
 *   <li>{@code CYCLE}: in {@code open} it enters {@code cycling} and records the entry in {@value
 *       #CYCLES}. {@code cycling} has an {@code every} of {@link #PULSE_EVERY}, {@code max} {@value
 *       #PULSE_MAX}: each {@code PULSE} appends the entry's number to {@value #PULSES}; its {@code
 *       then} ({@value #CYCLE_END}) appends it to {@value #CYCLE_ENDS} and goes back to {@code
 *       open}. Nothing else leaves {@code cycling}, so an entry gets exactly {@value #PULSE_MAX}
 *       pulses and one end.
 *   <li>{@code SPAWN}: in {@code open} it enters {@code spawning} and records the entry in {@value
 *       #SPAWNS}. {@code spawning} invokes a {@link ChaosChild} (its input names this instance and
 *       the entry); the child's {@code @done} appends the number the child was started with to
 *       {@value #CHILDREN_DONE} and goes back to {@code open} ({@code @fail}: to {@value
 *       #CHILDREN_FAILED}).
 *   <li>{@code EMIT}: emits its number synchronously to this instance's {@link ChaosPeer} (found or
 *       created in its conversation), checks the reply, emits it asynchronously to the same peer,
 *       and appends it to {@value #EMITS}.
 *   <li>{@code BROADCAST}: broadcasts the token {@code <instance id>:<number>} to every {@link
 *       ChaosReceiver} in {@value ChaosReceiver#STATE} and appends the number to {@value
 *       #BROADCASTS}.
 * </ul>
 *
 * In the other states ARM, CYCLE and SPAWN only append their number.
 */
public final class ChaosMachine {
  public static final String ID = "chaos";
  public static final String SEQ = "seq";
  public static final String APPLIED = "applied";
  public static final String ENTRIES = "entries";
  public static final String RINGS = "rings";
  public static final String CYCLES = "cycles";
  public static final String PULSES = "pulses";
  public static final String CYCLE_ENDS = "cycleEnds";
  public static final String SPAWNS = "spawns";
  public static final String CHILDREN_DONE = "childrenDone";
  public static final String CHILDREN_FAILED = "childrenFailed";
  public static final String EMITS = "emits";
  public static final String BROADCASTS = "broadcasts";
  public static final String CYCLE_END = "CYCLE_END";
  public static final Timer RING_AFTER = Timer.seconds(1);
  public static final Timer PULSE_EVERY = Timer.seconds(1);
  public static final int PULSE_MAX = 3;
  public static final long SLOW_MILLIS = 1_000;

  /** The states an instance leaves by itself (a timer or a child): the drain waits for them. */
  public static final List<String> BUSY_STATES = List.of("ticking", "cycling", "spawning");

  private static final String ARMED_BY = "armedBy";
  private static final String CYCLED_BY = "cycledBy";
  private static final String SPAWNED_BY = "spawnedBy";
  private static final String SELF = "self";

  /**
   * The numbers applied by version 2's code (a rolling deploy, F7): version 2 appends each number
   * to this list as well as to {@value #APPLIED}, so which version ran each event can be read back.
   */
  public static final String APPLIED_V2 = "appliedV2";

  /** The newest version of the machine: what the new workers of a rolling deploy register. */
  public static final int NEWEST_VERSION = 2;

  private final int version;

  private ChaosMachine(int version) {
    this.version = version;
  }

  /** Version 1, the one every worker runs unless a rolling deploy (F7) brings version 2. */
  public static MachineDefinition definition() {
    return definition(1);
  }

  /**
   * Version {@code version} (1 or 2): the same states and transitions, version 2 also appending
   * each applied number to {@value #APPLIED_V2}.
   */
  public static MachineDefinition definition(int version) {
    if (version < 1 || version > NEWEST_VERSION) {
      throw new IllegalArgumentException(
          "the chaos machine has versions 1 to " + NEWEST_VERSION + ", not " + version);
    }
    return new ChaosMachine(version).build();
  }

  private MachineDefinition build() {
    return Machine.define(ID)
        .version(version)
        .initial("open")
        .state("open", this::open)
        .state(
            "ticking",
            s ->
                appendOnly(common(s), "ARM", "CYCLE", "SPAWN")
                    .on(
                        "RING",
                        t ->
                            t.to("open")
                                .after(RING_AFTER)
                                .action(x -> entryFact(x, RINGS, ARMED_BY))))
        .state(
            "cycling",
            s ->
                appendOnly(common(s), "ARM", "CYCLE", "SPAWN")
                    .on(
                        "PULSE",
                        t ->
                            t.action(x -> entryFact(x, PULSES, CYCLED_BY))
                                .every(PULSE_EVERY)
                                .max(PULSE_MAX)
                                .then(CYCLE_END))
                    .on(
                        CYCLE_END,
                        t -> t.to("open").action(x -> entryFact(x, CYCLE_ENDS, CYCLED_BY))))
        .state(
            "spawning",
            s ->
                appendOnly(common(s), "ARM", "CYCLE", "SPAWN")
                    .invoke(
                        ChaosChild.ID,
                        c ->
                            Map.of(
                                ChaosChild.PARENT,
                                c.getString(SELF),
                                ChaosChild.PARENT_SEQ,
                                c.getLong(SPAWNED_BY, -1)))
                    .on(
                        ChildEvents.doneEvent(ChaosChild.FINAL),
                        t -> t.to("open").action(x -> childOutcome(x, CHILDREN_DONE)))
                    .on(
                        ChildEvents.FAIL,
                        t -> t.to("open").action(x -> childOutcome(x, CHILDREN_FAILED))))
        .build();
  }

  private void open(StateBuilder s) {
    s.on("ARM", t -> t.to("ticking").action(x -> enter(x, ENTRIES, ARMED_BY)))
        .on("CYCLE", t -> t.to("cycling").action(x -> enter(x, CYCLES, CYCLED_BY)))
        .on(
            "SPAWN",
            t ->
                t.to("spawning")
                    .action(
                        x -> {
                          enter(x, SPAWNS, SPAWNED_BY);
                          x.set(SELF, x.instanceId());
                        }));
    common(s);
  }

  /** Appends the event's number to {@value #APPLIED} and to {@code entries}; marks the entry. */
  private void enter(ActionScope x, String entries, String marker) {
    long seq = append(x, APPLIED);
    ContextLists.append(x, entries, seq);
    x.set(marker, seq);
  }

  /** Appends the number of the current entry (under {@code marker}) to {@code key}. */
  private static void entryFact(ActionScope x, String key, String marker) {
    ContextLists.append(x, key, x.context().getLong(marker, -1));
  }

  /** Appends the number the child was started with, as its outcome reports it, to {@code key}. */
  private static void childOutcome(ActionScope x, String key) {
    long seq = -1;
    if (x.event().payload().get(ChildEvents.OUTPUT) instanceof Map<?, ?> output
        && output.get(ChaosChild.PARENT_SEQ) instanceof Number number) {
      seq = number.longValue();
    }
    ContextLists.append(x, key, seq);
  }

  private StateBuilder appendOnly(StateBuilder s, String... events) {
    for (String event : events) {
      s.on(event, t -> t.action(x -> append(x, APPLIED)));
    }
    return s;
  }

  private StateBuilder common(StateBuilder s) {
    return s.on("STEP", t -> t.action(x -> append(x, APPLIED)))
        .on(
            "SLOW",
            t ->
                t.action(
                    x -> {
                      try {
                        Thread.sleep(SLOW_MILLIS);
                      } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        throw new IllegalStateException("interrupted in a slow action", e);
                      }
                      append(x, APPLIED);
                    }))
        .on(
            "TRANSIENT",
            t ->
                t.action(
                    x -> {
                      if (x.attempt() == 1) {
                        throw new IllegalStateException(
                            "transient failure of event " + x.eventId() + ", attempt 1");
                      }
                      append(x, APPLIED);
                    }))
        .on(
            "POISON",
            t ->
                t.action(
                    x -> {
                      throw new IllegalStateException(
                          "poison event " + x.eventId() + ", attempt " + x.attempt());
                    }))
        .on("EMIT", t -> t.action(this::emit))
        .on("BROADCAST", t -> t.action(this::broadcast));
  }

  private void emit(ActionScope x) {
    long seq = append(x, APPLIED);
    Target peer = Target.machine(ChaosPeer.ID);
    Object reply = x.emit(peer, Event.of(ChaosPeer.SYNC, Map.of(ChaosPeer.TOKEN, seq)));
    if (!(reply instanceof Number number) || number.longValue() != seq) {
      throw new IllegalStateException(
          "the peer replied " + reply + " to the synchronous emit of token " + seq);
    }
    x.emitAsync(peer, Event.of(ChaosPeer.ASYNC, Map.of(ChaosPeer.TOKEN, seq)));
    ContextLists.append(x, EMITS, seq);
  }

  private void broadcast(ActionScope x) {
    long seq = append(x, APPLIED);
    x.broadcast(
        ChaosReceiver.ID,
        ChaosReceiver.STATE,
        Event.of(
            ChaosReceiver.HEAR, Map.of(ChaosReceiver.TOKEN, broadcastToken(x.instanceId(), seq))));
    ContextLists.append(x, BROADCASTS, seq);
  }

  /** The token a broadcast of event {@code seq} by {@code instanceId} carries. */
  public static String broadcastToken(String instanceId, long seq) {
    return instanceId + ":" + seq;
  }

  /**
   * Appends the event's sequence number to the list under {@code key} (version 2: to {@value
   * #APPLIED_V2} too when it is {@value #APPLIED}); returns the number.
   */
  private long append(ActionScope x, String key) {
    long seq = ContextLists.payloadNumber(x, SEQ);
    ContextLists.append(x, key, seq);
    if (version >= 2 && key.equals(APPLIED)) {
      ContextLists.append(x, APPLIED_V2, seq);
    }
    return seq;
  }
}
