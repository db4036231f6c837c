package dev.clockwork.chaos.check;

import dev.clockwork.runtime.queue.EventStatus;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * What the checker read back after the run, through the public API only.
 *
 * @param instances per chaos instance id
 * @param events per acknowledged event, keyed by {@link #key}; absent when the engine does not know
 *     the event id at all
 * @param reached the instances the chaos instances reached: peers, receivers, children
 * @param schedule the run's schedule, its audit stream and its runs
 */
public record Observations(
    Map<String, InstanceSeen> instances,
    Map<String, EventSeen> events,
    Reached reached,
    ScheduleSeen schedule) {
  /**
   * One instance as stored.
   *
   * @param applied the sequence numbers in its context's applied list, in the order applied
   * @param entries the sequence numbers of the ARM events that entered {@code ticking}
   * @param rings the entries whose one-shot timer fired, in firing order
   * @param appliedRows per queued event id, how many applied ({@code EVENT}) history rows it has
   * @param fires its {@code TIMER_FIRED} rows
   * @param turns the history rows its turns wrote for work they processed, with their instants
   * @param cycles its entries into the {@code every} state and what their timer sent
   * @param outreach what it asked of other instances: children, emits, broadcasts
   * @param release the machine version it runs and what the newest version's code applied (F7)
   */
  public record InstanceSeen(
      List<Long> applied,
      List<Long> entries,
      List<Long> rings,
      Map<Long, Integer> appliedRows,
      List<TimerFire> fires,
      List<TurnRow> turns,
      Cycles cycles,
      Outreach outreach,
      Release release) {
    public InstanceSeen {
      applied = List.copyOf(applied);
      entries = List.copyOf(entries);
      rings = List.copyOf(rings);
      appliedRows = Map.copyOf(appliedRows);
      fires = List.copyOf(fires);
      turns = List.copyOf(turns);
    }

    /** An instance without recorded turn instants, on the first version. */
    public InstanceSeen(
        List<Long> applied,
        List<Long> entries,
        List<Long> rings,
        Map<Long, Integer> appliedRows,
        List<TimerFire> fires,
        Cycles cycles,
        Outreach outreach) {
      this(applied, entries, rings, appliedRows, fires, List.of(), cycles, outreach, Release.FIRST);
    }
  }

  /**
   * One instance's entries into the {@code every}/{@code max}/{@code then} state.
   *
   * @param entries the numbers of the CYCLE events that entered it
   * @param pulses per {@code every} fire, the number of the entry it fired in
   * @param ends per {@code then} event, the number of the entry it ended
   */
  public record Cycles(List<Long> entries, List<Long> pulses, List<Long> ends) {
    public static final Cycles NONE = new Cycles(List.of(), List.of(), List.of());

    public Cycles {
      entries = List.copyOf(entries);
      pulses = List.copyOf(pulses);
      ends = List.copyOf(ends);
    }
  }

  /**
   * What one instance asked of others, as its context recorded it (in the commit that asked).
   *
   * @param spawns the numbers of the SPAWN events that entered the state running a child
   * @param childrenDone per {@code @done} of a child, the number the child was started with
   * @param childrenFailed per {@code @fail} of a child, the same
   * @param emits the numbers of the EMIT events (each emitted to the peer, sync and async)
   * @param broadcasts the numbers of the BROADCAST events (each broadcast to the receivers)
   */
  public record Outreach(
      List<Long> spawns,
      List<Long> childrenDone,
      List<Long> childrenFailed,
      List<Long> emits,
      List<Long> broadcasts) {
    public static final Outreach NONE =
        new Outreach(List.of(), List.of(), List.of(), List.of(), List.of());

    public Outreach {
      spawns = List.copyOf(spawns);
      childrenDone = List.copyOf(childrenDone);
      childrenFailed = List.copyOf(childrenFailed);
      emits = List.copyOf(emits);
      broadcasts = List.copyOf(broadcasts);
    }
  }

  /**
   * The machine version an instance runs and the numbers the newest version's code applied (a
   * rolling deploy, F7).
   *
   * @param version the version it runs now
   * @param appliedByNewest the numbers version 2's code applied, in order
   */
  public record Release(int version, List<Long> appliedByNewest) {
    public static final Release FIRST = new Release(1, List.of());

    public Release {
      appliedByNewest = List.copyOf(appliedByNewest);
    }
  }

  /**
   * A history row a turn wrote for work it processed: an applied event, a failed attempt or a timer
   * fire.
   *
   * @param sequence its history sequence
   * @param what its kind and event, for examples
   * @param committedAt the database's clock when it was inserted, inside the turn's commit
   * @param leasedAt the database's clock when the instance was last leased before that: the lease
   *     the turn ran under, as commits are fenced by their lease; null when none was recorded
   */
  public record TurnRow(long sequence, String what, Instant committedAt, Instant leasedAt) {}

  /**
   * One {@code TIMER_FIRED} history row.
   *
   * @param sequence its history sequence
   * @param due the due instant it records
   * @param engineAt its instant, by the clock of the engine that fired it
   * @param databaseAt the database's clock when the row was inserted (no earlier than the fire);
   *     null when not recorded
   */
  public record TimerFire(long sequence, Instant due, Instant engineAt, Instant databaseAt) {}

  /**
   * One acknowledged event's fate.
   *
   * @param state what {@code engine.instances().event(instance, id)} said
   * @param failedAttempts the failed attempts it counted
   * @param errors the attempt errors it listed (a dead-lettered event lists every attempt's; an
   *     applied one lists none: its count is in {@code failedAttempts})
   * @param deadLetterErrors the attempt errors of its entry in {@code queues().deadLetters}; -1
   *     when it is not there
   */
  public record EventSeen(
      EventStatus.State state, int failedAttempts, int errors, int deadLetterErrors) {}

  public Observations {
    instances = Map.copyOf(instances);
    events = Map.copyOf(events);
  }

  /** Observations of the chaos instances and their events only. */
  public Observations(Map<String, InstanceSeen> instances, Map<String, EventSeen> events) {
    this(instances, events, Reached.NONE, ScheduleSeen.NONE);
  }

  public static String key(String instanceId, long eventId) {
    return instanceId + "#" + eventId;
  }
}
