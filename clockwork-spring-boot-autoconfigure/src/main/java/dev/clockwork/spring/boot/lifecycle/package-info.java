/** Internal: starting and stopping the engine's workers with the Spring application context. */
package dev.clockwork.spring.boot.lifecycle;
