/**
 * The PostgreSQL store's parts. Not API: anything here may change without notice. One class per
 * role of the store ({@code PostgresInstances}, {@code PostgresQueue}, {@code PostgresWork}, {@code
 * PostgresQueueAdmin}; {@code QueueActivityRows}, {@code OperatorActions} and {@code RegionJobs}
 * are roles themselves), each built on one class per table group with its SQL as text blocks, all
 * sharing the store's one {@code Jdbc}.
 */
package dev.clockwork.postgres.internal;
