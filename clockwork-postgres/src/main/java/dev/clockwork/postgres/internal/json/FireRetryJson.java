package dev.clockwork.postgres.internal.json;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.clockwork.core.event.TimerFire;
import dev.clockwork.core.time.IsoInstants;
import dev.clockwork.runtime.store.FireRetry;

/**
 * A timer fire waiting for its retry, as JSON: {@code {fire: {key, entryId, due}, event, attempts,
 * retryAt, errors: [{attempt, at, error}]}}. The fire's due instant is kept to the nanosecond (the
 * interpreter fences a fire on it), and so is the retry instant.
 */
public final class FireRetryJson {
  private FireRetryJson() {}

  /** JSON text of {@code retry}, or null when there is none. */
  public static String write(FireRetry retry) {
    if (retry == null) {
      return null;
    }
    ObjectNode node = JsonValuesCodec.MAPPER.createObjectNode();
    node.putObject("fire")
        .put("key", retry.fire().key())
        .put("entryId", retry.fire().entryId())
        .put("due", IsoInstants.format(retry.fire().due()));
    node.put("event", retry.event())
        .put("attempts", retry.attempts())
        .put("retryAt", IsoInstants.format(retry.retryAt()));
    node.set("errors", JsonValuesCodec.tree(EventJson.writeErrors(retry.errors())));
    return node.toString();
  }

  /** The retry in {@code json}, or null when the column is null. */
  public static FireRetry read(String json) {
    if (json == null) {
      return null;
    }
    JsonNode node = JsonValuesCodec.tree(json);
    JsonNode fire = node.get("fire");
    return new FireRetry(
        new TimerFire(
            fire.get("key").textValue(),
            fire.get("entryId").longValue(),
            IsoInstants.parseInstant(fire.get("due").textValue())),
        node.get("event").textValue(),
        node.get("attempts").intValue(),
        IsoInstants.parseInstant(node.get("retryAt").textValue()),
        EventJson.readErrors(node.get("errors").toString()));
  }
}
