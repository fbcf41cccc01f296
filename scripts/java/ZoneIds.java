// Prints the region ids the running Java knows (ZoneId.getAvailableZoneIds), one per line, sorted, then the version of
// its time-zone database as a last line starting with `#`. Run with `java ZoneIds.java` (Java 11 and later).
import java.time.ZoneId;
import java.time.zone.ZoneRulesProvider;
import java.util.TreeSet;

public class ZoneIds {
    public static void main(String[] args) {
        for (String id : new TreeSet<>(ZoneId.getAvailableZoneIds())) System.out.println(id);
        System.out.println("# " + ZoneRulesProvider.getVersions("UTC").keySet().iterator().next());
    }
}
