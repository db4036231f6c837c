package dev.clockwork.chaos.check;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.chaos.check.Observations.EventSeen;
import dev.clockwork.chaos.check.Observations.InstanceSeen;
import dev.clockwork.chaos.producer.EventKind;
import dev.clockwork.chaos.producer.Ledger.Acknowledged;
import dev.clockwork.runtime.queue.EventStatus.State;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The checker's counting, on made-up ledgers and observations: each breach is counted once. */
class CheckerTest {
  private static final int MAX_ATTEMPTS = 3;
  private static final int EVERY_MAX = 3;

  private final List<Acknowledged> ledger = new ArrayList<>();
  private final Map<String, EventSeen> events = new HashMap<>();
  private final Map<Long, Integer> appliedRows = new HashMap<>();
  private List<Long> applied = List.of(1L, 2L, 3L);
  private List<Long> entries = List.of();
  private List<Long> rings = List.of();
  private List<Observations.TimerFire> fires = List.of();
  private Observations.Cycles cycles = Observations.Cycles.NONE;
  private Observations.Outreach outreach = Observations.Outreach.NONE;
  private Reached reached = Reached.NONE;
  private ScheduleSeen schedule = ScheduleSeen.NONE;
  private List<Observations.TurnRow> turns = List.of();
  private OperatorActions operator = OperatorActions.NONE;

  /** Three STEPs on i-1, each applied once, in order. */
  private void threeSteps() {
    for (long seq = 1; seq <= 3; seq++) {
      acknowledge(seq, EventKind.STEP, new EventSeen(State.APPLIED, 0, 0, -1));
    }
  }

  private void acknowledge(long seq, EventKind kind, EventSeen fate) {
    long eventId = 100 + seq;
    ledger.add(new Acknowledged("i-1", seq, kind, eventId));
    if (fate != null) {
      events.put(Observations.key("i-1", eventId), fate);
    }
    if (fate != null && fate.state() == State.APPLIED) {
      appliedRows.merge(eventId, 1, Integer::sum);
    }
  }

  private Verdict check() {
    InstanceSeen instance =
        new InstanceSeen(
            applied,
            entries,
            rings,
            appliedRows,
            fires,
            turns,
            cycles,
            outreach,
            Observations.Release.FIRST);
    return new Checker(MAX_ATTEMPTS, EVERY_MAX)
        .check(
            ledger, new Observations(Map.of("i-1", instance), events, reached, schedule), operator);
  }

  private static long violations(Verdict verdict, String id) {
    return verdict.get(id).violations();
  }

  private static void onlyBroken(Verdict verdict, String id, long count) {
    assertThat(violations(verdict, id)).isEqualTo(count);
    verdict.rows().stream()
        .filter(r -> !r.id().equals(id))
        .forEach(r -> assertThat(r.violations()).as(r.id()).isZero());
    assertThat(verdict.holds()).isFalse();
  }

  @Test
  void aCleanRunHolds() {
    threeSteps();
    Verdict verdict = check();
    assertThat(verdict.holds()).isTrue();
    assertThat(verdict.get(Checker.LOST).checkedCount()).isEqualTo(3);
    assertThat(verdict.get(Checker.ORDER).checkedCount()).isEqualTo(2);
  }

  @Test
  void aSequenceNumberAppliedTwiceIsADuplicate() {
    threeSteps();
    applied = List.of(1L, 2L, 2L, 3L);
    onlyBroken(check(), Checker.TWICE, 1);
  }

  @Test
  void twoAppliedHistoryRowsForOneEventAreADuplicate() {
    threeSteps();
    appliedRows.put(102L, 2);
    onlyBroken(check(), Checker.TWICE_IN_HISTORY, 1);
  }

  @Test
  void anAppliedEventMissingFromTheContextIsLost() {
    threeSteps();
    applied = List.of(1L, 3L);
    Verdict verdict = check();
    onlyBroken(verdict, Checker.LOST, 1);
    assertThat(verdict.get(Checker.LOST).examples().get(0)).contains("seq 2");
  }

  @Test
  void anEventTheEngineDoesNotKnowIsLost() {
    threeSteps();
    acknowledge(4, EventKind.STEP, null);
    onlyBroken(check(), Checker.LOST, 1);
  }

  @Test
  void aSmallerNumberAfterALargerOneIsOutOfOrder() {
    threeSteps();
    applied = List.of(1L, 3L, 2L);
    onlyBroken(check(), Checker.ORDER, 1);
  }

  @Test
  void numbersTheProducerWasNotToldAboutMayBeApplied() {
    threeSteps();
    applied = List.of(1L, 2L, 3L, 4L); // seq 4's enqueue threw, but its commit had landed
    assertThat(check().holds()).isTrue();
  }

  @Test
  void aPoisonEventMustBeDeadLetteredWithEveryAttemptsError() {
    threeSteps();
    acknowledge(4, EventKind.POISON, new EventSeen(State.DEAD_LETTERED, 3, 3, 3));
    assertThat(check().holds()).isTrue();

    acknowledge(5, EventKind.POISON, new EventSeen(State.DEAD_LETTERED, 3, 2, 2));
    acknowledge(6, EventKind.POISON, new EventSeen(State.DEAD_LETTERED, 3, 3, -1));
    onlyBroken(check(), Checker.POISON, 2);
  }

  @Test
  void aTransientEventMustBeAppliedAfterExactlyOneFailedAttempt() {
    applied = List.of(1L, 2L);
    acknowledge(1, EventKind.TRANSIENT, new EventSeen(State.APPLIED, 1, 0, -1));
    acknowledge(2, EventKind.TRANSIENT, new EventSeen(State.APPLIED, 0, 0, -1));
    onlyBroken(check(), Checker.TRANSIENT, 1);
  }

  @Test
  void aStepInTheDeadLettersIsCounted() {
    applied = List.of(1L);
    acknowledge(1, EventKind.STEP, new EventSeen(State.APPLIED, 0, 0, -1));
    acknowledge(2, EventKind.STEP, new EventSeen(State.DEAD_LETTERED, 3, 3, 3));
    onlyBroken(check(), Checker.NOT_POISON_DEAD, 1);
  }

  @Test
  void anEventStillQueuedAfterTheDrainBreaksLiveness() {
    applied = List.of(1L);
    acknowledge(1, EventKind.STEP, new EventSeen(State.APPLIED, 0, 0, -1));
    acknowledge(2, EventKind.STEP, new EventSeen(State.RETRYING, 1, 1, -1));
    onlyBroken(check(), Checker.DRAINED, 1);
  }

  @Test
  void aOneShotFiresOncePerEntry() {
    threeSteps();
    entries = List.of(1L, 3L);
    rings = List.of(1L, 3L);
    assertThat(check().holds()).isTrue();

    rings = List.of(1L, 1L, 3L);
    onlyBroken(check(), Checker.ONE_SHOT, 1);
    rings = List.of(1L);
    onlyBroken(check(), Checker.ONE_SHOT, 1);
  }

  @Test
  void aTimerFiredBeforeItsDueInstantByTheDatabasesClockIsEarly() {
    threeSteps();
    java.time.Instant due = java.time.Instant.parse("2026-01-01T00:00:31Z");
    fires =
        List.of(
            new Observations.TimerFire(4, due, due.plusMillis(2), due.plusMillis(5)),
            new Observations.TimerFire(6, due, due, null));
    Verdict verdict = check();
    assertThat(verdict.holds()).isTrue();
    assertThat(verdict.get(Checker.EARLY_DB).checkedCount()).isEqualTo(1);
    assertThat(verdict.get(Checker.EARLY_ENGINE).checkedCount()).isEqualTo(2);
    assertThat(verdict.notes()).singleElement().asString().contains("+5 ms (min)");

    // an engine 30 s ahead: on time by its own clock, 30 s early by the database's
    fires = List.of(new Observations.TimerFire(4, due, due, due.minusSeconds(30)));
    verdict = check();
    onlyBroken(verdict, Checker.EARLY_DB, 1);
    assertThat(verdict.get(Checker.EARLY_DB).examples().get(0)).contains("30000 ms early");
  }

  // ---- F8: the operator's purges and pauses ----

  /** What {@code engine.event} says of a dead-lettered event once its dead letter was purged. */
  private static final EventSeen PURGED_FROM_THE_DEAD_LETTERS =
      new EventSeen(State.DEAD_LETTERED, MAX_ATTEMPTS, 0, -1);

  private static final Instant PAUSED_AT = Instant.parse("2026-01-01T00:01:00Z");

  private static Instant paused(long millis) {
    return PAUSED_AT.plusMillis(millis);
  }

  /** One pause of 3 s, starting at {@link #PAUSED_AT}. */
  private void onePause() {
    operator = new OperatorActions(List.of(new OperatorActions.Pause(PAUSED_AT, paused(3_000))), 0);
  }

  private static Observations.TurnRow row(long sequence, long leasedAt, long committedAt) {
    return new Observations.TurnRow(
        sequence, "EVENT STEP #" + sequence, paused(committedAt), paused(leasedAt));
  }

  @Test
  void poisonEventsPurgedFromTheDeadLettersAreCountedAgainstThePurges() {
    threeSteps();
    acknowledge(4, EventKind.POISON, PURGED_FROM_THE_DEAD_LETTERS);
    acknowledge(5, EventKind.POISON, PURGED_FROM_THE_DEAD_LETTERS);
    acknowledge(6, EventKind.POISON, new EventSeen(State.DEAD_LETTERED, 3, 3, 3));
    operator = new OperatorActions(List.of(), 3); // the third: a poison enqueue that threw
    Verdict verdict = check();
    assertThat(verdict.holds()).isTrue();
    assertThat(verdict.get(Checker.PURGED).checkedCount()).isEqualTo(2);
    assertThat(verdict.get(Checker.POISON).checkedCount()).isEqualTo(1);
    assertThat(verdict.notes()).anySatisfy(n -> assertThat(n).contains("purged 3 dead letters"));
  }

  @Test
  void morePoisonGoneFromTheDeadLettersThanPurgedIsAViolation() {
    threeSteps();
    acknowledge(4, EventKind.POISON, PURGED_FROM_THE_DEAD_LETTERS);
    acknowledge(5, EventKind.POISON, PURGED_FROM_THE_DEAD_LETTERS);
    acknowledge(6, EventKind.POISON, PURGED_FROM_THE_DEAD_LETTERS);
    operator = new OperatorActions(List.of(), 2);
    Verdict verdict = check();
    onlyBroken(verdict, Checker.PURGED, 1);
    assertThat(verdict.get(Checker.PURGED).examples().get(0))
        .contains("3 poison events gone, the operator purged 2");

    operator = OperatorActions.NONE; // no purge at all: every one is missing
    onlyBroken(check(), Checker.PURGED, 3);
  }

  @Test
  void aPoisonEventTheEngineDoesNotKnowIsLostWhateverWasPurged() {
    threeSteps();
    acknowledge(4, EventKind.POISON, null);
    operator = new OperatorActions(List.of(), 10);

    onlyBroken(check(), Checker.LOST, 1);
  }

  @Test
  void pausesWithNoLeasedTurnToJudgeBreakI12() {
    threeSteps();
    onePause();
    turns = List.of(new Observations.TurnRow(1, "EVENT STEP #1", paused(100), null));

    onlyBroken(check(), Checker.PAUSED, 1);
  }

  @Test
  void aPurgeExcusesNoOtherEvent() {
    threeSteps();
    acknowledge(4, EventKind.STEP, null);
    operator = new OperatorActions(List.of(), 10);
    onlyBroken(check(), Checker.LOST, 1);

    ledger.clear();
    events.clear();
    appliedRows.clear();
    threeSteps();
    acknowledge(4, EventKind.STEP, PURGED_FROM_THE_DEAD_LETTERS);
    onlyBroken(check(), Checker.NOT_POISON_DEAD, 1);
  }

  @Test
  void turnsRunningWhenThePauseBeganMayCommitWhilePaused() {
    threeSteps();
    onePause();
    turns =
        List.of(
            row(1, -5_000, -4_990), // before the pause
            row(2, -1_000, 2_900), // a long turn leased before the pause, committed in it
            row(3, 300, 310), // a claim that read the queue before the pause was stored
            row(4, 3_001, 3_010)); // after the resume
    Verdict verdict = check();
    assertThat(verdict.holds()).isTrue();
    assertThat(verdict.get(Checker.PAUSED).checkedCount()).isEqualTo(4);
    assertThat(verdict.notes())
        .anySatisfy(
            n ->
                assertThat(n)
                    .contains("1 pauses, 3.0 s paused in all; 2 turn rows committed while paused")
                    .contains("the latest 300 ms after it"));
  }

  @Test
  void aTurnLeasedWhileItsQueueWasPausedBreaksI12() {
    threeSteps();
    onePause();
    turns =
        List.of(
            row(1, 1_500, 1_510), // claimed and committed while paused
            row(2, 2_500, 3_600), // claimed while paused, committed after the resume
            row(3, -100, 100));
    Verdict verdict = check();
    onlyBroken(verdict, Checker.PAUSED, 2);
    assertThat(verdict.get(Checker.PAUSED).examples().get(0))
        .contains("i-1 EVENT STEP #1 (history 1)")
        .contains("lease taken 1500 ms into the pause");
  }

  @Test
  void withoutPausesI12ChecksNothing() {
    threeSteps();
    turns = List.of(row(1, 1_500, 1_510));
    Verdict verdict = check();
    assertThat(verdict.holds()).isTrue();
    assertThat(verdict.get(Checker.PAUSED).checkedCount()).isZero();
  }
}
