/**
 * What the CLI's commands reach the outside world through: environment variables, output, the
 * clock, the database (the one class that knows it is PostgreSQL) and the stores it opens. Not API.
 */
package dev.clockwork.cli.environment;
