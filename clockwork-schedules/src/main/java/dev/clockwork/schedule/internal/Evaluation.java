package dev.clockwork.schedule.internal;

import dev.clockwork.schedule.outcome.TickResult;
import dev.clockwork.schedule.outcome.TriggerOutcome;
import dev.clockwork.schedule.store.BufferedTrigger;
import dev.clockwork.schedule.store.PendingTrigger;
import dev.clockwork.schedule.store.ScheduleCommit;
import dev.clockwork.schedule.store.ScheduleRecord;
import dev.clockwork.schedule.store.ScheduleStatus;
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
 *
 * <p>The evaluation does no writing and starts nothing itself: {@link #next} decides until it needs
 * a write or a carry-out, which its caller does — for a whole claimed batch of schedules at once
 * ({@link TickBatch}) — and reports back ({@link #written}, {@link #carriedOut}); {@link
 * #finalWrite} and {@link #finished} end it.
 */
final class Evaluation {
  /** The delete reason of a schedule whose spec has no occurrence left. */
  static final String SPEC_EXHAUSTED = "spec_exhausted";

  /** What the evaluation needs before it can go on. */
  enum Need {
    /** {@link #pendingWrite()} written, then {@link #written} told. */
    WRITE,
    /** Each of {@link #toCarryOut()} carried out, then {@link #carriedOut} told. */
    CARRY_OUT,
    /** Nothing: {@link #finalWrite()} is what is left. */
    DONE
  }

  private enum Stage {
    INHERITED,
    DRAIN,
    DUE,
    DONE
  }

  private final Services services;
  private final Firing firing;
  private final DueStep dueStep;
  private final PendingTriggers triggers;
  private final TickBudget budget;
  private final int maxSteps;
  private final Instant now;
  private final ScheduleRecord claimed;
  private Ledger ledger;
  private Stage stage = Stage.INHERITED;
  private ScheduleCommit write;
  private List<PendingTrigger> recorded = List.of();
  private final List<PendingTrigger> carrying = new ArrayList<>();
  private final Set<Long> inherited = new LinkedHashSet<>();
  private final Set<Long> carried = new LinkedHashSet<>();
  private final List<TickResult> rows = new ArrayList<>();
  private final List<TickResult> unwritten = new ArrayList<>();
  private final List<Pending> pending = new ArrayList<>();
  private boolean lost;
  private int steps;

  /** A row whose last fire and next fire are filled in once its step is complete. */
  private record Pending(
      String instanceId, TriggerOutcome outcome, Instant occurrence, String reason) {}

  /**
   * @param budget the tick's budget, which admitted the schedule
   * @param maxSteps the most occurrences it evaluates in this claim
   * @param known instance statuses read ahead for the batch
   */
  Evaluation(
      Services services,
      ScheduleRecord schedule,
      Instant now,
      TickBudget budget,
      int maxSteps,
      KnownStatuses known) {
    this.services = services;
    this.firing = services.firing().knowing(known);
    this.dueStep = new DueStep(services, firing, now);
    this.triggers = new PendingTriggers(services);
    this.budget = budget;
    this.maxSteps = maxSteps;
    this.now = now;
    this.claimed = schedule;
    this.ledger = new Ledger(schedule, services.buffer(schedule), now, null);
  }

  /** The schedule as claimed. */
  ScheduleRecord claimed() {
    return claimed;
  }

  /** The schedule as the evaluation's decisions and writes left it so far. */
  ScheduleRecord schedule() {
    return ledger.record();
  }

  /** The rows of what was written (and carried out). */
  List<TickResult> rows() {
    return rows;
  }

  /**
   * Decides until the evaluation needs a write or a carry-out (or is done): carrying out inherited
   * triggers, draining the buffer while the previous run is over, and the due occurrences while the
   * budget lasts, each step written before its run starts.
   */
  Need next() {
    while (true) {
      if (write != null) {
        return Need.WRITE;
      }
      if (!carrying.isEmpty()) {
        return Need.CARRY_OUT;
      }
      switch (stage) {
        case INHERITED -> inherit();
        case DRAIN -> drainOne();
        case DUE -> dueOne();
        default -> {
          return Need.DONE;
        }
      }
    }
  }

  /** The write {@link #next} asked for. */
  ScheduleCommit pendingWrite() {
    return write;
  }

  /**
   * Whether the write {@link #next} asked for won; when it did, the triggers it recorded are to be
   * carried out, and when it lost the evaluation ends with nothing of that step done.
   */
  void written(boolean won) {
    ScheduleCommit done = write;
    write = null;
    if (!won) {
      lost = true;
      unwritten.clear();
      return;
    }
    written();
    ledger = new Ledger(done.next(), ledger.buffer(), now, null);
    carrying.addAll(recorded);
    recorded = List.of();
  }

  /** The triggers {@link #next} asked to carry out, in order. */
  List<PendingTrigger> toCarryOut() {
    return List.copyOf(carrying);
  }

  /** One of {@link #toCarryOut()} was carried out; the next write drops it from the schedule. */
  void carriedOut(PendingTrigger trigger, TriggerOutcome outcome) {
    carrying.remove(trigger);
    carried.add(trigger.triggerNumber());
    ledger.carriedOut(List.of(trigger.triggerNumber()));
    if (outcome == TriggerOutcome.RUN_ID_TAKEN) {
      ledger.runIdTaken(trigger);
      untaken(rows, trigger.instanceId());
      untaken(unwritten, trigger.instanceId());
    }
    if (inherited.contains(trigger.triggerNumber())) {
      rows.add(
          new TickResult(
              claimed.namespace(),
              claimed.scheduleId(),
              trigger.instanceId(),
              outcome,
              trigger.occurrence(),
              claimed.lastFiredAt(),
              claimed.nextFireAt(),
              null));
      step();
    }
  }

  /** Rows that reported the run of {@code instanceId} started now say its id was taken. */
  private static void untaken(List<TickResult> results, String instanceId) {
    for (int i = 0; i < results.size(); i++) {
      TickResult row = results.get(i);
      if (instanceId.equals(row.instanceId())
          && (row.outcome() == TriggerOutcome.STARTED || row.outcome() == TriggerOutcome.DRAINED)) {
        results.set(
            i,
            new TickResult(
                row.namespace(),
                row.scheduleId(),
                row.instanceId(),
                TriggerOutcome.RUN_ID_TAKEN,
                row.occurrenceTime(),
                row.lastFiredAt(),
                row.nextFireAt(),
                Ledger.RUN_ID_TAKEN));
      }
    }
  }

  /**
   * What is left to write once {@link #next} is done — the next fire, the check time, the triggers
   * carried out dropped, the claim given up — or null when a write lost.
   */
  ScheduleCommit finalWrite() {
    return lost ? null : ledger.commit(true, now);
  }

  /**
   * Whether {@link #finalWrite} won; when it lost (or there was none), only the triggers carried
   * out are dropped, and the claim is given up.
   */
  void finished(boolean won) {
    if (won) {
      written();
      return;
    }
    ScheduleRecord schedule = ledger.record();
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
  private void inherit() {
    stage = Stage.DRAIN;
    for (PendingTrigger trigger : ledger.record().pending()) {
      inherited.add(trigger.triggerNumber());
      carrying.add(trigger);
    }
  }

  /** Starts the oldest buffered trigger when the previous instance is not running. */
  private void drainOne() {
    if (lost || !active() || ledger.buffer().isEmpty() || firing.previousRunning(ledger.record())) {
      stage = Stage.DUE;
      return;
    }
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
    step();
    recordWrite();
  }

  /** Evaluates the due occurrence, then drains again; ends when none is due or budget is out. */
  private void dueOne() {
    boolean mayStep = steps == 0 || (steps < maxSteps && budget.hasLeft());
    if (lost || !mayStep || !ledger.record().isDue(now)) {
      endWhenNothingIsLeft();
      stage = Stage.DONE;
      return;
    }
    dueStep.decide(ledger, this::record);
    flush();
    step();
    stage = Stage.DRAIN;
    recordWrite();
  }

  /** Counts a step: the first was reserved when the schedule was admitted. */
  private void step() {
    if (steps > 0) {
      budget.spend();
    }
    steps++;
  }

  /** Asks for the write of the triggers the last step recorded, when it recorded any. */
  private void recordWrite() {
    List<PendingTrigger> triggered = ledger.recorded();
    if (lost || triggered.isEmpty()) {
      return;
    }
    recorded = triggered;
    write = ledger.commit(false, null);
  }

  /** Deletes an active schedule with no next fire and nothing buffered: its spec is over. */
  private void endWhenNothingIsLeft() {
    if (active() && ledger.record().nextFireAt() == null && ledger.buffer().isEmpty()) {
      ledger.delete(SPEC_EXHAUSTED);
    }
  }

  /** The ledger's write won: its rows stand, and the triggers it dropped are off the row. */
  private void written() {
    rows.addAll(unwritten);
    unwritten.clear();
    carried.clear();
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
