// Reads one text per line and answers, one line each, what Java's time API says of it: `OK`, or the message of the
// exception it throws (and of its cause). `pattern` mode builds a formatter from the text as OpenSearch does
// (DateTimeFormatterBuilder.appendPattern, Locale.ROOT, strict); `zone` mode reads it with ZoneId.of.
// Run with `java JavaTime.java pattern|zone` (Java 11 and later).
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.ZoneId;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.ResolverStyle;
import java.util.Locale;

public class JavaTime {
    public static void main(String[] args) throws Exception {
        boolean zone = args.length > 0 && args[0].equals("zone");
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        StringBuilder out = new StringBuilder();
        for (String line = in.readLine(); line != null; line = in.readLine()) {
            try {
                if (zone) ZoneId.of(line);
                else new DateTimeFormatterBuilder().appendPattern(line).toFormatter(Locale.ROOT).withResolverStyle(ResolverStyle.STRICT);
                out.append("OK");
            } catch (RuntimeException e) {
                out.append(e.getClass().getSimpleName()).append('\t').append(e.getMessage());
                if (e.getCause() != null) out.append('\t').append(e.getCause().getMessage());
            }
            out.append('\n');
        }
        System.out.print(out);
    }
}
