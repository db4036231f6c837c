package dev.clockwork.runtime.health;

/**
 * Why this node does not run a deployed version of a machine as deployed: it lacks behaviours the
 * version names (then it does not claim that version's instances), or its code registers the
 * version with a structure other than the one deployed (then it runs its code and says so).
 *
 * @param machine the machine's id
 * @param version the version
 * @param problem what is wrong and the fix, in words
 */
public record VersionProblem(String machine, int version, String problem) {}
