package dev.clockwork.server.security;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.runtime.instance.NewInstance;
import dev.clockwork.server.access.Role;
import dev.clockwork.server.api.Router;
import dev.clockwork.server.security.MatrixServer.Answer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The route × caller matrix: every route the server registers, called without a token and with a
 * viewer's, an operator's and an admin's. A route that needs a token answers 401 without one, 403
 * to a role below its own, and lets every role at or above its own through — neither 401 nor 403,
 * and never a 5xx. The table of expected roles ({@link MatrixRows}) must list exactly the routes
 * the server registers, so a new route without a row fails here.
 *
 * <p>Namespaces are a second dimension: tokens over every namespace, over {@code tenant-a} (which
 * holds the same data as {@code default}), over {@code tenant-b} (which holds none of it: the
 * fixture's instance and schedules are 404 there, never 403), and a {@code tenant-a} token naming
 * {@code tenant-b} (403 on every route that acts in a namespace). Routes over what every namespace
 * shares (queues, metrics, retention, machine-wide dead-letter actions) need a token for all.
 */
class RouteRoleMatrixTest {
  private static final String TENANT_A = "tenant-a";
  private static final String TENANT_B = "tenant-b";

  static final List<MatrixCaller> CALLERS =
      List.of(
          MatrixCaller.ANONYMOUS,
          MatrixCaller.of(Role.VIEWER, MatrixCaller.ALL),
          MatrixCaller.of(Role.OPERATOR, MatrixCaller.ALL),
          MatrixCaller.of(Role.ADMIN, MatrixCaller.ALL),
          MatrixCaller.of(Role.VIEWER, Set.of(TENANT_A)),
          MatrixCaller.of(Role.OPERATOR, Set.of(TENANT_A)),
          MatrixCaller.of(Role.ADMIN, Set.of(TENANT_A)),
          MatrixCaller.of(Role.ADMIN, Set.of(TENANT_B)),
          MatrixCaller.of(Role.ADMIN, Set.of(TENANT_A)).asking(TENANT_B));

  private static final Map<String, Integer> ANSWERED = new TreeMap<>();
  private static MatrixServer api;

  /** What a cell must answer. */
  enum Expected {
    /** Let in: neither 401 nor 403, and below 500. */
    ALLOWED,
    /** 401: a token is needed. */
    UNAUTHORIZED,
    /** 403: the token's role is below the route's, or it lacks the namespace the route needs. */
    FORBIDDEN,
    /** 404: the fixture's data is not in the namespace the call acts in. */
    NOT_FOUND
  }

  @BeforeAll
  static void start() {
    api = new MatrixServer(CALLERS);
    for (String namespace : List.of("default", TENANT_A)) {
      api.engine().namespace(namespace).create(NewInstance.of("order").id("order-1"));
      for (String id : List.of("nightly", "doomed")) {
        RouteRow create =
            RouteRow.post(
                "/api/schedules", Role.ADMIN, "/api/schedules", MatrixRows.SCHEDULE.formatted(id));
        Answer created = api.call(create, CALLERS.get(3), Map.of("X-Namespace", namespace));
        assertThat(created.status()).as("schedule %s: %s", id, created.body()).isEqualTo(201);
      }
    }
  }

  @AfterAll
  static void stop() {
    System.out.printf(
        "route x role matrix: %d routes + %d unrouted x %d callers, answers %s%n",
        MatrixRows.routed().size(), MatrixRows.unrouted().size(), CALLERS.size(), ANSWERED);
    api.close();
  }

  static Stream<Arguments> cells() {
    List<RouteRow> rows = new ArrayList<>(MatrixRows.routed());
    rows.addAll(MatrixRows.unrouted());
    return rows.stream().flatMap(row -> CALLERS.stream().map(caller -> Arguments.of(row, caller)));
  }

  static Expected expected(RouteRow row, MatrixCaller caller) {
    if (row.role() == Role.ANYONE) {
      return Expected.ALLOWED;
    }
    if (!caller.hasToken()) {
      return Expected.UNAUTHORIZED;
    }
    if (!caller.role().includes(row.role())) {
      return Expected.FORBIDDEN;
    }
    if (caller.asks() != null && !caller.holdsActing()) {
      return Expected.FORBIDDEN; // naming a namespace the token does not hold, on any route
    }
    if (MatrixRows.spansEveryNamespace(row)) {
      return caller.holdsAll() ? Expected.ALLOWED : Expected.FORBIDDEN;
    }
    if (!MatrixRows.actsInANamespace(row)) {
      return Expected.ALLOWED;
    }
    if (!caller.holdsActing()) {
      return Expected.FORBIDDEN;
    }
    boolean hasData = caller.acting().equals("default") || caller.acting().equals(TENANT_A);
    return hasData || !MatrixRows.addressesFixtureData(row) ? Expected.ALLOWED : Expected.NOT_FOUND;
  }

  /** The headers a caller sends: the namespace it names, if any. */
  static Map<String, String> headers(MatrixCaller caller) {
    return caller.asks() == null ? Map.of() : Map.of("X-Namespace", caller.asks());
  }

  @Test
  void theMatrixHasARowForEveryRegisteredRouteWithItsRole() {
    List<Router.Route> rows = MatrixRows.routed().stream().map(RouteRow::route).toList();

    assertThat(api.server().routes())
        .as("the server's routes against MatrixRows (add a row for a new route)")
        .containsExactlyInAnyOrderElementsOf(rows);
    assertThat(rows).as("one row per route").doesNotHaveDuplicates();
  }

  @Test
  void theMatrixCoversEveryRoleOnEachSideOfEveryRoute() {
    List<Expected> outcomes =
        cells().map(c -> expected((RouteRow) c.get()[0], (MatrixCaller) c.get()[1])).toList();

    assertThat(outcomes).contains(Expected.values());
    assertThat(CALLERS)
        .extracting(MatrixCaller::role)
        .containsNull()
        .contains(Role.VIEWER, Role.OPERATOR, Role.ADMIN);
  }

  @ParameterizedTest(name = "{0} as {1}")
  @MethodSource("cells")
  void eachCellAnswersAsTheRouteRoleAndTheCallerSay(RouteRow row, MatrixCaller caller) {
    Answer answer = api.call(row, caller, headers(caller));
    Expected expected = expected(row, caller);
    ANSWERED.merge(expected + " " + answer.status(), 1, Integer::sum);

    switch (expected) {
      case UNAUTHORIZED ->
          assertThat(answer.status()).as("%s as %s: %s", row, caller, answer.body()).isEqualTo(401);
      case FORBIDDEN ->
          assertThat(answer.status()).as("%s as %s: %s", row, caller, answer.body()).isEqualTo(403);
      case NOT_FOUND ->
          assertThat(answer.status()).as("%s as %s: %s", row, caller, answer.body()).isEqualTo(404);
      case ALLOWED ->
          assertThat(answer.status())
              .as("%s as %s (let in): %s", row, caller, answer.body())
              .isNotIn(401, 403)
              .isLessThan(500);
    }
  }
}
