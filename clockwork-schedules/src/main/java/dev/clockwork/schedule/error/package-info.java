/**
 * API: what a schedule command throws when the schedule is missing, deleted, or changed by someone
 * else meanwhile; each message names the schedule and what to do.
 */
package dev.clockwork.schedule.error;
