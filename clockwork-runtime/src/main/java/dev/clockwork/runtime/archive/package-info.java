/**
 * Archiving before deleting (API and SPI): what retention hands an {@link
 * dev.clockwork.runtime.archive.Archiver} before it deletes finished instances, the JSON Lines
 * files Clockwork writes when {@code retention.archive} names a directory, and how to read them
 * back.
 */
package dev.clockwork.runtime.archive;
