/**
 * What a schedule is: its spec (cron expressions, intervals, time dates, cycles, time zone, DST
 * policy), its action, and its policies. Immutable values, checked when built, with errors that
 * name the culprit.
 */
package dev.clockwork.runtime.schedule.definition;
