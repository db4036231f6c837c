/** Not API: the README's configuration example, compiled and run by its test. */
package dev.clockwork.examples.settings;
