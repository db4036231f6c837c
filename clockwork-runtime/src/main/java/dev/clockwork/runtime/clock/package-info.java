/** API: a virtual clock and time travel for tests. */
package dev.clockwork.runtime.clock;
