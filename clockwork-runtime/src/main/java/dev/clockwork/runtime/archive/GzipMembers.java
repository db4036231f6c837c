package dev.clockwork.runtime.archive;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.PushbackInputStream;
import java.util.zip.CRC32;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;
import java.util.zip.ZipException;

/**
 * The decompressed bytes of a file of concatenated gzip members, strict where {@link
 * java.util.zip.GZIPInputStream} is lenient: that one ends quietly when a member after the first is
 * cut inside its first bytes, so a batch cut short by a crash would pass for the end of the file.
 * Here every member must be whole — header, data, CRC and size — or the read throws {@link
 * EOFException} (cut) or {@link ZipException} (damaged).
 */
final class GzipMembers extends InputStream {
  private static final int BUFFER = 8192;
  private static final int FHCRC = 2;
  private static final int FEXTRA = 4;
  private static final int FNAME = 8;
  private static final int FCOMMENT = 16;

  private final PushbackInputStream in;
  private final Inflater inflater = new Inflater(true);
  private final CRC32 crc = new CRC32();
  private final byte[] buffer = new byte[BUFFER];
  private int buffered;
  private boolean inMember;

  GzipMembers(InputStream in) {
    this.in = new PushbackInputStream(in, BUFFER);
  }

  @Override
  public int read() throws IOException {
    byte[] one = new byte[1];
    return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
  }

  @Override
  public int read(byte[] out, int offset, int length) throws IOException {
    if (length == 0) {
      return 0;
    }
    while (true) {
      if (!inMember && !startMember()) {
        return -1;
      }
      int n;
      try {
        n = inflater.inflate(out, offset, length);
      } catch (DataFormatException e) {
        throw new ZipException("damaged gzip data: " + e.getMessage());
      }
      if (n > 0) {
        crc.update(out, offset, n);
        return n;
      }
      if (inflater.finished()) {
        endMember();
      } else if (inflater.needsInput()) {
        buffered = in.read(buffer);
        if (buffered < 0) {
          throw new EOFException("the file ends inside a gzip member");
        }
        inflater.setInput(buffer, 0, buffered);
      } else {
        throw new ZipException("damaged gzip data: the inflater wants a dictionary");
      }
    }
  }

  /** Reads the next member's header; false at the end of the file. */
  private boolean startMember() throws IOException {
    int first = in.read();
    if (first < 0) {
      return false;
    }
    int second = readByte();
    if (first != 0x1f || second != 0x8b || readByte() != 8) {
      throw new ZipException("not in gzip format");
    }
    int flags = readByte();
    skip(6); // modification time, extra flags, operating system
    if ((flags & FEXTRA) != 0) {
      skip(readByte() | readByte() << 8);
    }
    if ((flags & FNAME) != 0) {
      skipZeroTerminated();
    }
    if ((flags & FCOMMENT) != 0) {
      skipZeroTerminated();
    }
    if ((flags & FHCRC) != 0) {
      skip(2);
    }
    inflater.reset();
    crc.reset();
    inMember = true;
    return true;
  }

  /** Gives back the bytes read past the member's data, then checks its CRC and size. */
  private void endMember() throws IOException {
    int remaining = inflater.getRemaining();
    if (remaining > 0) {
      in.unread(buffer, buffered - remaining, remaining);
    }
    long expectedCrc = readInt();
    long expectedSize = readInt();
    if (expectedCrc != crc.getValue()
        || expectedSize != (inflater.getBytesWritten() & 0xffffffffL)) {
      throw new ZipException("damaged gzip member: its CRC or size does not match its data");
    }
    inMember = false;
  }

  private long readInt() throws IOException {
    return (readByte() | readByte() << 8 | readByte() << 16 | (long) readByte() << 24)
        & 0xffffffffL;
  }

  private int readByte() throws IOException {
    int b = in.read();
    if (b < 0) {
      throw new EOFException("the file ends inside a gzip member's header or trailer");
    }
    return b;
  }

  private void skip(int bytes) throws IOException {
    for (int i = 0; i < bytes; i++) {
      readByte();
    }
  }

  private void skipZeroTerminated() throws IOException {
    while (readByte() != 0) {
      // skip
    }
  }

  @Override
  public void close() throws IOException {
    inflater.end();
    in.close();
  }
}
