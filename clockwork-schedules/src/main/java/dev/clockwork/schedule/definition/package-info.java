/**
 * API: what a schedule is: its spec (cron expressions, intervals, time dates, cycles, time zone,
 * DST policy), its action, and its policies. Immutable values, checked when built, with errors that
 * name the culprit.
 */
package dev.clockwork.schedule.definition;
