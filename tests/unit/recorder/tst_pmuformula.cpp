// The formula language (APerf's "A / B * 1000") and the built-in event sets: every set parses,
// every formula compiles against its own events, and sets are chosen by CPU model.
#include "EventSet.h"
#include "EventSetCatalog.h"
#include "ExpressionEvaluator.h"

#include <QTest>

#include <nlohmann/json.hpp>

#include <cmath>
#include <set>

using namespace runlens::collect::pmu;
using runlens::format::ExpressionEvaluator;

namespace {

// Names A..E map to values 0..4; anything else is unknown.
std::optional<std::size_t> letters(std::string_view name)
{
    if (name.size() == 1 && name[0] >= 'A' && name[0] <= 'E')
        return std::size_t(name[0] - 'A');
    if (name == "Frontend_Stalls")
        return 4;
    return std::nullopt;
}

double eval(const char* text, std::vector<double> values = {2, 8, 10, 0, 3})
{
    std::string error;
    const auto expression = ExpressionEvaluator::compile(text, letters, error);
    if (!expression) {
        qWarning("%s", error.c_str());
        return -12345;
    }
    return expression->evaluate(values);
}

} // namespace

class TestPmuFormula : public QObject
{
    Q_OBJECT

private slots:
    void aperfSyntax()
    {
        QCOMPARE(eval("A / B * 1000"), 250.0);          // left to right: (2/8)*1000
        QCOMPARE(eval("Frontend_Stalls / C * 1000"), 300.0);
        QCOMPARE(eval("A + B * C"), 82.0);              // precedence
        QCOMPARE(eval("(A + B) * C"), 100.0);
        QCOMPARE(eval("-A + -(B - C)"), 0.0);           // unary minus
        QCOMPARE(eval("C - B - A"), 0.0);               // left associative
        QCOMPARE(eval("B / A / A"), 2.0);
        QCOMPARE(eval("A * 1e9 / 0x10"), 125000000.0);  // exponents and hex
        QCOMPARE(eval("  A/B*1000  "), 250.0);
    }

    void divisionByZeroAndNaNAreNoValue()
    {
        QVERIFY(std::isnan(eval("A / D")));
        QVERIFY(std::isnan(eval("A + B", {std::nan(""), 1, 1, 1, 1})));
        QVERIFY(std::isnan(eval("A", {})));
    }

    void errorsNameTheProblem()
    {
        std::string error;
        QVERIFY(!ExpressionEvaluator::compile("A / Bogus * 1000", letters, error));
        QVERIFY2(error.find("unknown event or value \"Bogus\"") != std::string::npos, error.c_str());
        QVERIFY2(error.find("character 5") != std::string::npos, error.c_str());
        QVERIFY(!ExpressionEvaluator::compile("(A + B", letters, error));
        QVERIFY2(error.find("missing \")\"") != std::string::npos, error.c_str());
        // Nesting is bounded while parsing: a hostile formula is an error, not a stack overflow.
        QVERIFY(!ExpressionEvaluator::compile(std::string(100000, '(') + "A", letters, error));
        QVERIFY2(error.find("nested too deeply") != std::string::npos, error.substr(0, 200).c_str());
        QVERIFY(!ExpressionEvaluator::compile(std::string(100000, '-') + "A", letters, error));
        QVERIFY(!ExpressionEvaluator::compile("A +", letters, error));
        QVERIFY(!ExpressionEvaluator::compile("A B", letters, error));
        QVERIFY(!ExpressionEvaluator::compile("", letters, error));
    }

    void inputsAreListedOnce()
    {
        std::string error;
        const auto expression = ExpressionEvaluator::compile("C / A + C / B", letters, error);
        QVERIFY(expression);
        QCOMPARE(expression->inputs(), (std::vector<std::size_t>{2, 0, 1}));
    }

    void aperfConfigIsAccepted()
    {
        // APerf's own grv_pmu_config.json shape: events as raw strings, its metric names.
        const EventSet set = EventSet::parse(R"({
            "events": { "Instructions": "armv8_pmuv3_0/event=0x8/", "Cycles": "armv8_pmuv3_0/event=0x11/",
                        "Branches": "armv8_pmuv3_0/event=0x10/" },
            "metrics": { "ipc": "Instructions / Cycles", "branch-mpki": "Branches / Instructions * 1000",
                         "strex-spec-pki": "Branches / Cycles" } })",
                                             "user.json");
        QCOMPARE(set.events.size(), std::size_t(3));
        QCOMPARE(set.events[0].raw, std::string("armv8_pmuv3_0/event=0x8/"));
        QCOMPARE(set.metrics[0].id, std::string("pmu.ipc"));
        QCOMPARE(set.metrics[1].id, std::string("pmu.branch_mpki"));
        QCOMPARE(set.metrics[2].id, std::string("pmu.strex_spec_pki"));
    }

    void badFilesSayWhere()
    {
        try {
            EventSet::parse("{ \"events\": { \"X\": {} } }", "mine.json");
            QFAIL("no error");
        } catch (const EventSetError& error) {
            QVERIFY2(std::string(error.what()).find("mine.json: event \"X\"") != std::string::npos, error.what());
        }
        try {
            EventSet::parse("{ nope", "mine.json");
            QFAIL("no error");
        } catch (const EventSetError& error) {
            QVERIFY2(std::string(error.what()).find("mine.json: not valid JSON") != std::string::npos, error.what());
        }
    }

    void everyBuiltInSetCompiles()
    {
        const auto& sets = EventSetCatalog::builtIn();
        QVERIFY(sets.size() >= 12);
        std::set<std::string> names;
        for (const EventSet& set : sets) {
            QVERIFY2(names.insert(set.name).second, set.name.c_str());
            QVERIFY2(!set.events.empty() && !set.metrics.empty(), set.name.c_str());
            // The first two events lead the first counter group: IPC must never be split.
            QCOMPARE(set.events[0].name, std::string("Instructions"));
            QCOMPARE(set.events[1].name, std::string("Cycles"));
            bool hasIpc = false;
            for (const MetricDefinition& metric : set.metrics) {
                hasIpc = hasIpc || metric.id == "pmu.ipc";
                std::string error;
                const auto expression = ExpressionEvaluator::compile(
                    metric.formula,
                    [&](std::string_view name) -> std::optional<std::size_t> {
                        for (std::size_t i = 0; i < set.events.size(); ++i) {
                            if (set.events[i].name == name)
                                return i;
                        }
                        if (name == "BUSY_SECONDS" || name == "SLOTS" || name == "INTERVAL_SECONDS")
                            return set.events.size();
                        return std::nullopt;
                    },
                    error);
                QVERIFY2(expression, (set.name + ": " + error).c_str());
            }
            QVERIFY2(hasIpc, set.name.c_str());
        }
    }

    void setsAreChosenByCpuModel_data()
    {
        QTest::addColumn<QString>("vendor");
        QTest::addColumn<int>("family");
        QTest::addColumn<int>("model");
        QTest::addColumn<int>("part");
        QTest::addColumn<QString>("expected");
        QTest::newRow("m5 Cascade Lake") << "GenuineIntel" << 6 << 0x55 << -1 << "intel-skylake-sp";
        QTest::newRow("m6i Ice Lake") << "GenuineIntel" << 6 << 0x6a << -1 << "intel-icelake-sp";
        QTest::newRow("m7i Sapphire Rapids") << "GenuineIntel" << 6 << 0x8f << -1 << "intel-sapphire-rapids";
        QTest::newRow("i7i Emerald Rapids") << "GenuineIntel" << 6 << 0xcf << -1 << "intel-sapphire-rapids";
        QTest::newRow("m8i Granite Rapids") << "GenuineIntel" << 6 << 0xad << -1 << "intel-sapphire-rapids";
        QTest::newRow("m5a Zen 2") << "AuthenticAMD" << 0x17 << 0x31 << -1 << "amd-zen2";
        QTest::newRow("m6a Zen 3") << "AuthenticAMD" << 0x19 << 0x01 << -1 << "amd-zen3";
        QTest::newRow("m7a Zen 4") << "AuthenticAMD" << 0x19 << 0x11 << -1 << "amd-zen4";
        QTest::newRow("m8a Zen 5") << "AuthenticAMD" << 0x1a << 0x02 << -1 << "amd-zen5";
        QTest::newRow("Graviton2") << "ARM" << -1 << -1 << 0xd0c << "arm-neoverse-n1";
        QTest::newRow("Graviton3") << "ARM" << -1 << -1 << 0xd40 << "arm-neoverse-v1";
        QTest::newRow("Graviton4") << "ARM" << -1 << -1 << 0xd4f << "arm-neoverse-v2";
        QTest::newRow("Graviton5") << "ARM" << -1 << -1 << 0xd84 << "arm-neoverse-v3";
        QTest::newRow("old Intel") << "GenuineIntel" << 6 << 0x3f << -1 << "";
    }
    void setsAreChosenByCpuModel()
    {
        QFETCH(QString, vendor);
        QFETCH(int, family);
        QFETCH(int, model);
        QFETCH(int, part);
        QFETCH(QString, expected);
        HostPmu host;
        host.vendor = vendor.toStdString();
        host.family = family;
        host.model = model;
        if (part >= 0) {
            host.armImplementer = 0x41;
            host.armPart = part;
        }
        const EventSet* set = EventSetCatalog::select(host);
        QCOMPARE(QString::fromStdString(set ? set->name : std::string()), expected);
    }
};

QTEST_GUILESS_MAIN(TestPmuFormula)
#include "tst_pmuformula.moc"
