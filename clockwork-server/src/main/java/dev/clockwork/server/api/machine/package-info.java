/**
 * Deployed machine versions over HTTP: each version's document, digest and diagram, the diff of two
 * versions, and deploying a machine written as data (YAML or JSON).
 */
package dev.clockwork.server.api.machine;
