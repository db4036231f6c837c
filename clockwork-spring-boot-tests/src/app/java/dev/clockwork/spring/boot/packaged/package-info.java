/**
 * A Boot application packaged as users ship theirs, to test Clockwork from an executable jar: the
 * dashboard read from a jar nested in it, the API answering with a configured token.
 */
package dev.clockwork.spring.boot.packaged;
