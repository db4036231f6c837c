package dev.clockwork.cli.config;

/**
 * Where the database is.
 *
 * @param url the JDBC URL, e.g. {@code jdbc:postgresql://localhost:5432/app}
 * @param user the user, or null to take it from the URL
 * @param password the password, or null
 * @param source where the URL came from (a flag, an environment variable, a file), for messages
 */
public record DatabaseSettings(String url, String user, String password, String source) {
  /** The URL without credentials, safe to print. */
  public String safeUrl() {
    return url.replaceAll("(?i)(password=)[^&;]*", "$1***");
  }
}
