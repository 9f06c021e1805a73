import java.io.BufferedReader;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.mustangproject.validator.ZUGFeRDValidator;

/**
 * Validates files with Mustang's validator, the one `--action validate --no-notices` runs, in one
 * JVM for as many files as the test sends (test/helpers/mustang.ts): a file's path per line on
 * stdin, its XML report on stdout between two marker lines. Whatever Mustang and its libraries
 * print themselves goes to stderr, off the protocol.
 */
public class ValidateWithMustang {
  public static void main(String[] args) throws Exception {
    PrintStream out = new PrintStream(new FileOutputStream(FileDescriptor.out), true, "UTF-8");
    System.setOut(System.err);
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    String file;
    while ((file = in.readLine()) != null) {
      if (file.isEmpty()) continue;
      String report;
      try {
        ZUGFeRDValidator validator = new ZUGFeRDValidator();
        validator.disableNotices();
        report = validator.validate(file);
      } catch (Throwable e) {
        report = "<failure>" + e + "</failure>";
      }
      out.println("<<<mustang report>>>");
      out.println(report);
      out.println("<<<mustang end>>>");
    }
  }
}
