package dev.clockwork.runtime.schedule.internal;

import dev.clockwork.runtime.schedule.outcome.TickResult;
import dev.clockwork.runtime.schedule.outcome.TriggerOutcome;
import dev.clockwork.runtime.schedule.store.BufferedTrigger;
import dev.clockwork.runtime.schedule.store.PendingTrigger;
import dev.clockwork.runtime.schedule.store.ScheduleCommit;
import dev.clockwork.runtime.schedule.store.ScheduleRecord;
import dev.clockwork.runtime.schedule.store.ScheduleStatus;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What a tick does with one claimed schedule: carry out triggers recorded on it and not yet carried
 * out (a dead node's, a manual trigger's), start buffered triggers whose turn has come, then every
 * due occurrence under the catch-up and overlap policies, moving the next fire time on. A schedule
 * whose spec has no occurrence left (a time date that fired, a bounded cycle's last occurrence)
 * ends once its buffer is drained: it deletes itself, as max runs make it do.
 *
 * <p>A step that starts a run (or sends an event) is written first — the trigger, its number, the
 * next fire time — with a revision check, and its run is started only when that write has won; the
 * run is then dropped from the schedule's pending triggers by the next write. A write that loses
 * ends the evaluation with nothing of that step done: whoever won the row (an operator's pause,
 * update or delete, another node) decides what comes next.
 */
final class Evaluation {
  /** The delete reason of a schedule whose spec has no occurrence left. */
  static final String SPEC_EXHAUSTED = "spec_exhausted";

  private final Services services;
  private final Firing firing;
  private final DueStep dueStep;
  private final PendingTriggers triggers;
  private final Instant now;
  private Ledger ledger;
  private final Set<Long> carried = new LinkedHashSet<>();
  private final List<TickResult> rows = new ArrayList<>();
  private final List<TickResult> unwritten = new ArrayList<>();
  private final List<Pending> pending = new ArrayList<>();
  private boolean lost;
  private int steps;

  /** A row whose last fire and next fire are filled in once its step is complete. */
  private record Pending(
      String instanceId, TriggerOutcome outcome, Instant occurrence, String reason) {}

  Evaluation(Services services, ScheduleRecord schedule, Instant now) {
    this.services = services;
    this.firing = services.firing();
    this.dueStep = new DueStep(services, firing, now);
    this.triggers = new PendingTriggers(services);
    this.now = now;
    this.ledger = new Ledger(schedule, services.buffer(schedule), now, null);
  }

  /** The rows of what was written (and carried out). */
  List<TickResult> rows() {
    return rows;
  }

  /** Occurrences evaluated and buffered triggers started. */
  int steps() {
    return steps;
  }

  void run(int maxSteps) {
    carryOutInherited();
    drain();
    while (!lost && steps < maxSteps && ledger.record().isDue(now)) {
      dueStep.decide(ledger, this::record);
      flush();
      steps++;
      recordAndCarryOut();
      drain();
    }
    endWhenNothingIsLeft();
  }

  /** Deletes an active schedule with no next fire and nothing buffered: its spec is over. */
  private void endWhenNothingIsLeft() {
    if (active() && ledger.record().nextFireAt() == null && ledger.buffer().isEmpty()) {
      ledger.delete(SPEC_EXHAUSTED);
    }
  }

  /**
   * Writes what is left, advancing the check time and giving up the claim; when the write loses,
   * only the triggers carried out are dropped, and the claim is given up.
   */
  void finish() {
    ScheduleRecord schedule = ledger.record();
    if (!lost && services.store().commit(ledger.commit(true, now))) {
      written();
      return;
    }
    unwritten.clear();
    triggers.drop(schedule.namespace(), schedule.scheduleId(), carried);
    services
        .store()
        .release(schedule.namespace(), schedule.scheduleId(), services.options().owner());
  }

  /**
   * After a failure: writes what was decided and done so far, keeping the claim, so the schedule is
   * tried again once the claim expires (a trigger recorded and not carried out stays pending).
   */
  void keepWhatWasDone() {
    ScheduleRecord schedule = ledger.record();
    if (!lost && ledger.changed() && services.store().commit(ledger.commit(false, null))) {
      written();
      return;
    }
    unwritten.clear();
    triggers.drop(schedule.namespace(), schedule.scheduleId(), carried);
  }

  /** Carries out the triggers the claimed schedule holds; the next write drops them. */
  private void carryOutInherited() {
    ScheduleRecord schedule = ledger.record();
    for (PendingTrigger trigger : schedule.pending()) {
      TriggerOutcome outcome = carryOut(trigger);
      rows.add(
          new TickResult(
              schedule.namespace(),
              schedule.scheduleId(),
              trigger.instanceId(),
              outcome,
              trigger.occurrence(),
              schedule.lastFiredAt(),
              schedule.nextFireAt(),
              null));
      steps++;
    }
  }

  /**
   * Writes the triggers the last step recorded, then, when the write won, carries them out. A lost
   * write ends the evaluation.
   */
  private void recordAndCarryOut() {
    List<PendingTrigger> recorded = ledger.recorded();
    if (lost || recorded.isEmpty()) {
      return;
    }
    ScheduleCommit write = ledger.commit(false, null);
    if (!services.store().commit(write)) {
      lost = true;
      unwritten.clear();
      return;
    }
    written();
    ledger = new Ledger(write.next(), ledger.buffer(), now, null);
    recorded.forEach(this::carryOut);
  }

  private TriggerOutcome carryOut(PendingTrigger trigger) {
    TriggerOutcome outcome = triggers.carryOut(ledger.record(), trigger);
    carried.add(trigger.triggerNumber());
    ledger.carriedOut(List.of(trigger.triggerNumber()));
    return outcome;
  }

  /** The ledger's write won: its rows stand, and the triggers it dropped are off the row. */
  private void written() {
    rows.addAll(unwritten);
    unwritten.clear();
    carried.clear();
  }

  /** Starts buffered triggers, oldest first, while the previous instance is not running. */
  private void drain() {
    while (!lost
        && active()
        && !ledger.buffer().isEmpty()
        && !firing.previousRunning(ledger.record())) {
      BufferedTrigger head = ledger.buffer().get(0);
      Fact.Triggered fact =
          firing.start(
              ledger.record(),
              Fact.Source.BUFFER,
              null,
              head.occurrence(),
              ledger.record().settings().overlapPolicy(),
              null);
      record(fact);
      flush();
      steps++;
      recordAndCarryOut();
    }
  }

  private void record(Fact fact) {
    if (!ledger.apply(fact)) {
      return;
    }
    if (fact instanceof Fact.Triggered triggered) {
      pending.add(
          new Pending(triggered.instanceId(), triggered.outcome(), triggered.occurrence(), null));
    } else if (fact instanceof Fact.Buffered buffered) {
      pending.add(new Pending(null, TriggerOutcome.BUFFERED, buffered.occurrence(), null));
    } else if (fact instanceof Fact.Skipped skipped) {
      for (Instant occurrence : skipped.occurrences()) {
        pending.add(new Pending(null, TriggerOutcome.SKIPPED, occurrence, skipped.reason()));
      }
    }
  }

  private void flush() {
    ScheduleRecord after = ledger.record();
    for (Pending row : pending) {
      unwritten.add(
          new TickResult(
              after.namespace(),
              after.scheduleId(),
              row.instanceId(),
              row.outcome(),
              row.occurrence(),
              after.lastFiredAt(),
              after.nextFireAt(),
              row.reason()));
    }
    pending.clear();
  }

  private boolean active() {
    return ledger.record().status() == ScheduleStatus.ACTIVE;
  }
}
