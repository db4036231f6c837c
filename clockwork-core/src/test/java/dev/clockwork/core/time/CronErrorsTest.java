package dev.clockwork.core.time;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.ZoneId;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** A bad cron expression is refused with the field and the fix named. */
class CronErrorsTest {
  private static final ZoneId UTC = ZoneOffset.UTC;

  private static void assertRefused(String cron, String message) {
    assertThatThrownBy(() -> CronSchedule.parse(cron, UTC))
        .isInstanceOf(InvalidTimerDefinitionException.class)
        .hasMessage(message);
  }

  @Test
  void outOfRangeHour() {
    assertRefused("0 0 25 * * *", "cron '0 0 25 * * *': hour field '25' is out of range 0-23");
  }

  @Test
  void outOfRangeMinute() {
    assertRefused("60 * * * *", "cron '60 * * * *': minute field '60' is out of range 0-59");
    assertRefused(
        "0,15,75 * * * *",
        "cron '0,15,75 * * * *': minute field '0,15,75': '75' is out of range 0-59");
  }

  @Test
  void badDayName() {
    assertRefused(
        "0 0 9-17 * * FUNDAY",
        "cron '0 0 9-17 * * FUNDAY': day-of-week field 'FUNDAY' is not a day name (MON..SUN)"
            + " or number");
  }

  @Test
  void badMonthName() {
    assertRefused(
        "0 0 1 JANUARY *",
        "cron '0 0 1 JANUARY *': month field 'JANUARY' is not a month name (JAN..DEC) or number");
  }

  @Test
  void wrongFieldCount() {
    String fix =
        "write 5 fields (minute hour day-of-month month day-of-week, e.g. '0 9 * * MON-FRI'), 6"
            + " with seconds first (e.g. '0 0 9-17 * * MON-FRI') or a macro such as @daily";
    assertRefused("0 0 * *", "cron '0 0 * *' has 4 fields; " + fix);
    assertRefused("0 0 0 * * * 2026", "cron '0 0 0 * * * 2026' has 7 fields; " + fix);
  }

  @ParameterizedTest
  @ValueSource(strings = {"0 0 30 2 *", "0 0 31 4,6,9,11 *", "0 0 0 31 FEB ?", "0 0 0 30-31 2 MON"})
  void neverFires(String cron) {
    assertRefused(
        cron,
        "cron '"
            + cron
            + "' never fires: no month of its month field has a day of its day-of-month field"
            + " (February has at most 29 days); fix one of the two fields");
  }

  @Test
  void questionMarkOnlyInSixFieldDayFields() {
    assertRefused(
        "0 0 * * ?",
        "cron '0 0 * * ?': day-of-week field '?' is only allowed in the day-of-month and"
            + " day-of-week fields of a 6-field expression; write *");
    assertRefused(
        "? 0 0 * * *",
        "cron '? 0 0 * * *': second field '?' is only allowed in the day-of-month and"
            + " day-of-week fields of a 6-field expression; write *");
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "0 0 0 L * ?|day-of-month field 'L' uses the Quartz specials",
        "0 0 0 15W * ?|day-of-month field '15W' uses the Quartz specials",
        "0 0 0 ? * MON#2|day-of-week field 'MON#2' uses the Quartz specials",
        "0 0 0 ? * 5L|day-of-week field '5L' uses the Quartz specials",
      })
  void quartzSpecialsAreNotSupported(String cron, String problem) {
    assertThatThrownBy(() -> CronSchedule.parse(cron, UTC))
        .isInstanceOf(InvalidTimerDefinitionException.class)
        .hasMessageContaining(problem)
        .hasMessageContaining("list the values instead");
  }

  @Test
  void backwardsRange() {
    assertRefused(
        "0 22-2 * * *",
        "cron '0 22-2 * * *': hour field '22-2' runs backwards; write it as two ranges, e.g."
            + " 22-23,0-2");
  }

  @Test
  void badSteps() {
    assertRefused(
        "*/0 * * * *",
        "cron '*/0 * * * *': minute field '*/0': '/0' is not a step" + " from 1 to 59");
    assertRefused(
        "*/x * * * *",
        "cron '*/x * * * *': minute field '*/x': '/x' is not a step" + " from 1 to 59");
    assertRefused(
        "0 */24 * * *",
        "cron '0 */24 * * *': hour field '*/24': '/24' is not a step" + " from 1 to 23");
  }

  @Test
  void emptyListItem() {
    assertRefused(
        "1,,2 * * * *",
        "cron '1,,2 * * * *': minute field '1,,2' has an empty list item; separate values with"
            + " single commas");
  }

  @Test
  void notANumber() {
    assertRefused("0 9am * * *", "cron '0 9am * * *': hour field '9am' is not a number");
    assertRefused(
        "0 0 -1 * *",
        "cron '0 0 -1 * *': day-of-month field '-1' is a range without a start or an end; write"
            + " e.g. 1-5");
  }

  @Test
  void unknownMacro() {
    assertRefused(
        "@reboot",
        "cron '@reboot': unknown macro; use one of @hourly, @daily, @midnight, @weekly, @monthly,"
            + " @yearly, @annually");
  }

  @Test
  void emptyExpression() {
    assertThatThrownBy(() -> CronSchedule.parse("  ", UTC))
        .isInstanceOf(InvalidTimerDefinitionException.class)
        .hasMessageContaining("is empty; write 5 fields");
    assertThatThrownBy(() -> CronSchedule.parse(null, UTC))
        .isInstanceOf(InvalidTimerDefinitionException.class);
  }

  @Test
  void theFactoryReportsTheSameErrors() {
    assertThatThrownBy(() -> TimeSpecs.cron("0 0 25 * * *", UTC, DstPolicy.DEFAULT))
        .isInstanceOf(InvalidTimerDefinitionException.class)
        .hasMessage("cron '0 0 25 * * *': hour field '25' is out of range 0-23");
  }
}
