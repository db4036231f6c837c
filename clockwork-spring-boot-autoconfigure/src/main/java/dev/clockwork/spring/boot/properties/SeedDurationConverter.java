package dev.clockwork.spring.boot.properties;

import dev.clockwork.core.InvalidDefinitionException;
import dev.clockwork.core.time.Durations;
import java.time.Duration;
import java.util.Set;
import org.springframework.boot.convert.ApplicationConversionService;
import org.springframework.core.convert.ConversionFailedException;
import org.springframework.core.convert.TypeDescriptor;
import org.springframework.core.convert.converter.GenericConverter;

/**
 * Binds durations written in the seed's words ({@code 30 seconds}, {@code 7 days}) besides Spring's
 * own forms ({@code 30s}, {@code PT30S}, a bare number in the property's unit). Spring's reading
 * comes first, so every duration Spring accepted before means what it meant; only text Spring
 * refuses is read by Clockwork's one duration parser ({@link Durations}), whose error (naming the
 * accepted forms) is the one reported when neither understands it.
 */
public final class SeedDurationConverter implements GenericConverter {
  @Override
  public Set<ConvertiblePair> getConvertibleTypes() {
    return Set.of(new ConvertiblePair(String.class, Duration.class));
  }

  @Override
  public Object convert(Object source, TypeDescriptor sourceType, TypeDescriptor targetType) {
    if (source == null || source.toString().isBlank()) {
      return null;
    }
    try {
      return ApplicationConversionService.getSharedInstance()
          .convert(source, sourceType, targetType);
    } catch (ConversionFailedException | IllegalArgumentException springRefused) {
      try {
        return Durations.parse(source.toString());
      } catch (InvalidDefinitionException e) {
        throw new IllegalArgumentException(e.getMessage(), e);
      }
    }
  }
}
