package dev.clockwork.chaos.check;

import dev.clockwork.chaos.check.Observations.EventSeen;
import dev.clockwork.chaos.check.Observations.InstanceSeen;
import dev.clockwork.chaos.check.Observations.TimerFire;
import dev.clockwork.chaos.check.Observations.TurnRow;
import dev.clockwork.chaos.machine.ChaosMachine;
import dev.clockwork.chaos.producer.EventKind;
import dev.clockwork.chaos.producer.Ledger.Acknowledged;
import dev.clockwork.runtime.queue.EventStatus.State;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Counts the invariants of issue 11 from the producer's ledger and what was read back. Pure: no
 * database, so its counting is unit-tested on made-up ledgers and observations. I6, I7 and I8 are
 * counted by {@link CycleCheck}, {@link ScheduleCheck} and {@link DeliveryCheck}.
 */
public final class Checker {
  public static final String LOST = "I1 lost";
  public static final String NOT_POISON_DEAD = "I1 dead, ok ev";
  public static final String TWICE = "I2 twice";
  public static final String TWICE_IN_HISTORY = "I2 history";
  public static final String ORDER = "I3 order";
  public static final String EARLY_DB = "I4 early, db";
  public static final String EARLY_ENGINE = "I4 early, eng";
  public static final String ONE_SHOT = "I5 one-shot";
  public static final String EVERY_MAX = "I6 every max";
  public static final String THEN_ONCE = "I6 then once";
  public static final String OCCURRENCE = "I7 occurrence";
  public static final String RUN = "I7 run";
  public static final String OVERLAP = "I7 overlap";
  public static final String CHILD = "I8 child";
  public static final String EMIT_SYNC = "I8 emit sync";
  public static final String EMIT_ASYNC = "I8 emit async";
  public static final String BROADCAST = "I8 broadcast";
  public static final String POISON = "I9 poison";
  public static final String TRANSIENT = "I9 transient";
  public static final String DRAINED = "I10 drained";
  public static final String PURGED = "F8 purged";
  public static final String PAUSED = "I12 paused";

  /**
   * How long after a pause began (its {@code pause} returned) a claim may still lease an instance
   * of the paused machine: a claim statement that read the queue before the pause was stored leases
   * at its own instant, a few milliseconds later. A turn running when the pause began needs no
   * grace however long it runs: its lease is older than the pause.
   */
  public static final Duration CLAIM_GRACE = Duration.ofSeconds(1);

  private final int maxAttempts;
  private final int everyMax;

  /**
   * @param maxAttempts the attempts an event gets before it is dead-lettered
   */
  public Checker(int maxAttempts) {
    this(maxAttempts, ChaosMachine.PULSE_MAX);
  }

  /**
   * @param maxAttempts the attempts an event gets before it is dead-lettered
   * @param everyMax the {@code max} of the machine's {@code every} timer
   */
  public Checker(int maxAttempts, int everyMax) {
    this.maxAttempts = maxAttempts;
    this.everyMax = everyMax;
  }

  /** The counts of a run without an operator (F8). */
  public Verdict check(List<Acknowledged> ledger, Observations seen) {
    return check(ledger, seen, OperatorActions.NONE);
  }

  /**
   * The counts, with what the operator did: a poison event gone from the dead letters counts as
   * purged ({@value #PURGED}: no more of them than the operator purged), and no turn may run under
   * a lease taken while the queue was paused ({@value #PAUSED}).
   */
  public Verdict check(List<Acknowledged> ledger, Observations seen, OperatorActions operator) {
    return check(ledger, seen, operator, AfterFaults.NONE);
  }

  /**
   * The counts of a run, with what the operator did and what followed the faults: timer lateness
   * once they stopped (I11) and, after a rolling deploy, which release ran what (F7).
   */
  public Verdict check(
      List<Acknowledged> ledger, Observations seen, OperatorActions operator, AfterFaults after) {
    Verdict verdict = new Verdict();
    Verdict.Row lost = verdict.row(LOST, "acknowledged, neither applied nor dead-lettered");
    Verdict.Row dead = verdict.row(NOT_POISON_DEAD, "non-poison event dead-lettered");
    Verdict.Row twice = verdict.row(TWICE, "sequence number applied more than once");
    Verdict.Row history = verdict.row(TWICE_IN_HISTORY, "event id with 2+ applied history rows");
    Verdict.Row order = verdict.row(ORDER, "instance applied a number after a larger one");
    Verdict.Row earlyDb =
        verdict.row(EARLY_DB, "timer fired before its due instant, database clock");
    Verdict.Row earlyEngine =
        verdict.row(EARLY_ENGINE, "timer fired before its due instant, firing engine's clock");
    Verdict.Row oneShot = verdict.row(ONE_SHOT, "one-shot fired other than once per entry");
    CycleCheck cycles = new CycleCheck(everyMax, verdict);
    ScheduleCheck schedule = new ScheduleCheck(verdict);
    DeliveryCheck deliveries = new DeliveryCheck(verdict);
    Verdict.Row poison = verdict.row(POISON, "poison dead-lettered with every attempt's error");
    Verdict.Row transientRow = verdict.row(TRANSIENT, "transient applied after 1 failed attempt");
    Verdict.Row drained = verdict.row(DRAINED, "acknowledged event settled after the faults");
    Verdict.Row purged =
        verdict.row(PURGED, "poison gone from the dead letters, beyond the purged");
    Verdict.Row paused = verdict.row(PAUSED, "turn under a lease taken while its queue was paused");
    List<String> gone = new ArrayList<>();

    Map<String, Set<Long>> appliedSets = new HashMap<>();
    seen.instances().forEach((id, i) -> appliedSets.put(id, new HashSet<>(i.applied())));
    for (Acknowledged a : ledger) {
      EventSeen fate = seen.events().get(Observations.key(a.instanceId(), a.eventId()));
      String name = a.kind() + " #" + a.eventId() + " (seq " + a.seq() + ") on " + a.instanceId();
      lost.checked();
      drained.checked();
      if (a.kind() == EventKind.POISON && purgedFromTheDeadLetters(fate)) {
        gone.add(name + ": not in the dead letters");
        checkHistory(a, name, seen, history);
        continue;
      }
      if (fate == null) {
        lost.violation(name + ": the engine does not know the event id");
        continue;
      }
      if (fate.state() == State.PENDING || fate.state() == State.RETRYING) {
        drained.violation(name + " still " + fate.state());
        continue;
      }
      boolean inContext = appliedSets.getOrDefault(a.instanceId(), Set.of()).contains(a.seq());
      if (fate.state() == State.DISCARDED) {
        lost.violation(name + " discarded");
      } else if (fate.state() == State.APPLIED && a.kind().appends() && !inContext) {
        lost.violation(name + " APPLIED but its number is not in the context");
      } else if (fate.state() == State.DEAD_LETTERED && a.kind() != EventKind.POISON) {
        dead.violation(name + " dead-lettered after " + fate.failedAttempts() + " attempts");
      }
      if (a.kind() == EventKind.POISON) {
        poison.checked();
        if (fate.state() != State.DEAD_LETTERED
            || fate.failedAttempts() != maxAttempts
            || fate.errors() != maxAttempts
            || fate.deadLetterErrors() != maxAttempts) {
          poison.violation(
              name
                  + ": "
                  + fate.state()
                  + ", "
                  + fate.errors()
                  + " errors, dead letter with "
                  + fate.deadLetterErrors());
        }
      }
      if (a.kind() == EventKind.TRANSIENT) {
        transientRow.checked();
        if (fate.state() != State.APPLIED || fate.failedAttempts() != 1) {
          transientRow.violation(
              name + ": " + fate.state() + " after " + fate.failedAttempts() + " failed attempts");
        }
      }
      checkHistory(a, name, seen, history);
    }
    checkPurged(gone, operator, verdict, purged);
    seen.instances().forEach((id, instance) -> checkInstance(id, instance, twice, order, oneShot));
    checkTimers(seen, verdict, earlyDb, earlyEngine);
    cycles.check(seen.instances());
    schedule.check(seen.schedule());
    deliveries.check(seen.instances(), seen.reached());
    checkPauses(seen, operator, verdict, paused);
    VersionCheck.check(seen.instances(), after.deployedVersion(), verdict);
    if (after.normalFrom() != null) {
      List<TimerFire> fires = new ArrayList<>();
      seen.instances().values().forEach(i -> fires.addAll(i.fires()));
      Lateness.check(fires, after.normalFrom(), verdict);
    }
    return verdict;
  }

  /** I2: an acknowledged event has at most one applied history row. */
  private static void checkHistory(
      Acknowledged a, String name, Observations seen, Verdict.Row history) {
    InstanceSeen instance = seen.instances().get(a.instanceId());
    int rows = instance == null ? 0 : instance.appliedRows().getOrDefault(a.eventId(), 0);
    history.checked();
    if (rows > 1) {
      history.violation(name + ": " + rows + " applied history rows");
    }
  }

  /**
   * Whether a poison event's fate is what a dead-letter purge leaves: the engine no longer knows
   * it, or knows it from its {@code FAILED} history row alone (dead-lettered, no errors listed, no
   * dead letter). A dead letter that lists its errors but is missing from {@code
   * queues().deadLetters} is no purge: I9 counts it.
   */
  /**
   * What a purge leaves of a dead letter: the engine still answers from its history row,
   * dead-lettered with no errors listed, and the dead letters no longer hold it. An event the
   * engine does not know at all was not purged: it is lost.
   */
  private static boolean purgedFromTheDeadLetters(EventSeen fate) {
    return fate != null
        && fate.state() == State.DEAD_LETTERED
        && fate.errors() == 0
        && fate.deadLetterErrors() < 0;
  }

  /**
   * F8: the poison events gone from the dead letters are at most as many as the operator purged (a
   * purge may also take poison events whose enqueue threw, never acknowledged: hence at most).
   * Every one beyond that is a violation.
   */
  private static void checkPurged(
      List<String> gone, OperatorActions operator, Verdict verdict, Verdict.Row purged) {
    for (int i = 0; i < gone.size(); i++) {
      purged.checked();
      if (i >= operator.purgedDeadLetters()) {
        purged.violation(
            gone.get(i)
                + " ("
                + gone.size()
                + " poison events gone, the operator purged "
                + operator.purgedDeadLetters()
                + ")");
      }
    }
    if (operator.purgedDeadLetters() > 0 || !gone.isEmpty()) {
      verdict.note(
          String.format(
              "F8: the operator purged %d dead letters; %d acknowledged poison events are gone"
                  + " from them, not counted by I1 or I9",
              operator.purgedDeadLetters(), gone.size()));
    }
  }

  /**
   * I12: every turn row committed under a lease taken before its queue was paused (or within {@link
   * #CLAIM_GRACE} of it), or after it was resumed. A turn already running when the pause began may
   * commit while paused, however long it takes (its lease is renewed meanwhile); a turn whose lease
   * was taken during the pause is one a worker claimed while paused.
   */
  private static void checkPauses(
      Observations seen, OperatorActions operator, Verdict verdict, Verdict.Row paused) {
    if (operator.pauses().isEmpty()) {
      return;
    }
    int inFlight = 0;
    int unleased = 0;
    Duration latestLease = null;
    for (Map.Entry<String, InstanceSeen> entry : new TreeMap<>(seen.instances()).entrySet()) {
      for (TurnRow row : entry.getValue().turns()) {
        if (row.leasedAt() == null) {
          unleased++;
          continue;
        }
        paused.checked();
        for (OperatorActions.Pause pause : operator.pauses()) {
          Duration intoPause = Duration.between(pause.from(), row.leasedAt());
          boolean leasedWhilePaused =
              intoPause.compareTo(CLAIM_GRACE) > 0 && row.leasedAt().isBefore(pause.until());
          if (leasedWhilePaused) {
            paused.violation(
                String.format(
                    "%s %s (history %d) committed at %s under a lease taken %d ms into the pause"
                        + " of %s",
                    entry.getKey(),
                    row.what(),
                    row.sequence(),
                    row.committedAt(),
                    intoPause.toMillis(),
                    pause));
          } else if (!row.committedAt().isBefore(pause.from())
              && row.committedAt().isBefore(pause.until())) {
            inFlight++;
            if (!intoPause.isNegative()
                && (latestLease == null || intoPause.compareTo(latestLease) > 0)) {
              latestLease = intoPause;
            }
          }
        }
      }
    }
    if (paused.checkedCount() == 0) {
      paused.violation(
          operator.pauses().size()
              + " pauses but no turn row with a recorded lease to judge (the lease clock recorded"
              + " nothing?)");
    }
    long pausedMillis = operator.pauses().stream().mapToLong(p -> p.length().toMillis()).sum();
    verdict.note(
        String.format(
            "I12: %d pauses, %.1f s paused in all; %d turn rows committed while paused, from"
                + " turns leased before the pause%s%s",
            operator.pauses().size(),
            pausedMillis / 1e3,
            inFlight,
            latestLease == null
                ? ""
                : " or within the grace (the latest " + latestLease.toMillis() + " ms after it)",
            unleased == 0 ? "" : "; " + unleased + " rows without a recorded lease"));
  }

  /**
   * I4: each fire against the due instant it records, by the database's clock (the instant its row
   * was inserted: no earlier than the fire, so a fire counted early was early) and by the firing
   * engine's; notes how far from due the fires landed.
   */
  private static void checkTimers(
      Observations seen, Verdict verdict, Verdict.Row earlyDb, Verdict.Row earlyEngine) {
    List<Long> dbMargins = new ArrayList<>();
    int unrecorded = 0;
    for (Map.Entry<String, InstanceSeen> entry : new TreeMap<>(seen.instances()).entrySet()) {
      for (TimerFire fire : entry.getValue().fires()) {
        String name = entry.getKey() + " fire (history " + fire.sequence() + ") due " + fire.due();
        earlyEngine.checked();
        if (fire.engineAt().isBefore(fire.due())) {
          earlyEngine.violation(
              name
                  + " fired at "
                  + fire.engineAt()
                  + " by its engine's clock, "
                  + millis(fire.due(), fire.engineAt())
                  + " ms early");
        }
        if (fire.databaseAt() == null) {
          unrecorded++;
          continue;
        }
        earlyDb.checked();
        long margin = Duration.between(fire.due(), fire.databaseAt()).toMillis();
        dbMargins.add(margin);
        if (fire.databaseAt().isBefore(fire.due())) {
          earlyDb.violation(
              name
                  + " committed at "
                  + fire.databaseAt()
                  + " by the database's clock, "
                  + millis(fire.due(), fire.databaseAt())
                  + " ms early");
        }
      }
    }
    if (!dbMargins.isEmpty()) {
      Collections.sort(dbMargins);
      verdict.note(
          String.format(
              "I4: %d fires; committed at due %+d ms (min) / %+d ms (median) / %+d ms (p99) / %+d ms"
                  + " (max) by the database's clock%s",
              dbMargins.size(),
              dbMargins.get(0),
              dbMargins.get(dbMargins.size() / 2),
              dbMargins.get((int) Math.min(dbMargins.size() - 1, dbMargins.size() * 99L / 100)),
              dbMargins.get(dbMargins.size() - 1),
              unrecorded == 0 ? "" : "; " + unrecorded + " fires without a database instant"));
    }
  }

  private static long millis(Instant from, Instant to) {
    return Duration.between(to, from).toMillis();
  }

  private static void checkInstance(
      String id, InstanceSeen instance, Verdict.Row twice, Verdict.Row order, Verdict.Row oneShot) {
    Set<Long> distinct = new HashSet<>();
    List<Long> applied = instance.applied();
    for (int i = 0; i < applied.size(); i++) {
      long seq = applied.get(i);
      twice.checked();
      if (!distinct.add(seq)) {
        twice.violation(id + ": seq " + seq + " applied again, at position " + i);
      }
      if (i > 0) {
        order.checked();
        if (seq < applied.get(i - 1)) {
          order.violation(id + ": seq " + seq + " applied after " + applied.get(i - 1));
        }
      }
    }
    oneShot.checked();
    if (!instance.rings().equals(instance.entries())) {
      oneShot.violation(
          id + ": entries " + instance.entries() + " but fires for " + instance.rings());
    }
  }
}
