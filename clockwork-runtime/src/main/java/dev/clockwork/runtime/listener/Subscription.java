package dev.clockwork.runtime.listener;

/** A listener added with {@code engine.listen(...)}; {@link #close()} stops it hearing anything. */
@FunctionalInterface
public interface Subscription extends AutoCloseable {
  @Override
  void close();
}
