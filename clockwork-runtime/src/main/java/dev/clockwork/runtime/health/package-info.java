/** API: queue health checks against each machine's alert thresholds. */
package dev.clockwork.runtime.health;
