package dev.clockwork.testkit;

import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.time.Timer;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The BPMN timer seed's examples: dates, durations, cycles, cron and expressions. */
class BpmnTimerTest {

  private static MachineTest startingAt(MachineDefinition machine, String instant) {
    return MachineTest.with(machine).startingAt(Instant.parse(instant)).start();
  }

  private static Instant at(String instant) {
    return Instant.parse(instant);
  }

  @Test
  void intermediateCatchEventWaitsForItsDuration() {
    MachineDefinition coffee =
        Machine.define("coffee")
            .initial("coffee_break")
            .state("coffee_break", s -> s.on("BREAK_OVER", t -> t.to("working").after("PT10M")))
            .state("working")
            .build();
    MachineTest.of(coffee)
        .advanceTimers(Duration.ofMinutes(9))
        .assertState("coffee_break")
        .advanceTimers(Duration.ofMinutes(1))
        .assertState("working");
  }

  @Test
  void timeDateFiresAtTheInstant() {
    MachineDefinition release =
        Machine.define("release")
            .initial("waiting")
            .state(
                "waiting", s -> s.on("RELEASE", t -> t.to("released").at("2019-10-01T12:00:00Z")))
            .state("released")
            .build();
    startingAt(release, "2019-09-30T00:00:00Z")
        .assertTimerDue("RELEASE", at("2019-10-01T12:00:00Z"))
        .advanceTimersTo(at("2019-10-01T11:59:59Z"))
        .assertState("waiting")
        .advanceTimersTo(at("2019-10-01T12:00:00Z"))
        .assertState("released");
  }

  @Test
  void timeDateWithOffsetAndZone() {
    MachineDefinition release =
        Machine.define("release")
            .initial("waiting")
            .state(
                "waiting",
                s ->
                    s.on("A", t -> t.action(x -> {}).at("2019-10-02T08:09:40+02:00"))
                        .on(
                            "B",
                            t -> t.action(x -> {}).at("2019-10-02T08:09:40+02:00[Europe/Berlin]")))
            .build();
    startingAt(release, "2019-10-01T00:00:00Z")
        .assertTimerDue("A", at("2019-10-02T06:09:40Z"))
        .assertTimerDue("B", at("2019-10-02T06:09:40Z"));
  }

  @Test
  void dateInThePastFiresAtOnce() {
    MachineDefinition late =
        Machine.define("late")
            .initial("waiting")
            .state(
                "waiting", s -> s.on("RELEASE", t -> t.to("released").at("2019-10-01T12:00:00Z")))
            .state("released")
            .build();
    startingAt(late, "2020-01-01T00:00:00Z").advanceTimers(Duration.ZERO).assertState("released");
  }

  @Test
  void interruptingBoundaryCancelsTheActivity() {
    MachineDefinition task =
        Machine.define("task")
            .initial("processing")
            .state(
                "processing",
                s ->
                    s.initial("working")
                        .state("working", w -> w.on("STEP", "checking"))
                        .state("checking")
                        .on("TIMEOUT", t -> t.to("timed_out").after("PT5M")))
            .state("timed_out")
            .build();
    MachineTest.of(task)
        .advanceTimers(Duration.ofMinutes(2))
        .send("STEP")
        .advanceTimers(Duration.ofMinutes(3))
        .assertState("timed_out");
  }

  @Test
  void nonInterruptingBoundaryCycleNotifiesThreeTimes() {
    MachineDefinition task =
        Machine.define("task")
            .initial("processing")
            .state(
                "processing",
                s ->
                    s.on("DONE", "done")
                        .on(
                            "REMINDER",
                            t ->
                                t.action(
                                        x ->
                                            x.set(
                                                "reminders",
                                                x.context().getLong("reminders", 0) + 1))
                                    .cycle("R3/PT1H")))
            .state("done")
            .build();
    MachineTest.of(task)
        .advanceTimers(Timer.hours(10))
        .assertState("processing")
        .assertContext("reminders", 3)
        .assertTimerFiredTimes("REMINDER", 3)
        .assertNotHasTimer("REMINDER");
  }

  @Test
  void nonInterruptingDurationTriggersOnce() {
    MachineDefinition task =
        Machine.define("task")
            .initial("processing")
            .state(
                "processing",
                s -> s.on("SUPPORT", t -> t.action(x -> x.set("escalated", true)).after("PT1H")))
            .build();
    MachineTest.of(task).advanceTimers(Timer.hours(5)).assertTimerFiredTimes("SUPPORT", 1);
  }

  @Test
  void cycleEveryTenSecondsFiveTimes() {
    MachineDefinition poll =
        Machine.define("poll")
            .initial("polling")
            .state("polling", s -> s.on("POLL", t -> t.action(x -> {}).cycle("R5/PT10S")))
            .build();
    MachineTest test = MachineTest.of(poll);
    for (int i = 1; i <= 5; i++) {
      test.assertTimerDue("POLL", MachineTest.DEFAULT_START.plusSeconds(10L * i))
          .advanceTimers(Duration.ofSeconds(10))
          .assertTimerFiredTimes("POLL", i);
    }
    test.assertNotHasTimer("POLL")
        .advanceTimers(Duration.ofMinutes(10))
        .assertTimerFiredTimes("POLL", 5);
  }

  @Test
  void cycleEveryDayInfinitely() {
    MachineDefinition daily =
        Machine.define("daily")
            .initial("on")
            .state("on", s -> s.on("TICK", t -> t.action(x -> {}).cycle("R/P1D")))
            .build();
    MachineTest.of(daily)
        .advanceTimers(Timer.days(365))
        .assertTimerFiredTimes("TICK", 365)
        .assertHasTimer("TICK");
  }

  @Test
  void cycleWithStartFiresThreeDaysFromTheStart() {
    MachineDefinition daily =
        Machine.define("daily")
            .initial("on")
            .state(
                "on",
                s -> s.on("TICK", t -> t.action(x -> {}).cycle("R3/2022-04-27T17:20:00Z/P1D")))
            .build();
    MachineTest test = startingAt(daily, "2022-04-27T00:00:00Z");
    test.assertTimerDue("TICK", at("2022-04-27T17:20:00Z"))
        .advanceTimersTo(at("2022-04-27T17:20:00Z"))
        .assertTimerDue("TICK", at("2022-04-28T17:20:00Z"))
        .advanceTimersTo(at("2022-04-28T17:20:00Z"))
        .assertTimerDue("TICK", at("2022-04-29T17:20:00Z"))
        .advanceTimersTo(at("2022-04-29T17:20:00Z"))
        .assertTimerFiredTimes("TICK", 3)
        .assertNotHasTimer("TICK");
  }

  @Test
  void zonedCycleKeepsWallClockTimeAcrossDaylightSaving() {
    MachineDefinition daily =
        Machine.define("daily")
            .initial("on")
            .state(
                "on",
                s ->
                    s.on(
                        "TICK",
                        t ->
                            t.action(x -> {})
                                .cycle("R/2022-01-01T10:00:00+02:00[Europe/Berlin]/P1D")))
            .build();
    MachineTest test = startingAt(daily, "2022-03-25T12:00:00Z");
    // The start is 10:00+02:00, that is 08:00Z: 09:00 Berlin time (Berlin was at +01:00 then).
    // Berlin is UTC+1 until 27 March 2022 02:00, then UTC+2: 09:00 local moves from 08:00Z to
    // 07:00Z.
    test.assertTimerDue("TICK", at("2022-03-26T08:00:00Z"))
        .advanceTimersTo(at("2022-03-26T08:00:00Z"))
        .assertTimerDue("TICK", at("2022-03-27T07:00:00Z"));
  }

  @Test
  void cronOnTheHourFromNineToFiveOnWeekdays() {
    MachineDefinition office =
        Machine.define("office")
            .initial("open")
            .state("open", s -> s.on("HOURLY", t -> t.action(x -> {}).cron("0 0 9-17 * * MON-FRI")))
            .build();
    // 2026-01-02 is a Friday.
    MachineTest test = startingAt(office, "2026-01-02T16:30:00Z");
    test.assertTimerDue("HOURLY", at("2026-01-02T17:00:00Z"))
        .advanceTimersTo(at("2026-01-02T17:00:00Z"))
        .assertTimerDue("HOURLY", at("2026-01-05T09:00:00Z"))
        .advanceTimersTo(at("2026-01-06T00:00:00Z"))
        .assertTimerFiredTimes("HOURLY", 10);
  }

  @Test
  void cronInAZone() {
    MachineDefinition office =
        Machine.define("office")
            .zone(ZoneId.of("America/New_York"))
            .initial("open")
            .state("open", s -> s.on("OPEN", t -> t.action(x -> {}).cron("0 9 * * MON-FRI")))
            .build();
    startingAt(office, "2026-01-05T00:00:00Z").assertTimerDue("OPEN", at("2026-01-05T14:00:00Z"));
  }

  @Test
  void calendarDurationWithYearsMonthsAndDays() {
    MachineDefinition contract =
        Machine.define("contract")
            .initial("running")
            .state("running", s -> s.on("EXPIRE", t -> t.to("expired").after("P3Y6M4DT12H30M5S")))
            .state("expired")
            .build();
    startingAt(contract, "2022-01-01T00:00:00Z")
        .assertTimerDue("EXPIRE", at("2025-07-05T12:30:05Z"));
  }

  @Test
  void expressionTimerReadsTheContextOnEntry() {
    MachineDefinition offer =
        Machine.define("offer")
            .initial("idle")
            .state("idle", s -> s.on("OPEN", "open"))
            .state(
                "open", s -> s.on("EXPIRE", t -> t.to("expired").timerFromContext("remainingTime")))
            .state("expired")
            .build();
    MachineTest.of(offer, Map.of("remainingTime", "PT30M"))
        .send("OPEN")
        .assertTimerDue("EXPIRE", MachineTest.DEFAULT_START.plus(Duration.ofMinutes(30)))
        .advanceTimers(Duration.ofMinutes(30))
        .assertState("expired");
  }

  @Test
  void expressionTimerCanComputeADateOrACycle() {
    MachineDefinition offer =
        Machine.define("offer")
            .initial("open")
            .state(
                "open",
                s ->
                    s.on("DEADLINE", t -> t.action(x -> {}).timer(c -> c.getString("deadline")))
                        .on(
                            "PING",
                            t ->
                                t.action(x -> {})
                                    .timer(c -> "R2/PT" + c.getLong("every", 0) + "S")))
            .build();
    MachineTest.of(offer, Map.of("deadline", "2026-01-03T00:00:00Z", "every", 15))
        .assertTimerDue("DEADLINE", at("2026-01-03T00:00:00Z"))
        .assertTimerDue("PING", MachineTest.DEFAULT_START.plusSeconds(15))
        .advanceTimers(Duration.ofMinutes(1))
        .assertTimerFiredTimes("PING", 2);
  }

  @Test
  void computedZeroOrNegativeDurationFiresAtOnce() {
    MachineDefinition offer =
        Machine.define("offer")
            .initial("open")
            .state(
                "open",
                s ->
                    s.on(
                        "EXPIRE",
                        t ->
                            t.to("expired")
                                .timer(c -> Duration.ofMinutes(c.getLong("minutes", 0)))))
            .state("expired")
            .build();
    MachineTest.of(offer, Map.of("minutes", -5))
        .advanceTimers(Duration.ZERO)
        .assertState("expired");
    MachineTest.of(offer, Map.of("minutes", 0)).advanceTimers(Duration.ZERO).assertState("expired");
  }
}
