/**
 * Timers: when a state's timed transitions fire. Pure: nothing here reads a clock; every instant
 * comes in as an argument.
 *
 * <p>Every timer kind is a {@link dev.clockwork.core.time.TimeSpec}, built by {@link
 * dev.clockwork.core.time.TimeSpecs}: {@code after} and {@code every} an exact {@link
 * dev.clockwork.core.time.Timer} or duration, an ISO 8601 duration ({@code P3Y6M4DT12H30M5S}), an
 * absolute date-time ({@code 2019-10-01T12:00:00Z}), a repeating interval ({@code
 * R3/2022-04-27T17:20:00Z/P1D}, see {@link dev.clockwork.core.time.RepeatingInterval}), a cron
 * expression ({@link dev.clockwork.core.time.CronSchedule}), or a value computed from context
 * ({@link dev.clockwork.core.time.TimeSpecs#fromValue}). Bad timers fail when the definition is
 * built, with {@link dev.clockwork.core.time.InvalidTimerDefinitionException} naming the culprit
 * and the fix.
 *
 * <h2>Never early, no catch-up</h2>
 *
 * <ul>
 *   <li>A due instant is never earlier than its rule says, not by a nanosecond; a cron's next fire
 *       is strictly after the instant it is asked about.
 *   <li>No catch-up: when a fire is processed late, the next due instant counts from when it was
 *       processed. {@code every(d)}: next = processed + d. A cron or a cycle with a start: next =
 *       the first occurrence strictly after the processing instant; occurrences missed while the
 *       state was not entered, or while a fire was late, are not replayed.
 *   <li>A due instant at or before "now" means fire at once: a date-time in the past, or a computed
 *       duration that is zero or negative. Static durations must be positive.
 * </ul>
 *
 * <h2>Calendar time and DST</h2>
 *
 * <p>Exact units ({@code Timer.days(7)}, {@code PT24H}) are elapsed time: a day is 86,400 seconds.
 * Calendar units of ISO durations and cycles (years, months, weeks, days) move the wall-clock
 * date-time in a zone, then the time part is added as elapsed time; so {@code P1D} keeps the
 * wall-clock time across a DST change and {@code PT24H} does not.
 *
 * <p>Cron fields match wall-clock date-times; a wall-clock time that DST makes ambiguous becomes
 * instants through a {@link dev.clockwork.core.time.DstPolicy}:
 *
 * <ul>
 *   <li>Gap (the time does not exist): {@code SHIFT_FORWARD} (default) fires at the first valid
 *       instant after the gap, the transition instant itself (02:30 on a New York spring-forward
 *       night fires at 03:00 EDT); {@code SKIP} does not fire.
 *   <li>Overlap (the time happens twice): {@code FIRST} (default) fires once at the earlier offset,
 *       {@code LAST} once at the later one, {@code BOTH} at both.
 *   <li>Several wall-clock times that become the same instant fire once: a cron firing every 15
 *       minutes of the 02:00 hour fires once, at 03:00, on a New York spring-forward night.
 * </ul>
 *
 * <p>ISO durations, cycles and date-times with a zone id but a wall-clock time in a gap or overlap
 * use {@link dev.clockwork.core.time.DstPolicy#DEFAULT}. A date-time written with an offset is the
 * instant that offset gives, also when a zone id follows it (as {@link
 * java.time.ZonedDateTime#parse} reads it): {@code 2022-01-01T10:00:00+02:00[Europe/Berlin]} is
 * 08:00Z; the zone id then only says whose wall clock a cycle from that start keeps (09:00 Berlin
 * time, every day, across DST).
 */
package dev.clockwork.core.time;
