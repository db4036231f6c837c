package dev.clockwork.core.definition;

import java.time.Instant;

/**
 * The value of a timer start event computed when its machine version is deployed, as a BPMN timer
 * start event's expression is: evaluated once per deploy, never again while that version's start
 * schedules run. Implementations are the user's code; they read no clock, because the deploy
 * instant comes in as an argument.
 *
 * <pre>{@code
 * Machine.define("report")
 *     .startOn(StartTimer.computed((deployedAt, definition) ->
 *         "R/" + deployedAt.truncatedTo(ChronoUnit.DAYS).plus(Duration.ofDays(1)) + "/P1D"))
 * }</pre>
 */
@FunctionalInterface
public interface StartTimerExpression {
  /**
   * The start timer for a deploy at {@code deployedAt}: a String in one of the static forms (a time
   * date, a cycle or a cron expression, as {@link StartTimer#of(String)} reads them), an {@link
   * Instant}, {@link java.time.OffsetDateTime} or {@link java.time.ZonedDateTime} (a time date), or
   * a static {@link StartTimer}.
   *
   * @param deployedAt the engine clock's instant when the start schedules are created
   * @param definition the machine version being deployed
   */
  Object evaluate(Instant deployedAt, MachineDefinition definition);
}
