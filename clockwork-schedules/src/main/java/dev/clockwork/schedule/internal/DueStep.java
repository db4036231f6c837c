package dev.clockwork.schedule.internal;

import dev.clockwork.schedule.definition.ScheduleSettings;
import dev.clockwork.schedule.store.ScheduleRecord;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * One step of a tick over a due schedule: its due occurrence under the catch-up policy — fired, or
 * skipped as missed — and the next fire time moved on. Only decides: the facts go to the
 * evaluation, which writes them before anything is started.
 */
final class DueStep {
  private final Services services;
  private final Firing firing;
  private final Instant now;
  private Ledger ledger;
  private Consumer<Fact> record;

  DueStep(Services services, Firing firing, Instant now) {
    this.services = services;
    this.firing = firing;
    this.now = now;
  }

  /**
   * Decides the due occurrence of the schedule {@code on} holds, giving {@code record} each fact.
   */
  void decide(Ledger on, Consumer<Fact> record) {
    this.ledger = on;
    this.record = record;
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
    record.accept(
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
    record.accept(new Fact.Skipped(Fact.Source.TICK, due, span.occurrences(), reason, detail));
  }
}
