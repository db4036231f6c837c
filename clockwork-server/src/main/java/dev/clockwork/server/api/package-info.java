/** The API's route modules, one per resource (machines, instances, queues, schedules, ...). */
package dev.clockwork.server.api;
