/**
 * API: parallel dispatch, seen from outside — the entry actions of a parallel state's regions run
 * as durable jobs, off the instance's lease and concurrently, their results applied to the instance
 * in its order. {@link dev.clockwork.runtime.parallel.RegionJobs} lists and runs them by hand
 * (tests, operators); the threads that run them are internal ({@code runtime.internal.parallel}).
 */
package dev.clockwork.runtime.parallel;
