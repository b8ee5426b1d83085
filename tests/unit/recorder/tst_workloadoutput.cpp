// The workload's output turned into values: the rules users write, the presets against the real
// output of sysbench, fio, pgbench and wrk (captured in tests/fixtures/workload/), and output that
// is hostile to a line reader: binary, a 10 MB line, no newline at the end, a flood of matches;
// and matching that allocates nothing once warmed up, whatever the line (issue 20).
#include "AllocationCounter.h"
#include "LineAssembler.h"
#include "OutputMatcher.h"
#include "OutputTail.h"
#include "WorkloadMonitor.h"
#include "WorkloadRule.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QTest>

#include <cmath>
#include <functional>
#include <map>

using namespace runlens::workload;
using runlens::format::BetterDirection;
using runlens::format::MetricScope;

namespace {

QByteArray fixture(const char* name)
{
    QFile file(QStringLiteral(RUNLENS_FIXTURES "/workload/") + QLatin1String(name));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("missing fixture %s", name);
    return file.readAll();
}

// Every value each metric of the preset gets from the captured output, in order.
std::map<std::string, std::vector<double>> valuesOf(const char* preset, const QByteArray& output)
{
    OutputMatcher matcher(presetRules(preset));
    std::map<std::string, std::vector<double>> values;
    LineAssembler lines;
    const auto onLine = [&](std::string_view line) {
        matcher.match(line, [&](std::size_t rule, double value) { values[matcher.rules()[rule].name].push_back(value); });
    };
    lines.feed(std::string_view(output.constData(), std::size_t(output.size())), onLine);
    lines.finish(onLine);
    return values;
}

std::vector<double> list(std::initializer_list<double> values)
{
    return values;
}

WorkloadRule parsed(const char* text, MetricScope scope = MetricScope::Series)
{
    std::string why;
    auto rule = parseWorkloadRule(text, scope, why);
    if (!rule)
        qFatal("rule %s refused: %s", text, why.c_str());
    return *rule;
}

} // namespace

class TestWorkloadOutput : public QObject
{
    Q_OBJECT

private slots:
    void rulesAreParsedWithDirectionsFromUnits()
    {
        const WorkloadRule tps = parsed("tps:tx/s=tps: ([0-9.]+)");
        QCOMPARE(tps.name, std::string("tps"));
        QCOMPARE(tps.unit, std::string("tx/s"));
        QCOMPARE(tps.pattern, std::string("tps: ([0-9.]+)"));
        QVERIFY(tps.better == BetterDirection::Higher);
        QVERIFY(parsed("p99:ms=p99=([0-9.]+)").better == BetterDirection::Lower);
        QCOMPARE(parsed("p99:ms=p99=([0-9.]+)").pattern, std::string("p99=([0-9.]+)")); // '=' inside the regex
        QVERIFY(parsed("queue=depth ([0-9]+)").better == BetterDirection::Neutral);
        QVERIFY(parsed("errors:/s:lower=errors ([0-9]+)").better == BetterDirection::Lower);
        const WorkloadRule result = parsed("rps:req/s=^Requests/sec: +([0-9.]+)", MetricScope::Run);
        QVERIFY(result.scope == MetricScope::Run);
        const auto descriptor = result.descriptor();
        QCOMPARE(descriptor.id, std::string("workload.rps"));
        QCOMPARE(descriptor.category, std::string("Workload"));
        QVERIFY(descriptor.scope == MetricScope::Run);
        QCOMPARE(descriptor.title, std::string("Rps"));
    }

    void badRulesAreExplained_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("expected");
        QTest::newRow("no equals") << "tps" << "is not NAME[:UNIT]=REGEX";
        QTest::newRow("bad name") << "Tps=x(1)" << "must be 1 to 64 lower-case letters";
        QTest::newRow("empty name") << ":ms=x(1)" << "must be 1 to 64";
        QTest::newRow("no group") << "tps=tps: [0-9.]+" << "has no capture group";
        QTest::newRow("bad regex") << "tps=tps: ([0-9.]+" << "is not valid (missing closing parenthesis at offset 13)";
        QTest::newRow("bad quantifier") << "tps=*tps: ([0-9.]+)" << "quantifier does not follow a repeatable item at offset 0";
        QTest::newRow("utf mode") << "tps=(*UTF)tps: ([0-9.]+)" << "is not valid";
        QTest::newRow("empty regex") << "tps=" << "empty regular expression";
        QTest::newRow("bad direction") << "tps:tx/s:up=tps ([0-9]+)" << "must be higher, lower or neutral";
        QTest::newRow("long unit") << "tps:abcdefghijabcdefghijabcdefghijabc=tps ([0-9]+)" << "at most 32 characters";
    }
    void badRulesAreExplained()
    {
        QFETCH(QString, text);
        QFETCH(QString, expected);
        std::string why;
        QVERIFY(!parseWorkloadRule(text.toStdString(), MetricScope::Series, why));
        QVERIFY2(QString::fromStdString(why).contains(expected), why.c_str());
    }

    void measurementsKeepTheirMultipliersAndTimeUnits()
    {
        QCOMPARE(parseMeasurement("1234.56", "tx/s").value(), 1234.56);
        QCOMPARE(parseMeasurement("10.5k", "IOPS").value(), 10500.0);
        QCOMPARE(parseMeasurement("41.1MiB", "bytes/s").value(), 41.1 * 1024 * 1024);
        QCOMPARE(parseMeasurement("160.01KB", "bytes/s").value(), 160010.0);
        QCOMPARE(parseMeasurement("2G", "").value(), 2e9);
        QCOMPARE(parseMeasurement("850.00us", "ms").value(), 0.85);
        QCOMPARE(parseMeasurement("1.5s", "ms").value(), 1500.0);
        QCOMPARE(parseMeasurement("7.31ms", "ms").value(), 7.31);
        QCOMPARE(parseMeasurement("2m", "s").value(), 120.0);
        QCOMPARE(parseMeasurement("-3", "").value(), -3.0);
        QCOMPARE(parseMeasurement("5e3", "").value(), 5000.0);
        QVERIFY(!parseMeasurement("", ""));
        QVERIFY(!parseMeasurement("abc", ""));
        QVERIFY(!parseMeasurement("1e400", ""));
        QVERIFY(!parseMeasurement("nan", ""));
        QVERIFY(!parseMeasurement("inf", ""));
    }

    void onlyLiteralsAPatternRequiresAreUsedAsAFilter()
    {
        using Literals = std::vector<std::string>;
        QCOMPARE(OutputMatcher::requiredLiterals(R"(\] thds: \d+ tps: ([0-9.]+))"), (Literals{"] thds: ", " tps: "}));
        QCOMPARE(OutputMatcher::requiredLiterals(R"(lat \(ms,[0-9.]+%\): ([0-9.]+))"), (Literals{"lat (ms,", "%): "}));
        QCOMPARE(OutputMatcher::requiredLiterals("colou?r: ([0-9]+)"), (Literals{"colo", "r: "}));
        QCOMPARE(OutputMatcher::requiredLiterals("ab*c ([0-9]+)"), (Literals{"c "}));
        QCOMPARE(OutputMatcher::requiredLiterals("(?:tps|qps): ([0-9]+)"), Literals{});
        QCOMPARE(OutputMatcher::requiredLiterals("a+bc ([0-9]+)"), (Literals{"bc "}));
        QCOMPARE(OutputMatcher::requiredLiterals("x{2}yz ([0-9]+)"), (Literals{"yz "}));
        // PCRE2's syntax: option settings and \Q...\E give no filter, escapes with an argument are
        // not literals, "]" first in a class and POSIX classes stay in the class.
        QCOMPARE(OutputMatcher::requiredLiterals("(?i)tps: ([0-9]+)"), Literals{});
        QCOMPARE(OutputMatcher::requiredLiterals("(?x) t p s ([0-9]+)"), Literals{});
        QCOMPARE(OutputMatcher::requiredLiterals(R"(\Qa.b\E ([0-9]+))"), Literals{});
        QCOMPARE(OutputMatcher::requiredLiterals(R"(\p{Lu}ab ([0-9]+))"), (Literals{"ab "}));
        QCOMPARE(OutputMatcher::requiredLiterals(R"(\x{20}ab ([0-9]+))"), (Literals{"ab "}));
        QCOMPARE(OutputMatcher::requiredLiterals("[]x]yz ([0-9]+)"), (Literals{"yz "}));
        QCOMPARE(OutputMatcher::requiredLiterals("[[:digit:]]ab ([0-9]+)"), (Literals{"ab "}));
        QCOMPARE(OutputMatcher::leadingLiteral(R"(\] thds: \d+ tps: ([0-9.]+))"), std::string("] thds: "));
        QCOMPARE(OutputMatcher::leadingLiteral("^tps = ([0-9.]+)"), std::string());
        QCOMPARE(OutputMatcher::leadingLiteral("xyz?w ([0-9]+)"), std::string("xy"));
        QCOMPARE(OutputMatcher::leadingLiteral("[a-z]+ tps: ([0-9]+)"), std::string());
        // The filter never changes what matches.
        OutputMatcher matcher({parsed("c=colou?r: ([0-9]+)")});
        int found = 0;
        for (const char* line : {"color: 5", "colour: 6", "colr: 7"})
            found += matcher.match(line, [](std::size_t, double) {});
        QCOMPARE(found, 2);
        // A match is tried at every place the leading literal occurs, not only the first.
        OutputMatcher leading({parsed(R"(v=val: ([0-9]+)ms)")});
        std::vector<double> values;
        leading.match("val: x, val: 12ms, val: 13ms", [&values](std::size_t, double value) { values.push_back(value); });
        QCOMPARE(values, list({12}));
        // \b before the start still sees the character before it.
        OutputMatcher bounded({parsed(R"(w=\bops ([0-9]+))")});
        QCOMPARE(bounded.match("xops 1", [](std::size_t, double) {}), 0);
        QCOMPARE(bounded.match("x ops 2", [](std::size_t, double) {}), 1);
        // Perl-compatible: caseless, lookbehind, \K and a POSIX class work as in PCRE2.
        OutputMatcher perl({parsed("a=(?i)tps: ([0-9]+)"), parsed("b=(?<=rate )([0-9]+)"), parsed("c=p99=\\K([[:digit:]]+)")});
        std::vector<std::pair<std::size_t, double>> hits;
        perl.match("TPS: 5 rate 6 p99=7", [&hits](std::size_t rule, double value) { hits.emplace_back(rule, value); });
        QCOMPARE(hits, (std::vector<std::pair<std::size_t, double>>{{0, 5}, {1, 6}, {2, 7}}));
    }

    void sysbenchOltpPreset()
    {
        const auto values = valuesOf("sysbench", fixture("sysbench-oltp.txt"));
        QCOMPARE(values.at("tps"), list({284.44, 294.25, 313.95, 246.36, 388.76}));
        QCOMPARE(values.at("qps"), list({5740.66, 5906.90, 6291.91, 4923.24, 7778.23}));
        QCOMPARE(values.at("latency"), list({20.00, 17.32, 21.89, 15.83, 11.04}));
        QCOMPARE(values.at("errors"), list({1.00, 1.99, 0.00, 0.00, 0.00}));
        QCOMPARE(values.at("final_tps"), list({304.52}));
        QVERIFY(!values.contains("eps"));
        QCOMPARE(values.at("final_latency").size(), std::size_t(1));
    }

    void sysbenchCpuPreset()
    {
        const auto values = valuesOf("sysbench", fixture("sysbench-cpu.txt"));
        QCOMPARE(values.at("eps").size(), std::size_t(3));
        QVERIFY(!values.contains("tps"));
        QCOMPARE(values.at("latency").size(), std::size_t(3));
        QCOMPARE(values.at("final_eps").size(), std::size_t(1));
        QVERIFY(values.at("final_eps")[0] > 100);
    }

    void fioPreset()
    {
        const auto values = valuesOf("fio", fixture("fio.txt"));
        QCOMPARE(values.at("read_iops"), list({4584, 6520, 6055, 6158, 6064}));
        QCOMPARE(values.at("write_iops"), list({4694, 6503, 6052, 6128, 6047}));
        QCOMPARE(values.at("read_bw")[0], 17.9 * 1024 * 1024);
        QCOMPARE(values.at("write_bw")[4], 23.6 * 1024 * 1024);
    }

    void pgbenchPreset()
    {
        const auto values = valuesOf("pgbench", fixture("pgbench.txt"));
        QCOMPARE(values.at("tps").size(), std::size_t(4));
        QCOMPARE(values.at("latency").size(), std::size_t(4));
        QCOMPARE(values.at("latency_stddev").size(), std::size_t(4));
        QCOMPARE(values.at("failed"), list({0, 0, 0, 0}));
        QCOMPARE(values.at("final_tps").size(), std::size_t(1));
        QCOMPARE(values.at("final_latency").size(), std::size_t(1));
        for (double tps : values.at("tps"))
            QVERIFY(tps > 0);
    }

    void wrkPresetGivesRunResults()
    {
        const auto values = valuesOf("wrk", fixture("wrk.txt"));
        QCOMPARE(values.at("requests"), list({862.39}));
        QCOMPARE(values.at("latency"), list({7.31}));
        QCOMPARE(values.at("latency_p99"), list({46.45}));
        for (const WorkloadRule& rule : presetRules("wrk"))
            QVERIFY(rule.scope == MetricScope::Run);
        QVERIFY(presetRules("nonsense").empty());
    }

    void linesSurviveAnyChunking()
    {
        const QByteArray output = fixture("sysbench-oltp.txt");
        for (int chunk : {1, 3, 7, 64, 4096}) {
            std::vector<std::string> lines;
            LineAssembler assembler;
            const auto onLine = [&](std::string_view line) { lines.emplace_back(line); };
            for (qsizetype at = 0; at < output.size(); at += chunk)
                assembler.feed(std::string_view(output.constData() + at, std::size_t(std::min<qsizetype>(chunk, output.size() - at))), onLine);
            assembler.finish(onLine);
            QCOMPARE(lines.size(), std::size_t(output.count('\n')));
            QCOMPARE(QByteArray::fromStdString(lines[15]), output.split('\n')[15]);
        }
    }

    void hostileOutputIsBounded()
    {
        OutputMatcher matcher({parsed("tps=tps: ([0-9.]+)")});
        std::vector<double> values;
        LineAssembler assembler;
        const auto onLine = [&](std::string_view line) {
            QVERIFY(line.size() <= LineAssembler::kDefaultMaxLine);
            matcher.match(line, [&](std::size_t, double value) { values.push_back(value); });
        };
        // A 10 MB line (it even contains a match) is dropped whole; the lines around it count.
        const std::string huge = "tps: 9 " + std::string(10 * 1024 * 1024, 'x');
        assembler.feed("tps: 1\r\n", onLine);
        for (std::size_t at = 0; at < huge.size(); at += 65536)
            assembler.feed(std::string_view(huge).substr(at, 65536), onLine);
        assembler.feed("\ntps: 2\n", onLine);
        // Binary bytes, NULs included, match nothing and break nothing.
        const char binaryBytes[] = "\x00\xff\xfe tps: \x00 7\n\x1b[31mtps: 3\x1b[0m\n";
        const std::string binary(binaryBytes, sizeof binaryBytes - 1);
        assembler.feed(binary, onLine);
        // As long as a line may be, and still matched.
        assembler.feed("tps: " + std::string(LineAssembler::kDefaultMaxLine - 6, '0') + "7\n", onLine);
        // The last line has no newline: it still counts once the stream ends.
        assembler.feed("tps: 4", onLine);
        assembler.finish(onLine);
        QCOMPARE(values, list({1, 2, 3, 7, 4}));
        QCOMPARE(assembler.overlongLines(), std::uint64_t(1));
        // The matcher itself takes a line of any length: PCRE2's JIT code does not recurse per
        // character (std::regex overflowed the stack on 60,000 digits, see the fuzz corpus).
        std::vector<double> direct;
        const auto onValue = [&](std::size_t, double value) { direct.push_back(value); };
        matcher.match("tps: " + std::string(60'000, '0') + "8", onValue);
        matcher.match(huge, onValue);
        QCOMPARE(direct, list({8, 9}));
        QCOMPARE(matcher.abandonedMatches(), std::uint64_t(0));
    }

    // A pattern that backtracks exponentially on a line is given up at PCRE2's match limit, in
    // bounded time, and counted; the line matches nothing and the next line is matched as usual.
    void aHopelessMatchIsGivenUpAndCounted()
    {
        for (const char* pattern : {"x=^(?:a+)+b ([0-9]+)", "x=(*NO_JIT)^(?:a+)+b ([0-9]+)"}) {
            OutputMatcher matcher({parsed(pattern)});
            std::vector<double> values;
            const auto onValue = [&](std::size_t, double value) { values.push_back(value); };
            QCOMPARE(matcher.match(std::string(40, 'a') + "c b 1", onValue), 0);
            QCOMPARE(matcher.abandonedMatches(), std::uint64_t(1));
            QCOMPARE(matcher.match("aaab 2", onValue), 1);
            QCOMPARE(values, list({2}));
            QCOMPARE(matcher.abandonedMatches(), std::uint64_t(1));
        }
    }

    // Issue 20: once each rule has matched a line, matching allocates nothing: not for a line that
    // matches, one that does not, nor a hostile one. PCRE2 takes its memory from operator new
    // (Pcre2.h), so its allocations are counted too. The rules: the sysbench preset (anchored at
    // a literal, and "^" ones), a rule with no literal to filter on, and one on the interpreter
    // ((*NO_JIT): its backtracking frames live in the match data).
    void matchingAllocatesNothingAfterWarmUp()
    {
        std::vector<WorkloadRule> rules = presetRules("sysbench");
        rules.push_back(parsed("rate=(?:tps|qps): ([0-9.]+)"));
        rules.push_back(parsed("interp:ms=(*NO_JIT)lat \\(ms,[0-9.]+%\\): ([0-9.]+)"));
        OutputMatcher matcher(std::move(rules));
        const QByteArray output = fixture("sysbench-oltp.txt");
        std::vector<std::string> lines;
        for (const QByteArray& line : output.split('\n'))
            lines.push_back(line.toStdString());
        const std::string interval = "[ 1s ] thds: 8 tps: 284.44 qps: 5740.66 (r/w/o: 4024.13/1143.75/572.78) lat (ms,95%): 20.00 err/s: 1.00 reconn/s: 0.00";
        lines.push_back(std::string(10 * 1024 * 1024, 'x') + interval);
        lines.push_back("[ 1s ] thds: 8 tps: " + std::string(60'000, '0') + "7 qps: 5 (r/w/o: 1/1/1) lat (ms,95%): "
                        + std::string(60'000, '9') + " err/s: 0.00 reconn/s: 0.00");
        lines.push_back("tps: " + std::string(60'000, '0') + "7");
        std::string binary(4096, '\0');
        for (std::size_t i = 0; i < binary.size(); ++i)
            binary[i] = char((i * 131) & 0xff);
        lines.push_back(binary + " tps: \xff\xfe qps: \x80 (r/w/o: lat (ms,95%): \xc3\x28");
        std::size_t values = 0;
        const std::function<void(std::size_t, double)> onValue = [&values](std::size_t, double) { ++values; };
        matcher.match(interval, onValue); // the warm-up: each rule that can matches once
        QCOMPARE(values, std::size_t(4 + 2));
        values = 0;
        g_allocations = 0;
        g_countAllocations = true;
        for (int round = 0; round < 3; ++round) {
            for (const std::string& line : lines)
                matcher.match(line, onValue);
        }
        g_countAllocations = false;
        QCOMPARE(g_allocations, std::size_t(0));
        // It did match: the fixture's 5 interval lines and its final figures, and the hostile lines
        // that hold a match, each round.
        QVERIFY(values >= 3 * (5 * 6));
        QCOMPARE(matcher.abandonedMatches(), std::uint64_t(0));
    }

    void outputTailKeepsTheLastBytes()
    {
        OutputTail tail(10);
        tail.append("hello ");
        QCOMPARE(tail.contents(), std::string("hello "));
        tail.append("world!");
        QCOMPARE(tail.contents(), std::string("llo world!"));
        tail.append(std::string(25, 'z') + "END");
        QCOMPARE(tail.contents(), std::string("zzzzzzzEND"));
        tail.append("ab");
        QCOMPARE(tail.contents(), std::string("zzzzzENDab"));
        QCOMPARE(tail.totalBytes(), std::uint64_t(6 + 6 + 28 + 2));
        QCOMPARE(tail.keptBytes(), std::size_t(10));
    }

    // A flood of matching lines (a benchmark printing every operation) is averaged beyond the
    // per-interval budget instead of growing the journal; the values are not lost from the mean.
    void aFloodOfMatchesIsCoalesced()
    {
        // Fed through the followed-file path: a log file the test writes.
        const QString path = QDir::temp().filePath(QStringLiteral("rl-flood-%1.log").arg(QCoreApplication::applicationPid()));
        QFile::remove(path);
        WorkloadOptions options;
        options.follow = path.toStdString();
        options.rules = {parsed("ops=op ([0-9]+)"), parsed("lat:ms=lat ([0-9]+)")};
        WorkloadMonitor follower(options);
        QVERIFY(!follower.hasCommand());
        runlens::collect::MetricGroup group("workload");
        follower.startFollowing(); // the file does not exist yet: waited for
        QFile log(path);
        QVERIFY(log.open(QIODevice::WriteOnly));
        QByteArray lines;
        for (int i = 1; i <= 1000; ++i)
            lines += "op " + QByteArray::number(i) + "\n";
        lines += "lat 5\n";
        log.write(lines);
        log.flush();
        sigset_t mask;
        sigemptyset(&mask);
        timespec now {};
        clock_gettime(CLOCK_MONOTONIC, &now);
        const std::int64_t nowNs = std::int64_t(now.tv_sec) * 1'000'000'000 + now.tv_nsec;
        follower.setOrigin(nowNs);
        follower.waitUntil(nowNs + 300'000'000, mask);
        std::vector<std::pair<std::int64_t, std::vector<double>>> rows;
        follower.drain(group, [&](std::int64_t timestampNs) {
            rows.emplace_back(timestampNs, std::vector<double>(group.row().begin(), group.row().end()));
        });
        QCOMPARE(group.columnCount(), std::size_t(2));
        // 64 rows of their own (the one "lat" value shares the last of them: it arrived with it),
        // then one averaged row for the other 936 values (65..1000).
        QCOMPARE(rows.size(), WorkloadMonitor::kMaxRowsPerInterval + 1);
        QCOMPARE(rows[0].second[0], 1.0);
        QVERIFY(std::isnan(rows[0].second[1]));
        QCOMPARE(rows[63].second[0], 64.0);
        QCOMPARE(rows[63].second[1], 5.0);
        QCOMPARE(rows[64].second[0], (65.0 + 1000.0) / 2);
        QVERIFY(std::isnan(rows[64].second[1]));
        for (std::size_t i = 1; i < rows.size(); ++i)
            QVERIFY(rows[i].first >= rows[i - 1].first);
        const auto manifest = follower.manifest();
        QCOMPARE(manifest.at("matched_lines").get<int>(), 1001);
        QCOMPARE(manifest.at("coalesced_values").get<int>(), 936);
        QCOMPARE(manifest.at("follow_bytes").get<std::size_t>(), std::size_t(lines.size()));
        // A second drain has nothing left.
        rows.clear();
        follower.drain(group, [&](std::int64_t) { rows.emplace_back(); });
        QVERIFY(rows.empty());
        QFile::remove(path);
    }
};

QTEST_GUILESS_MAIN(TestWorkloadOutput)
#include "tst_workloadoutput.moc"
