/**
 * The operator racing the workers (F8): pauses, resumes and purges through the orchestrator's
 * engine ({@link dev.clockwork.chaos.operator.QueueOperator}). Not API.
 */
package dev.clockwork.chaos.operator;
