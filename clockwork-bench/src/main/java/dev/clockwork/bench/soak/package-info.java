/**
 * The soak run: a fixed offered load of instances that live, finish and are purged, beside
 * long-lived instances with recurring timers, for many minutes, with figures per minute and the
 * retention issue's steady-state targets judged (throughput, latency drift, table bytes, heap).
 */
package dev.clockwork.bench.soak;
