package dev.clockwork.server.api.instance;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.clockwork.runtime.instance.NewInstance;
import dev.clockwork.server.http.ProblemException;
import io.javalin.http.Context;
import java.util.Map;

/**
 * The body of {@code POST /api/instances}: the machine (required), the instance id (a random one
 * when absent), the input merged over the initial context, and the queue, labels, memo and search
 * attributes it is created with.
 */
record CreateInstanceRequest(
    String machine,
    String id,
    Map<String, Object> input,
    String queue,
    Map<String, String> labels,
    Map<String, Object> memo,
    Map<String, Object> searchAttributes) {

  /** The request in {@code ctx}'s body; 400 naming what is wrong. */
  static CreateInstanceRequest read(Context ctx, ObjectMapper json) {
    CreateInstanceRequest request =
        Bodies.read(
            ctx.body(),
            json,
            CreateInstanceRequest.class,
            "{\"machine\": \"order\", \"id\": \"order-1\"}");
    if (request.machine() == null || request.machine().isBlank()) {
      throw ProblemException.badRequest("machine is required: name the machine to start");
    }
    return request;
  }

  /**
   * What the engine creates: the instance of the machine, with its id (a random one when absent),
   * input, queue, labels, memo and search attributes.
   *
   * @throws IllegalArgumentException naming the field and the key that is wrong
   */
  NewInstance newInstance() {
    return NewInstance.of(machine)
        .id(id)
        .input(input)
        .queue(queue)
        .labels(labels)
        .memo(memo)
        .searchAttributes(searchAttributes);
  }
}
