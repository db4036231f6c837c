/**
 * Faults: their kinds, a seeded schedule, and the injector that applies it to the workers and the
 * database. Not API.
 */
package dev.clockwork.chaos.fault;
