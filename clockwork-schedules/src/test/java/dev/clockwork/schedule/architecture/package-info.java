/** Architecture rules of the schedules module: its boundary with the runtime, no cycles. */
package dev.clockwork.schedule.architecture;
