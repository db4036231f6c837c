package dev.clockwork.core.behavior;

import dev.clockwork.core.context.Context;

/**
 * Computes a timer's value from the context when its state is entered: a {@code Duration}, a {@code
 * Timer}, a number of milliseconds (a fraction is kept, rounded up to the nanosecond: 1500.5 is due
 * 1.5005 s after entry, never earlier), a date-time, or ISO 8601 text (duration, date-time,
 * repeating interval) or a cron. A computed duration of zero or less fires at once.
 */
@FunctionalInterface
public interface TimerValue {
  Object compute(Context context);
}
