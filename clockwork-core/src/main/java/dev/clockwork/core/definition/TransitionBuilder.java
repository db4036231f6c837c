package dev.clockwork.core.definition;

import dev.clockwork.core.behavior.TimerValue;
import dev.clockwork.core.time.DstPolicy;
import dev.clockwork.core.time.OverduePolicy;
import dev.clockwork.core.time.Timer;
import java.time.Duration;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * Declares a transition: either one branch directly ({@code to}, {@code guard}, {@code action}) or
 * several with {@link #branch}, and optionally the timer that sends its event.
 */
public final class TransitionBuilder extends BranchBuilder<TransitionBuilder> {
  enum Trigger {
    EVENT,
    ALWAYS,
    DONE,
    FAIL
  }

  enum TimerKind {
    AFTER,
    EVERY,
    AT,
    CYCLE,
    CRON,
    VALUE
  }

  final String event;
  final Trigger trigger;
  final List<BranchBuilder.Plain> branches = new ArrayList<>();
  final List<TimerKind> timerKinds = new ArrayList<>();
  Duration fixed;
  String text;
  Object value;
  String contextKey;
  Integer max;
  String then;
  ZoneId zone;
  DstPolicy dst;
  OverduePolicy overdue;
  Duration overdueAfter;

  TransitionBuilder(String event, Trigger trigger) {
    this.event = event;
    this.trigger = trigger;
  }

  /** Adds a branch; the first branch whose guards pass is taken. */
  public TransitionBuilder branch(Consumer<BranchBuilder.Plain> body) {
    BranchBuilder.Plain branch = new BranchBuilder.Plain();
    body.accept(branch);
    branches.add(branch);
    return this;
  }

  /** One-shot: send the event once the state has been active for {@code timer}. */
  public TransitionBuilder after(Timer timer) {
    return fixed(TimerKind.AFTER, timer.toDuration());
  }

  /** One-shot after an ISO 8601 duration ({@code PT15S}, {@code P3Y6M4DT12H30M5S}). */
  public TransitionBuilder after(String isoDuration) {
    return text(TimerKind.AFTER, isoDuration);
  }

  /** Recurring: send the event every {@code timer} while the state is active. */
  public TransitionBuilder every(Timer timer) {
    return fixed(TimerKind.EVERY, timer.toDuration());
  }

  /** Recurring every ISO 8601 duration. */
  public TransitionBuilder every(String isoDuration) {
    return text(TimerKind.EVERY, isoDuration);
  }

  /** One-shot at an ISO 8601 date-time with offset or zone ({@code 2019-10-01T12:00:00Z}). */
  public TransitionBuilder at(String isoDateTime) {
    return text(TimerKind.AT, isoDateTime);
  }

  /** An ISO 8601 repeating interval: {@code R5/PT10S}, {@code R3/2022-04-27T17:20:00Z/P1D}. */
  public TransitionBuilder cycle(String repeatingInterval) {
    return text(TimerKind.CYCLE, repeatingInterval);
  }

  /** A cron cycle: 6 fields with seconds or classic 5 fields, in the timer's zone. */
  public TransitionBuilder cron(String expression) {
    return text(TimerKind.CRON, expression);
  }

  /** A timer whose value is computed from the context when the state is entered. */
  public TransitionBuilder timer(TimerValue computed) {
    timerKinds.add(TimerKind.VALUE);
    this.value = computed;
    return this;
  }

  /** A timer whose value is computed by the named timer value of the machine's behaviours. */
  public TransitionBuilder timer(String timerValueName) {
    timerKinds.add(TimerKind.VALUE);
    this.value = timerValueName;
    return this;
  }

  /** A timer whose value is read from a context key when the state is entered. */
  public TransitionBuilder timerFromContext(String contextKey) {
    timerKinds.add(TimerKind.VALUE);
    this.value = (TimerValue) context -> context.get(contextKey);
    this.contextKey = contextKey;
    return this;
  }

  /** Stop a recurring timer after {@code fires} fires in one state entry. */
  public TransitionBuilder max(int fires) {
    this.max = fires;
    return this;
  }

  /**
   * The event sent once, one interval after the last allowed fire: after {@code max} fires, or
   * fewer when a cycle's own count bounds it, so {@code cycle("R3/PT1H").max(3).then("DONE")} sends
   * DONE 4 hours after entry, as {@code every(Timer.hours(1)).max(3).then("DONE")} does.
   */
  public TransitionBuilder then(String event) {
    this.then = event;
    return this;
  }

  /** The zone for this timer's calendar units or cron (default: the machine's zone). */
  public TransitionBuilder zone(ZoneId timerZone) {
    this.zone = timerZone;
    return this;
  }

  /** How a cron or calendar timer treats daylight-saving gaps and overlaps. */
  public TransitionBuilder dst(DstPolicy policy) {
    this.dst = policy;
    return this;
  }

  /**
   * What this repeating timer does when it is found overdue (default: the machine's, else {@link
   * OverduePolicy#FIRE}): {@code skip_missed} drops the missed fires, {@code fire_once} fires one
   * catch-up; either way the next fire keeps the rhythm and each skip is recorded in history.
   */
  public TransitionBuilder overdue(OverduePolicy policy) {
    this.overdue = Objects.requireNonNull(policy, "policy");
    return this;
  }

  /**
   * How late a fire may be before it counts as overdue (default: the machine's, else one interval —
   * a fire is overdue once the next one is due too).
   */
  public TransitionBuilder overdueAfter(Duration grace) {
    this.overdueAfter = Objects.requireNonNull(grace, "grace");
    return this;
  }

  boolean hasTimer() {
    return !timerKinds.isEmpty();
  }

  private TransitionBuilder fixed(TimerKind kind, Duration duration) {
    timerKinds.add(kind);
    this.fixed = duration;
    return this;
  }

  private TransitionBuilder text(TimerKind kind, String timerText) {
    timerKinds.add(kind);
    this.text = timerText;
    return this;
  }
}
