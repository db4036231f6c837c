package dev.clockwork.schedule.internal;

import java.time.Instant;
import java.util.random.RandomGenerator;

/**
 * ULIDs: 26 Crockford base-32 characters, 48 bits of milliseconds then 80 random bits, so they sort
 * by creation time. The time is the engine clock's; the randomness is injected.
 */
final class Ulid {
  private static final char[] ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ".toCharArray();

  private Ulid() {}

  static String next(Instant now, RandomGenerator random) {
    char[] text = new char[26];
    long millis = now.toEpochMilli() & 0xFFFF_FFFF_FFFFL;
    for (int i = 9; i >= 0; i--) {
      text[i] = ALPHABET[(int) (millis & 31)];
      millis >>>= 5;
    }
    long high = random.nextLong() & 0xFF_FFFF_FFFFL; // 40 bits
    long low = random.nextLong() & 0xFF_FFFF_FFFFL; // 40 bits
    for (int i = 17; i >= 10; i--) {
      text[i] = ALPHABET[(int) (high & 31)];
      high >>>= 5;
    }
    for (int i = 25; i >= 18; i--) {
      text[i] = ALPHABET[(int) (low & 31)];
      low >>>= 5;
    }
    return new String(text);
  }
}
