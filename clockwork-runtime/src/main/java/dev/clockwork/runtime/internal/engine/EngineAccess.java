package dev.clockwork.runtime.internal.engine;

import java.util.Objects;
import java.util.function.Function;

/**
 * Not API: how Clockwork's own modules reach an engine's parts for the engine's own paths — a
 * schedule creating its run under the reserved {@code schedule:} id form, which {@code
 * Engine.create} refuses to callers. {@code Engine} installs the way in when its class loads, so
 * this package never names it (no package cycle).
 */
public final class EngineAccess {
  private static volatile Function<Object, EngineParts> parts;

  private EngineAccess() {}

  /** Called once, by {@code Engine}'s class initialiser. */
  public static void install(Function<Object, EngineParts> access) {
    if (parts != null) {
      throw new IllegalStateException("the engine's access is installed once, by Engine");
    }
    parts = Objects.requireNonNull(access, "access");
  }

  /** The parts of {@code engine} (an {@code Engine}). */
  public static EngineParts of(Object engine) {
    return parts.apply(Objects.requireNonNull(engine, "engine"));
  }

  /** The creations of {@code engine} (an {@code Engine}), with the engine's own paths. */
  public static Creations creations(Object engine) {
    return of(engine).creations();
  }
}
