package dev.clockwork.server.api.openapi;

import dev.clockwork.server.access.Role;
import dev.clockwork.server.api.ApiRoutes;
import dev.clockwork.server.api.ServerContext;
import dev.clockwork.server.http.Router;
import io.javalin.http.Context;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * {@code GET /api/openapi.json} (no token): the OpenAPI 3.1 document of every endpoint, read once
 * from {@value #RESOURCE}.
 */
public final class OpenApiRoutes implements ApiRoutes {
  /** Where the document is on the class path. */
  public static final String RESOURCE = "/dev/clockwork/server/openapi.json";

  private final String document;

  public OpenApiRoutes(ServerContext server) {
    this.document = read();
  }

  @Override
  public void register(Router router) {
    router.get("/api/openapi.json", Role.ANYONE, this::serve);
  }

  private void serve(Context ctx) {
    ctx.contentType("application/json; charset=utf-8");
    ctx.result(document);
  }

  /** The document's text. */
  public static String read() {
    try (InputStream in = OpenApiRoutes.class.getResourceAsStream(RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException("the server jar lacks " + RESOURCE);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + RESOURCE, e);
    }
  }
}
