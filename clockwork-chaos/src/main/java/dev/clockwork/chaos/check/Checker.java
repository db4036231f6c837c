package dev.clockwork.chaos.check;

import dev.clockwork.chaos.check.Observations.EventSeen;
import dev.clockwork.chaos.check.Observations.InstanceSeen;
import dev.clockwork.chaos.producer.EventKind;
import dev.clockwork.chaos.producer.Ledger.Acknowledged;
import dev.clockwork.runtime.queue.EventStatus.State;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Counts the invariants of issue 11 from the producer's ledger and what was read back. Pure: no
 * database, so its counting is unit-tested on made-up ledgers and observations.
 */
public final class Checker {
  public static final String LOST = "I1 lost";
  public static final String NOT_POISON_DEAD = "I1 dead, ok ev";
  public static final String TWICE = "I2 twice";
  public static final String TWICE_IN_HISTORY = "I2 history";
  public static final String ORDER = "I3 order";
  public static final String ONE_SHOT = "I5 one-shot";
  public static final String POISON = "I9 poison";
  public static final String TRANSIENT = "I9 transient";
  public static final String DRAINED = "I10 drained";

  private final int maxAttempts;

  /**
   * @param maxAttempts the attempts an event gets before it is dead-lettered
   */
  public Checker(int maxAttempts) {
    this.maxAttempts = maxAttempts;
  }

  public Verdict check(List<Acknowledged> ledger, Observations seen) {
    Verdict verdict = new Verdict();
    Verdict.Row lost = verdict.row(LOST, "acknowledged, neither applied nor dead-lettered");
    Verdict.Row dead = verdict.row(NOT_POISON_DEAD, "non-poison event dead-lettered");
    Verdict.Row twice = verdict.row(TWICE, "sequence number applied more than once");
    Verdict.Row history = verdict.row(TWICE_IN_HISTORY, "event id with 2+ applied history rows");
    Verdict.Row order = verdict.row(ORDER, "instance applied a number after a larger one");
    Verdict.Row oneShot = verdict.row(ONE_SHOT, "one-shot fired other than once per entry");
    Verdict.Row poison = verdict.row(POISON, "poison dead-lettered with every attempt's error");
    Verdict.Row transientRow = verdict.row(TRANSIENT, "transient applied after 1 failed attempt");
    Verdict.Row drained = verdict.row(DRAINED, "acknowledged event settled after the faults");

    Map<String, Set<Long>> appliedSets = new HashMap<>();
    seen.instances().forEach((id, i) -> appliedSets.put(id, new HashSet<>(i.applied())));
    for (Acknowledged a : ledger) {
      EventSeen fate = seen.events().get(Observations.key(a.instanceId(), a.eventId()));
      String name = a.kind() + " #" + a.eventId() + " (seq " + a.seq() + ") on " + a.instanceId();
      lost.checked();
      drained.checked();
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
      InstanceSeen instance = seen.instances().get(a.instanceId());
      int rows = instance == null ? 0 : instance.appliedRows().getOrDefault(a.eventId(), 0);
      history.checked();
      if (rows > 1) {
        history.violation(name + ": " + rows + " applied history rows");
      }
    }
    seen.instances().forEach((id, instance) -> checkInstance(id, instance, twice, order, oneShot));
    return verdict;
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
