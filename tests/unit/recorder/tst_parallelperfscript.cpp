// readPerfScriptInChunks reads a `perf script` text to the very profile one thread reads: the
// fixtures, and thousands of texts made of pieces of them cut at any line, cut into chunks as
// small as a byte (a cut after every empty line: small texts take the parallel path), on two and
// three threads.
// Frames, stacks, tasks, every sample column, the info keys and the statistics must be equal.
#include "FormatError.h"
#include "ParallelPerfScriptImport.h"
#include "PerfScriptParser.h"

#include <QDir>
#include <QFile>
#include <QTest>

#include <random>
#include <string>
#include <vector>

using namespace runlens::format;

namespace {

struct Reading {
    ProfileTables profile;
    PerfScriptStatistics statistics;
    std::string error; // the FormatError's message, when reading failed
};

Reading readOnOneThread(std::string_view text)
{
    Reading reading;
    try {
        reading.profile = readPerfScriptOnOneThread(text, &reading.statistics);
    } catch (const FormatError& error) {
        reading.error = error.what();
    }
    return reading;
}

Reading readInChunks(std::string_view text, unsigned threads, std::size_t chunkBytes)
{
    Reading reading;
    try {
        reading.profile = readPerfScriptInChunks(text, &reading.statistics, {threads, chunkBytes});
    } catch (const FormatError& error) {
        reading.error = error.what();
    }
    return reading;
}

// Where the two readings differ first ("" when they do not).
std::string difference(const Reading& a, const Reading& b)
{
    if (a.error != b.error)
        return "error: \"" + a.error + "\" vs \"" + b.error + "\"";
    const ProfileTables& x = a.profile;
    const ProfileTables& y = b.profile;
    if (x.frames.size() != y.frames.size())
        return "frame count " + std::to_string(x.frames.size()) + " vs " + std::to_string(y.frames.size());
    for (std::size_t i = 0; i < x.frames.size(); ++i) {
        if (x.frames[i].symbol != y.frames[i].symbol || x.frames[i].module != y.frames[i].module || x.frames[i].kind != y.frames[i].kind)
            return "frame " + std::to_string(i) + ": " + x.frames[i].symbol + " vs " + y.frames[i].symbol;
    }
    if (x.stacks.size() != y.stacks.size())
        return "stack count " + std::to_string(x.stacks.size()) + " vs " + std::to_string(y.stacks.size());
    for (std::size_t i = 0; i < x.stacks.size(); ++i) {
        if (x.stacks[i].parent != y.stacks[i].parent || x.stacks[i].frame != y.stacks[i].frame)
            return "stack " + std::to_string(i);
    }
    if (x.tasks.size() != y.tasks.size())
        return "task count " + std::to_string(x.tasks.size()) + " vs " + std::to_string(y.tasks.size());
    for (std::size_t i = 0; i < x.tasks.size(); ++i) {
        if (x.tasks[i].tid != y.tasks[i].tid || x.tasks[i].pid != y.tasks[i].pid || x.tasks[i].command != y.tasks[i].command)
            return "task " + std::to_string(i) + ": " + x.tasks[i].command + " vs " + y.tasks[i].command;
    }
    const ProfileSamples& s = x.samples;
    const ProfileSamples& t = y.samples;
    if (s.timeNs != t.timeNs || s.cpu != t.cpu || s.pid != t.pid || s.tid != t.tid)
        return "sample times, cpus or threads (" + std::to_string(s.size()) + " vs " + std::to_string(t.size()) + " rows)";
    if (s.stack != t.stack)
        return "sample stacks";
    if (s.count != t.count || s.period != t.period)
        return "sample counts or periods";
    if (s.task != t.task)
        return "sample tasks";
    if (x.info != y.info)
        return "info " + x.info.dump() + " vs " + y.info.dump();
    if (x.timeQuantumNs != y.timeQuantumNs || x.timeOrdered != y.timeOrdered)
        return "time quantum or order";
    const PerfScriptStatistics& p = a.statistics;
    const PerfScriptStatistics& q = b.statistics;
    if (p.lines != q.lines || p.samples != q.samples || p.unrecognizedLines != q.unrecognizedLines
        || p.firstUnrecognizedLine != q.firstUnrecognizedLine || p.otherEventSamples != q.otherEventSamples
        || p.event != q.event || p.otherEvent != q.otherEvent)
        return "statistics";
    return {};
}

std::vector<std::string> fixtureTexts()
{
    std::vector<std::string> texts;
    for (const char* directory : {RUNLENS_FIXTURES "/perf-script", RUNLENS_FIXTURES "/profile"}) {
        const QDir dir(QString::fromUtf8(directory));
        for (const QString& name : dir.entryList({QStringLiteral("*.txt")}, QDir::Files, QDir::Name)) {
            if (dir.path().endsWith(QStringLiteral("profile")) && !name.startsWith(QStringLiteral("perf-")))
                continue;
            QFile file(dir.filePath(name));
            if (file.open(QIODevice::ReadOnly))
                texts.push_back(file.readAll().toStdString());
        }
    }
    return texts;
}

// The lines of a text, each with its '\n' (the last one perhaps without).
std::vector<std::string_view> linesOf(std::string_view text)
{
    std::vector<std::string_view> lines;
    for (std::size_t begin = 0; begin < text.size();) {
        const std::size_t newline = text.find('\n', begin);
        const std::size_t end = newline == std::string_view::npos ? text.size() : newline + 1;
        lines.push_back(text.substr(begin, end - begin));
        begin = end;
    }
    return lines;
}

} // namespace

class TestParallelPerfScript : public QObject
{
    Q_OBJECT

private slots:
    void fixturesInChunksOfAnySize()
    {
        const std::vector<std::string> texts = fixtureTexts();
        QVERIFY(texts.size() >= 14);
        for (const std::string& text : texts) {
            const Reading serial = readOnOneThread(text);
            QVERIFY(serial.error.empty());
            QVERIFY(!serial.profile.samples.timeNs.empty());
            for (const std::size_t chunkBytes : {1, 100, 300, 1000, 5000}) {
                for (const unsigned threads : {2u, 3u}) {
                    const std::string diff = difference(serial, readInChunks(text, threads, chunkBytes));
                    QVERIFY2(diff.empty(), (diff + " (" + text.substr(0, 60) + "..., chunks of " + std::to_string(chunkBytes)
                                            + " bytes, " + std::to_string(threads) + " threads)")
                                               .c_str());
                }
            }
        }
    }

    // Texts no recorder printed: pieces of the fixtures cut at any line and put together in any
    // order (samples of one file ending in another's, headers of another event or without frames
    // in the middle of a sample, blank-only lines, several empty lines, comments, a last line
    // without '\n'), each read whole and in chunks of a random size.
    void randomCutsAndJoins()
    {
        const std::vector<std::string> texts = fixtureTexts();
        std::vector<std::vector<std::string_view>> lines;
        for (const std::string& text : texts)
            lines.push_back(linesOf(text));
        const std::vector<std::string_view> oddLines = {"\n", "\n\n", " \n", "\t\n", "# comment\n", "\r\n", "garbage\n",
                                                        "x 1/2 [000] 1.000001: 5 instructions:\n",
                                                        "y 3 [001] 2.5: task-clock:\n", "\t1 f+0x1 (m)\n"};
        std::mt19937 random(17);
        int chunked = 0;
        for (int round = 0; round < 3000; ++round) {
            std::string text;
            const int pieces = 1 + int(random() % 5);
            for (int p = 0; p < pieces; ++p) {
                const auto& source = lines[random() % lines.size()];
                const std::size_t from = random() % source.size();
                const std::size_t to = std::min(source.size(), from + 1 + random() % 80);
                for (std::size_t i = from; i < to; ++i)
                    text.append(source[i]);
                if (!text.empty() && text.back() != '\n' && random() % 2 == 0)
                    text.push_back('\n');
                if (random() % 3 == 0)
                    text.append(oddLines[random() % oddLines.size()]);
            }
            if (random() % 4 == 0 && !text.empty() && text.back() == '\n')
                text.pop_back();
            const Reading serial = readOnOneThread(text);
            const std::size_t chunkBytes = 1 + random() % std::max<std::size_t>(1, text.size() / 2);
            const unsigned threads = 2 + unsigned(random() % 2);
            const std::string diff = difference(serial, readInChunks(text, threads, chunkBytes));
            QVERIFY2(diff.empty(), (diff + " in round " + std::to_string(round) + ", chunks of " + std::to_string(chunkBytes)
                                    + " bytes, text:\n" + text)
                                       .c_str());
            chunked += text.find("\n\n") != std::string::npos;
        }
        QVERIFY(chunked > 1000); // most texts had a place to cut
    }

    // A limit crossed in one chunk is reported as one thread reports it: the line of the whole text.
    // The recorder's perf backend reads perf script's output through PerfScriptParser::read and,
    // whenever `batch` samples are held after a line, journals them and clears the builder's
    // batch (ProfileBuilder::clearBatch). The rows journaled batch by batch must be the rows of
    // one reading: a batch cleared in the middle of a sample block must not lose or damage the
    // block's sample (the recorder's archives once held a sample at time 0 of the clock).
    void batchesClearedAfterAnyLine()
    {
        for (const std::string& text : fixtureTexts()) {
            ProfileBuilder wholeBuilder;
            PerfScriptParser whole(wholeBuilder);
            whole.parse(text);
            const ProfileSamples& expected = wholeBuilder.tables().samples;
            for (const std::size_t batch : {std::size_t(1), std::size_t(2), std::size_t(7)}) {
                ProfileBuilder builder;
                PerfScriptParser parser(builder);
                std::FILE* input = ::fmemopen(const_cast<char*>(text.data()), text.size(), "r");
                QVERIFY(input);
                ProfileSamples journaled;
                const auto takeBatch = [&] {
                    const ProfileSamples& rows = builder.tables().samples;
                    journaled.timeNs.insert(journaled.timeNs.end(), rows.timeNs.begin(), rows.timeNs.end());
                    journaled.cpu.insert(journaled.cpu.end(), rows.cpu.begin(), rows.cpu.end());
                    journaled.tid.insert(journaled.tid.end(), rows.tid.begin(), rows.tid.end());
                    journaled.stack.insert(journaled.stack.end(), rows.stack.begin(), rows.stack.end());
                    journaled.period.insert(journaled.period.end(), rows.period.begin(), rows.period.end());
                    builder.clearBatch();
                };
                parser.read(input, [&] {
                    if (builder.tables().samples.size() >= batch)
                        takeBatch();
                });
                std::fclose(input);
                takeBatch();
                const QByteArray where = QByteArray::number(qulonglong(batch)) + " a batch, text of "
                                       + QByteArray::number(qulonglong(text.size())) + " bytes";
                QVERIFY2(journaled.timeNs == expected.timeNs, where.constData());
                QVERIFY2(journaled.cpu == expected.cpu && journaled.tid == expected.tid, where.constData());
                QVERIFY2(journaled.stack == expected.stack, where.constData());
                QVERIFY2(journaled.period == expected.period, where.constData());
            }
        }
    }

    void limitsAsOnOneThread()
    {
        const std::string sample = "a 1/1 [000] 1.0: 1 cpu-clock:\n\t1 f (m)\n\n";
        std::string text;
        for (int i = 0; i < 100; ++i)
            text += sample;
        text += "a 1/1 [000] 2.0: 1 cpu-clock:\n\t1 " + std::string(limits::kLineBytes + 1, 'g') + " (m)\n\n";
        for (int i = 0; i < 100; ++i)
            text += sample;
        const Reading serial = readOnOneThread(text);
        QVERIFY(serial.error.find("line 302 ") != std::string::npos);
        const std::string diff = difference(serial, readInChunks(text, 2, 100));
        QVERIFY2(diff.empty(), diff.c_str());
    }

    // readPerfScript itself takes the parallel path from kParallelImportBytes on (on a machine of
    // kParallelImportCores cores or more; else it reads on one thread): the same profile either way.
    void largeTextThroughReadPerfScript()
    {
        std::string text;
        for (const std::string& fixture : fixtureTexts()) {
            text += fixture;
            text += "\n";
        }
        const std::string unit = text;
        while (text.size() < kParallelImportBytes + 1000)
            text += unit;
        Reading parallel;
        parallel.profile = readPerfScript(text, &parallel.statistics);
        const std::string diff = difference(readOnOneThread(text), parallel);
        QVERIFY2(diff.empty(), diff.c_str());
    }
};

QTEST_GUILESS_MAIN(TestParallelPerfScript)
#include "tst_parallelperfscript.moc"
