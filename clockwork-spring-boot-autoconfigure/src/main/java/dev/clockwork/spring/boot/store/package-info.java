/** Which store the starter runs on, chosen out loud: PostgreSQL, or memory only when asked. */
package dev.clockwork.spring.boot.store;
