/**
 * The archive retention writes before it deletes finished instances or trims history (API): the
 * gzip JSON Lines files Clockwork writes when {@code retention.archive} names a directory ({@link
 * JsonLinesArchiver}), and how to read them back ({@link ArchiveReader}). A sink of your own
 * implements {@code dev.clockwork.runtime.store.Archiver}.
 */
package dev.clockwork.runtime.archive;
