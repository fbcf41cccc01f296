// Starts a real OpenSearch cluster of several nodes in this one JVM, with the OpenSearch Runner library, and
// keeps it up until standard input closes or the process is told to stop.
//
// Run by scripts/lib/realOpenSearch.ts as `java -cp <class path from pom.xml> opensearch/Launcher.java <file>`,
// where <file> is a properties file written by that script:
//
//   cluster.name=...            the cluster's name
//   base.path=...               a folder for the nodes' data, configuration and logs (deleted by the caller)
//   node.count=N
//   all.setting.<key>=<value>   a setting of every node
//   node.<i>.setting.<key>=...  a setting of node i (1-based)
//   node.<i>.list.<key>=a,b     a list setting of node i (empty value: the empty list, e.g. node.roles)
//
// Standard input is the lifeline: when the parent process goes away, its end of the pipe closes and the cluster
// stops, so that no JVM outlives the command or test that started it.
import java.io.FileReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;

import org.codelibs.opensearch.runner.OpenSearchRunner;
import org.opensearch.common.settings.Settings;

public class Launcher {
    public static void main(String[] args) throws Exception {
        if (args.length != 1) {
            System.err.println("usage: Launcher <cluster.properties>");
            System.exit(2);
        }
        Properties properties = new Properties();
        try (Reader reader = new FileReader(args[0])) {
            properties.load(reader);
        }
        int count = Integer.parseInt(properties.getProperty("node.count"));
        OpenSearchRunner runner = new OpenSearchRunner();
        CountDownLatch stop = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            stop.countDown();
            try {
                runner.close();
            } catch (IOException | RuntimeException e) {
                System.err.println("closing the cluster: " + e);
            }
        }));

        runner.onBuild((index, builder) -> {
            apply(properties, "all.", builder);
            apply(properties, "node." + index + ".", builder);
        });
        runner.build(OpenSearchRunner.newConfigs()
                .numOfNode(count)
                .basePath(properties.getProperty("base.path"))
                .clusterName(properties.getProperty("cluster.name")));

        Thread lifeline = new Thread(() -> {
            try (InputStream in = System.in) {
                byte[] buffer = new byte[256];
                while (in.read(buffer) >= 0) {
                    // Nothing is expected on the pipe: only its end matters.
                }
            } catch (IOException e) {
                // The pipe broke: the parent is gone.
            }
            System.exit(0);
        }, "lifeline");
        lifeline.setDaemon(true);
        lifeline.start();
        stop.await();
    }

    private static void apply(Properties properties, String prefix, Settings.Builder builder) {
        for (String key : properties.stringPropertyNames()) {
            if (!key.startsWith(prefix)) {
                continue;
            }
            String rest = key.substring(prefix.length());
            String value = properties.getProperty(key);
            if (rest.startsWith("setting.")) {
                builder.put(rest.substring("setting.".length()), value);
            } else if (rest.startsWith("list.")) {
                List<String> values = new ArrayList<>();
                for (String part : value.split(",")) {
                    if (!part.isBlank()) {
                        values.add(part.trim());
                    }
                }
                builder.putList(rest.substring("list.".length()), values);
            }
        }
    }
}
