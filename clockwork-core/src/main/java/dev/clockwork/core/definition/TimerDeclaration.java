package dev.clockwork.core.definition;

import dev.clockwork.core.time.DstPolicy;
import dev.clockwork.core.time.OverduePolicy;
import java.time.Duration;
import java.time.ZoneId;

/**
 * A timer as it was declared, kept beside the compiled {@link TimerDef} so a definition can be
 * written back out (the interpreter never reads it).
 *
 * @param kind how the timer was written: {@code after}, {@code every}, {@code at}, {@code cycle},
 *     {@code cron}, {@code timer} (a named timer value) or {@code timerFromContext}
 * @param text the duration (ISO 8601, a fixed one as {@code PT168H}), date-time, cycle, cron, timer
 *     value name or context key; null for a timer value given as a lambda
 * @param max the declared {@code max}, null when none
 * @param zone the timer's own zone, null when it uses the machine's
 * @param dst the declared daylight-saving policy, null when none
 * @param overdue the declared overdue policy, null when none (the machine's applies)
 * @param overdueAfter the declared overdue grace, null when none
 */
public record TimerDeclaration(
    String kind,
    String text,
    Integer max,
    ZoneId zone,
    DstPolicy dst,
    OverduePolicy overdue,
    Duration overdueAfter) {
  /** True when the declaration can be written as data (a lambda timer value cannot). */
  public boolean isNameable() {
    return text != null;
  }
}
