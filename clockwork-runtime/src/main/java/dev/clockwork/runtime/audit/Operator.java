package dev.clockwork.runtime.audit;

/**
 * Who takes operator actions: recorded with each of them.
 *
 * @param principal who (a token's principal, a user name); required
 * @param requestId the request carrying the actions, or null
 * @param source where they come from: {@code api}, {@code cli}, {@code java}, …
 */
public record Operator(String principal, String requestId, String source) {
  /** An operator known by name only, acting from Java code. */
  public static Operator named(String principal) {
    return new Operator(principal, null, "java");
  }
}
