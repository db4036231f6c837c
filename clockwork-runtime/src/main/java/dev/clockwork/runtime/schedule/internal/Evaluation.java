package dev.clockwork.runtime.schedule.internal;

import dev.clockwork.runtime.schedule.definition.ScheduleSettings;
import dev.clockwork.runtime.schedule.outcome.TickResult;
import dev.clockwork.runtime.schedule.outcome.TriggerOutcome;
import dev.clockwork.runtime.schedule.store.BufferedTrigger;
import dev.clockwork.runtime.schedule.store.ScheduleRecord;
import dev.clockwork.runtime.schedule.store.ScheduleStatus;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * What a tick does with one claimed schedule: start buffered triggers whose turn has come, then
 * every due occurrence under the catch-up and overlap policies, moving the next fire time on. A
 * schedule whose spec has no occurrence left (a time date that fired, a bounded cycle's last
 * occurrence) ends once its buffer is drained: it deletes itself, as max runs make it do.
 */
final class Evaluation {
  /** The delete reason of a schedule whose spec has no occurrence left. */
  static final String SPEC_EXHAUSTED = "spec_exhausted";

  private final Services services;
  private final Firing firing;
  private final Instant now;
  private final Ledger ledger;
  private final List<TickResult> rows = new ArrayList<>();
  private final List<Pending> pending = new ArrayList<>();
  private int steps;

  /** A row whose last fire and next fire are filled in once its step is complete. */
  private record Pending(
      String instanceId, TriggerOutcome outcome, Instant occurrence, String reason) {}

  Evaluation(Services services, ScheduleRecord schedule, Instant now) {
    this.services = services;
    this.firing = services.firing();
    this.now = now;
    this.ledger = new Ledger(schedule, services.buffer(schedule), now, null);
  }

  Ledger ledger() {
    return ledger;
  }

  List<TickResult> rows() {
    return rows;
  }

  /** Occurrences evaluated and buffered triggers started. */
  int steps() {
    return steps;
  }

  void run(int maxSteps) {
    drain();
    while (steps < maxSteps && ledger.record().isDue(now)) {
      step();
      flush();
      steps++;
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

  /** Starts buffered triggers, oldest first, while the previous instance is not running. */
  private void drain() {
    while (active() && !ledger.buffer().isEmpty() && !firing.previousRunning(ledger.record())) {
      BufferedTrigger head = ledger.buffer().get(0);
      Fact.Triggered fact =
          firing.start(
              ledger.record(),
              Fact.Source.BUFFER,
              null,
              head.occurrence(),
              ledger.record().settings().overlapPolicy());
      record(fact);
      flush();
      steps++;
    }
  }

  private void step() {
    ScheduleRecord schedule = ledger.record();
    ScheduleSettings settings = schedule.settings();
    Instant due = schedule.nextFireAt();
    Instant canonical = schedule.nextOccurrenceAt() != null ? schedule.nextOccurrenceAt() : due;
    int cap = services.options().maxMissedRecords();
    switch (settings.catchup()) {
      case ONCE:
        {
          Occurrences.Span later =
              Occurrences.between(settings.spec(), canonical, now.plusNanos(1), cap);
          fire(due, due);
          missed(due, later, SkipReasons.CATCHUP_ONCE);
          advanceFromNow(due);
          return;
        }
      case SKIP:
        {
          Occurrences.Span later =
              Occurrences.between(settings.spec(), canonical, now.plusNanos(1), cap);
          if (later.occurrences().isEmpty()) {
            fire(due, due);
          } else {
            Instant current =
                later.truncated()
                    ? Occurrences.latestAtOrBefore(settings.spec(), now, canonical)
                    : later.occurrences().get(later.occurrences().size() - 1);
            List<Instant> missed = new ArrayList<>();
            missed.add(canonical);
            later.occurrences().stream().filter(t -> !t.equals(current)).forEach(missed::add);
            missed(due, new Occurrences.Span(missed, later.truncated()), SkipReasons.CATCHUP_SKIP);
            fire(due, current);
          }
          advanceFromNow(due);
          return;
        }
      default:
        catchUpAll(settings, due, canonical, cap);
    }
  }

  private void catchUpAll(ScheduleSettings settings, Instant due, Instant canonical, int cap) {
    Instant windowStart = now.minus(settings.catchupWindow());
    if (canonical.isBefore(windowStart)) {
      Occurrences.Span old =
          Occurrences.between(settings.spec(), canonical.minusNanos(1), windowStart, cap);
      missed(due, old, SkipReasons.OUTSIDE_CATCHUP_WINDOW);
      advanceTo(due, settings.spec().next(windowStart.minusNanos(1)).orElse(null));
      return;
    }
    fire(due, due);
    advanceTo(due, settings.spec().next(canonical).orElse(null));
  }

  /** To {@code following} when it is due already (catching up, no jitter), else from now. */
  private void advanceTo(Instant due, Instant following) {
    if (following != null && !following.isAfter(now)) {
      ledger.apply(new Fact.Advanced(due, following, following));
    } else {
      advanceFromNow(due);
    }
  }

  private void advanceFromNow(Instant due) {
    ScheduleSettings settings = ledger.record().settings();
    NextFire.Next next =
        NextFire.after(settings.spec(), settings.jitterSeconds(), now, services.random())
            .orElse(null);
    ledger.apply(
        new Fact.Advanced(
            due, next == null ? null : next.fireAt(), next == null ? null : next.occurrence()));
  }

  private void fire(Instant due, Instant occurrence) {
    ScheduleSettings settings = ledger.record().settings();
    record(
        firing.fire(
            ledger,
            Fact.Source.TICK,
            due,
            occurrence,
            settings.overlapPolicy(),
            settings.maxBuffer()));
  }

  private void missed(Instant due, Occurrences.Span span, String reason) {
    if (span.occurrences().isEmpty()) {
      return;
    }
    String detail =
        span.truncated()
            ? "only the first "
                + span.occurrences().size()
                + " were recorded one by one; later occurrences up to "
                + now
                + " were skipped as well"
            : null;
    record(new Fact.Skipped(Fact.Source.TICK, due, span.occurrences(), reason, detail));
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
      rows.add(
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
