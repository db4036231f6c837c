package dev.clockwork.server.fuzz;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;

/**
 * What the fuzz sends: values for path and query parameters and JSON bodies, half drawn from the
 * API's own vocabulary (machine, state and field names it knows, so calls get past the first check)
 * and half from anything (any text, numbers at their limits, wrong shapes, not JSON).
 */
final class ApiInputs {
  private static final ObjectMapper JSON = new ObjectMapper();

  private static final List<String> FIELDS =
      List.of(
          "id",
          "machine",
          "input",
          "context",
          "type",
          "event",
          "payload",
          "data",
          "priority",
          "idempotency_key",
          "callback_url",
          "labels",
          "memo",
          "search_attributes",
          "conversation_id",
          "note",
          "reason",
          "cron",
          "every",
          "at",
          "timezone",
          "zone",
          "start",
          "end",
          "from",
          "to",
          "overlap",
          "catch_up",
          "enabled",
          "namespace",
          "token",
          "ids",
          "limit",
          "queue",
          "version",
          "mode",
          "state",
          "status",
          "source",
          "delay");

  private static final List<String> PARAMETERS =
      List.of(
          "machine",
          "state",
          "status",
          "limit",
          "cursor",
          "mode",
          "after_sequence",
          "older_than",
          "due_within",
          "upcoming",
          "label",
          "conversation",
          "namespace",
          "from",
          "to",
          "since",
          "outcome",
          "source",
          "type",
          "q");

  private static final List<String> WORDS =
      List.of(
          "order",
          "order-1",
          "fulfilment",
          "checkout",
          "SUBMIT",
          "PAY",
          "@done.paid",
          "@parallel.x",
          "done.state.x",
          "queued",
          "sync",
          "HIGH",
          "1 minute",
          "*/5 * * * *",
          "2026-11-28T10:00:00Z",
          "-1",
          "0",
          "99999999999999999999",
          "1e309",
          "NaN",
          "",
          " ",
          "..",
          "%00",
          "null",
          "true",
          "https://hooks.example.com/x",
          "http://169.254.169.254/");

  private ApiInputs() {}

  /** Values for path parameters: known ids and names, or any text. */
  static Arbitrary<String> pathValues() {
    return Arbitraries.oneOf(Arbitraries.of(WORDS), anyText(200));
  }

  /** Up to four query parameters, known names mostly, with known or any values. */
  static Arbitrary<Map<String, String>> query() {
    Arbitrary<String> names = Arbitraries.oneOf(Arbitraries.of(PARAMETERS), anyText(20));
    Arbitrary<String> values = Arbitraries.oneOf(Arbitraries.of(WORDS), anyText(100));
    return Arbitraries.maps(names, values).ofMaxSize(4);
  }

  /** A body: JSON of any shape over the known fields, or text that is not JSON at all. */
  static Arbitrary<String> body() {
    Arbitrary<String> json = value(3).map(ApiInputs::write);
    Arbitrary<String> notJson =
        Arbitraries.oneOf(
            anyText(200),
            Arbitraries.of("{", "[1,", "{\"type\":\"SUBMIT\"}xyz", "{\"a\":1,\"a\":2}", ""));
    return Arbitraries.frequencyOf(
        net.jqwik.api.Tuple.of(8, json), net.jqwik.api.Tuple.of(2, notJson));
  }

  /** Any JSON value, nested up to {@code depth}, objects keyed by the known fields mostly. */
  private static Arbitrary<Object> value(int depth) {
    Arbitrary<Object> scalar =
        Arbitraries.oneOf(
            Arbitraries.just(null),
            Arbitraries.of(true, false),
            Arbitraries.of(WORDS),
            anyText(60),
            Arbitraries.longs(),
            Arbitraries.of(0, -1, Integer.MAX_VALUE, Long.MIN_VALUE, 1.5, -0.0, 1e300));
    if (depth == 0) {
      return scalar;
    }
    Arbitrary<String> keys = Arbitraries.oneOf(Arbitraries.of(FIELDS), anyText(12));
    Arbitrary<Object> object =
        Arbitraries.maps(keys, Arbitraries.lazy(() -> value(depth - 1)))
            .ofMaxSize(6)
            .map(m -> (Object) new LinkedHashMap<>(m));
    Arbitrary<Object> array =
        Arbitraries.lazy(() -> value(depth - 1)).list().ofMaxSize(4).map(l -> (Object) l);
    return Arbitraries.frequencyOf(
        net.jqwik.api.Tuple.of(2, scalar),
        net.jqwik.api.Tuple.of(5, object),
        net.jqwik.api.Tuple.of(1, array));
  }

  private static Arbitrary<String> anyText(int maxLength) {
    return Arbitraries.strings().all().ofMaxLength(maxLength);
  }

  private static String write(Object value) {
    try {
      return JSON.writeValueAsString(value);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }
}
