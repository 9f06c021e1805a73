// Validates e-invoice files against the official rule sets (phive: the CEN EN 16931 schematron for
// CII and UBL, OpenPeppol's BIS Billing 3 rules), offline, in one JVM for a batch of files.
// Compiled and run by test/helpers/official-rules.ts. Reads lines "<VES id>\t<file>" on stdin and
// prints one JSON array: per file its VES and every finding (level, rule id, text, location).
import com.helger.diagnostics.error.IError;
import com.helger.diver.api.coord.DVRCoordinate;
import com.helger.io.resource.FileSystemResource;
import com.helger.phive.api.execute.ValidationExecutionManager;
import com.helger.phive.api.executorset.IValidationExecutorSet;
import com.helger.phive.api.executorset.ValidationExecutorSetRegistry;
import com.helger.phive.api.result.ValidationResult;
import com.helger.phive.api.result.ValidationResultList;
import com.helger.phive.api.validity.IValidityDeterminator;
import com.helger.phive.en16931.EN16931Validation;
import com.helger.phive.peppol.PeppolValidation;
import com.helger.phive.xml.source.IValidationSourceXML;
import com.helger.phive.xml.source.ValidationSourceXML;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

public final class ValidateEInvoices {
  private static String json(String s) {
    if (s == null) return "null";
    StringBuilder b = new StringBuilder("\"");
    for (char c : s.toCharArray()) {
      switch (c) {
        case '"' -> b.append("\\\"");
        case '\\' -> b.append("\\\\");
        case '\n' -> b.append("\\n");
        case '\r' -> b.append("\\r");
        case '\t' -> b.append("\\t");
        default -> {
          if (c < 0x20) b.append(String.format("\\u%04x", (int) c));
          else b.append(c);
        }
      }
    }
    return b.append('"').toString();
  }

  public static void main(String[] args) throws Exception {
    ValidationExecutorSetRegistry<IValidationSourceXML> registry = new ValidationExecutorSetRegistry<>();
    EN16931Validation.initEN16931(registry);
    PeppolValidation.initStandard(registry);
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    StringBuilder out = new StringBuilder("[");
    String line;
    boolean first = true;
    while ((line = in.readLine()) != null) {
      if (line.isBlank()) continue;
      String[] parts = line.split("\t", 2);
      DVRCoordinate id = DVRCoordinate.parseOrNull(parts[0]);
      IValidationExecutorSet<IValidationSourceXML> ves = id == null ? null : registry.getOfID(id);
      if (!first) out.append(',');
      first = false;
      out.append("{\"ves\":").append(json(parts[0])).append(",\"file\":").append(json(parts[1]));
      if (ves == null) {
        out.append(",\"unknownVes\":true,\"findings\":[]}");
        continue;
      }
      ValidationResultList results =
          ValidationExecutionManager.executeValidation(
              IValidityDeterminator.createDefault(),
              ves,
              ValidationSourceXML.create(new FileSystemResource(parts[1])),
              Locale.ENGLISH);
      out.append(",\"findings\":[");
      boolean firstFinding = true;
      for (ValidationResult result : results) {
        for (IError error : result.getErrorList()) {
          if (!firstFinding) out.append(',');
          firstFinding = false;
          out.append("{\"level\":")
              .append(json(error.getErrorLevel().getID()))
              .append(",\"fatal\":")
              .append(error.getErrorLevel().isError())
              .append(",\"rule\":")
              .append(json(error.getErrorID()))
              .append(",\"text\":")
              .append(json(error.getErrorText(Locale.ENGLISH)))
              .append(",\"location\":")
              .append(json(error.hasErrorLocation() ? error.getErrorLocation().getAsString() : null))
              .append(",\"test\":")
              .append(json(error.getErrorFieldName()))
              .append('}');
        }
      }
      out.append("]}");
    }
    System.out.println(out.append(']'));
  }
}
