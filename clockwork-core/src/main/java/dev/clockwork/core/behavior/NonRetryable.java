package dev.clockwork.core.behavior;

/**
 * Marks a failure that retrying cannot fix (a business rule said no, the input is invalid): the
 * event goes to the dead letter queue on its first attempt. Implement it on your own exceptions to
 * get the same treatment.
 */
public interface NonRetryable {}
