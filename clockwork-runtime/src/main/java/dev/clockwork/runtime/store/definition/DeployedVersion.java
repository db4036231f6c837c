package dev.clockwork.runtime.store.definition;

/**
 * A deployed version without its document: what a node lists every few seconds to see whether a
 * version is new to it, or stored with another document than its code's ({@code digest}).
 */
public record DeployedVersion(String machine, int version, String digest) {}
