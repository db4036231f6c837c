package dev.clockwork.schedule.audit;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Who asked for a schedule command, for the audit stream: every part is optional, and a part that
 * is absent is left out of the recorded {@code command_context} rather than written blank.
 *
 * @param principal who asked (a user or service name)
 * @param requestId the id of the request that carried the command
 * @param source where it came from ({@code cli}, {@code http}, {@code api}, …)
 * @param reason why, in the caller's words
 */
public record CommandContext(String principal, String requestId, String source, String reason) {

  /** A context with only a principal. */
  public static CommandContext principal(String principal) {
    return new CommandContext(principal, null, null, null);
  }

  /** True when no part is given: such a context is recorded as no context at all. */
  public boolean isEmpty() {
    return blank(principal) && blank(requestId) && blank(source) && blank(reason);
  }

  /** {@code {principal, request_id, source, reason}} with the given parts only. */
  public Map<String, Object> toMap() {
    Map<String, Object> map = new LinkedHashMap<>();
    put(map, "principal", principal);
    put(map, "request_id", requestId);
    put(map, "source", source);
    put(map, "reason", reason);
    return map;
  }

  private static void put(Map<String, Object> map, String key, String value) {
    if (!blank(value)) {
      map.put(key, value);
    }
  }

  private static boolean blank(String value) {
    return value == null || value.isBlank();
  }
}
