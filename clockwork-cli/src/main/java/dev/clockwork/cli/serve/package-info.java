/**
 * Running Clockwork as a long-lived process: {@code clockwork server} on a given database and
 * {@code clockwork dev} on an embedded one — the engine with its workers, the schedules ticker, the
 * HTTP API and the dashboard, started together and stopped together. Not API.
 */
package dev.clockwork.cli.serve;
