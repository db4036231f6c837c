package dev.clockwork.runtime.store.definition;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.HexFormat;
import java.util.Objects;

/**
 * One deployed version of a machine: its definition as a document (the machine's data form), the
 * document's SHA-256 {@code digest} (how two deploys of a version are told apart) and when it was
 * first deployed.
 */
public record StoredDefinition(
    String machine, int version, String document, String digest, Instant deployedAt) {

  public StoredDefinition {
    if (machine == null || machine.isBlank()) {
      throw new IllegalArgumentException("a stored definition needs its machine's id");
    }
    if (version < 1) {
      throw new IllegalArgumentException(
          "version " + version + " of machine '" + machine + "': versions start at 1");
    }
    Objects.requireNonNull(document, "document");
    Objects.requireNonNull(digest, "digest");
    Objects.requireNonNull(deployedAt, "deployedAt");
  }

  /** Version {@code version} of {@code machine}, its digest computed from {@code document}. */
  public static StoredDefinition of(
      String machine, int version, String document, Instant deployedAt) {
    return new StoredDefinition(machine, version, document, digestOf(document), deployedAt);
  }

  /** The SHA-256 of {@code document}'s UTF-8 bytes, in lower-case hex. */
  public static String digestOf(String document) {
    try {
      MessageDigest sha256 = MessageDigest.getInstance("SHA-256");
      return HexFormat.of().formatHex(sha256.digest(document.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java runtime has SHA-256", e);
    }
  }

  /** Whether {@code other} is the same document (by digest). */
  public boolean sameDocumentAs(StoredDefinition other) {
    return digest.equals(other.digest);
  }
}
