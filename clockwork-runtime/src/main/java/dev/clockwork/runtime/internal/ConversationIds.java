package dev.clockwork.runtime.internal;

import dev.clockwork.core.input.InputRules;
import dev.clockwork.runtime.instance.NamespacedIds;
import java.util.UUID;

/**
 * Conversation ids: every instance belongs to one. A top-level instance starts a new conversation
 * unless its creator names one; child machines and instances created by an emit to a machine join
 * their parent's or sender's.
 */
public final class ConversationIds {
  /** The origin event recorded first in the history of an instance an emit created. */
  public static final String CREATED_BY_EMIT = "CreatedByEmit";

  private ConversationIds() {}

  /** A new conversation id, e.g. {@code conv-5f0c…}. */
  public static String next() {
    return "conv-" + UUID.randomUUID();
  }

  /** Fails with the rule when {@code conversationId} cannot be used. */
  public static String checked(String conversationId) {
    InputRules.id("conversation id", conversationId);
    if (conversationId == null || conversationId.isBlank() || conversationId.contains("/")) {
      throw new IllegalArgumentException(
          "conversation id '"
              + conversationId
              + "' is not allowed: conversation ids must be non-blank and may not contain '/'");
    }
    return conversationId;
  }

  /**
   * The id of the instance of {@code machine} an emit creates in a conversation, e.g. {@code
   * payment@conv-abc123}: the same on every try, so a retried sender finds the one it created. It
   * is in the conversation's namespace (a stored conversation id carries it, as stored instance ids
   * do).
   */
  public static String memberId(String machine, String conversationId) {
    return NamespacedIds.stored(
        NamespacedIds.namespaceOf(conversationId),
        machine + "@" + NamespacedIds.idOf(conversationId));
  }
}
