// Memory per input (issue 19): the peak resident memory of each reader a user's file can reach,
// on inputs of at most 10 MB crafted to cost the most: archives that stay just inside the
// compression-ratio limit, gzip'd text that expands a thousandfold, 10 MB of distinct deep stacks,
// deeply nested or huge JSON. Each input is opened the way the app opens a file (RunLoader, or
// SessionFile for a session) in a process of its own, whose peak (VmHWM) is printed; the target
// is 2 GiB whatever the input. Fails (exit 1) when a reader goes over it or a child crashes.
//
//   bench_readermemory [--dir DIR] [--keep]     the inputs go to DIR (default: a temporary one)
//   bench_readermemory --child FILE             open FILE and print the outcome and the peak

#include "ColumnBlock.h"
#include "FormatError.h"
#include "InputLimits.h"
#include "RunLoader.h"
#include "SessionFile.h"

#include <QCoreApplication>
#include <QTemporaryDir>

#include <archive.h>
#include <archive_entry.h>

#include <cstdio>
#include <cstring>
#include <filesystem>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>

extern char** environ;

namespace {

constexpr std::uint64_t kInputBytes = 10'000'000; // the largest input the target speaks of
constexpr double kTargetMiB = 2048;

struct Entry {
    std::string path;
    std::uint64_t randomBytes = 0; // incompressible first
    std::uint64_t zeroBytes = 0; // then this many zeros
    std::string text; // or this text, repeated `repeat` times
    std::uint64_t repeat = 0;
};

// Streams the entries into `path` through libarchive: a gzip'd tar, or (raw) one gzip'd file.
bool writeGzip(const std::string& path, const std::vector<Entry>& entries, bool tar)
{
    archive* writer = archive_write_new();
    if (tar)
        archive_write_set_format_pax_restricted(writer);
    else
        archive_write_set_format_raw(writer);
    archive_write_add_filter_gzip(writer);
    archive_write_set_bytes_in_last_block(writer, 1);
    if (archive_write_open_filename(writer, path.c_str()) != ARCHIVE_OK) {
        std::fprintf(stderr, "cannot write %s: %s\n", path.c_str(), archive_error_string(writer));
        archive_write_free(writer);
        return false;
    }
    std::mt19937_64 random(19);
    std::vector<char> chunk(1 << 20);
    for (const Entry& e : entries) {
        archive_entry* entry = archive_entry_new();
        archive_entry_set_pathname(entry, e.path.c_str());
        archive_entry_set_size(entry, la_int64_t(e.randomBytes + e.zeroBytes + e.text.size() * e.repeat));
        archive_entry_set_filetype(entry, AE_IFREG);
        archive_entry_set_perm(entry, 0644);
        archive_write_header(writer, entry);
        archive_entry_free(entry);
        if (e.repeat > 0) {
            std::string block = e.text; // at least one copy, however long
            while (block.size() + e.text.size() <= chunk.size())
                block += e.text;
            const std::uint64_t perBlock = block.size() / e.text.size();
            for (std::uint64_t left = e.repeat; left > 0;) {
                const std::uint64_t n = std::min(left, perBlock);
                archive_write_data(writer, block.data(), std::size_t(n * e.text.size()));
                left -= n;
            }
        }
        for (std::uint64_t left = e.randomBytes; left > 0;) {
            const std::size_t n = std::size_t(std::min<std::uint64_t>(left, chunk.size()));
            for (std::size_t i = 0; i + 8 <= n; i += 8) {
                const std::uint64_t word = random();
                std::memcpy(chunk.data() + i, &word, 8);
            }
            archive_write_data(writer, chunk.data(), n);
            left -= n;
        }
        std::fill(chunk.begin(), chunk.end(), '\0');
        for (std::uint64_t left = e.zeroBytes; left > 0;) {
            const std::size_t n = std::size_t(std::min<std::uint64_t>(left, chunk.size()));
            archive_write_data(writer, chunk.data(), n);
            left -= n;
        }
    }
    const bool ok = archive_write_close(writer) == ARCHIVE_OK;
    archive_write_free(writer);
    return ok;
}

bool writePlain(const std::string& path, const std::string& text)
{
    std::FILE* out = std::fopen(path.c_str(), "wbe");
    if (!out)
        return false;
    const bool ok = std::fwrite(text.data(), 1, text.size(), out) == text.size();
    return std::fclose(out) == 0 && ok;
}

// A name of `length` characters made from `n`: distinct frames for distinct n.
std::string frameName(std::uint64_t n, std::size_t length)
{
    std::string name(1, 'f');
    name.append(std::to_string(n));
    name.push_back('_');
    while (name.size() < length)
        name += char('a' + (n + name.size()) % 26);
    return name;
}

// 10 MB of `perf script` text: samples of 64-frame stacks, every frame a new function.
std::string distinctPerfScript()
{
    std::string text;
    std::uint64_t frame = 0;
    for (std::uint64_t sample = 0; text.size() < kInputBytes - 8192; ++sample) {
        text.append("app 100/").append(std::to_string(100 + sample % 50)).append(" [000] ");
        text.append(std::to_string(1000 + sample / 1000)).append(".").append(std::to_string(100000 + sample % 1000));
        text.append(": 10101010 cpu-clock:\n");
        for (int depth = 0; depth < 64; ++depth, ++frame) {
            text.append("\t").append(std::to_string(0x400000 + frame)).append(" ");
            text.append(frameName(frame, 40)).append("+0x1 (/usr/bin/app)\n");
        }
        text.append("\n");
    }
    return text;
}

// 10 MB of folded stacks: lines of 200 frames, each line's frames new.
std::string distinctFolded()
{
    std::string text;
    std::uint64_t frame = 0;
    while (text.size() < kInputBytes - 16384) {
        text += "app";
        for (int depth = 0; depth < 200; ++depth, ++frame)
            text.append(";").append(frameName(frame, 30));
        text += " 7\n";
    }
    return text;
}

struct Input {
    std::string file;
    std::string what;
};

std::vector<Input> makeInputs(const std::string& dir)
{
    std::vector<Input> inputs;
    // Inputs already in `dir` (--dir, --keep) are used again: writing the bombs takes minutes.
    const auto add = [&](const std::string& name, const std::string& what, const std::function<bool()>& write) {
        if (!std::filesystem::exists(dir + "/" + name) && !write()) {
            std::fprintf(stderr, "bench_readermemory: could not write %s\n", name.c_str());
            std::exit(2);
        }
        inputs.push_back({ dir + "/" + name, what });
    };
    // Inside the ratio limit (limits::kCompressionRatio beyond the first 64 MiB) all the way: random
    // bytes, then zeros (gzip packs about 1000 into 1) up to just under the ratio over the whole
    // 10 MB, in entries under the 2 GiB limit.
    const std::uint64_t zeros = (runlens::format::limits::kCompressionRatio - 3) * kInputBytes;
    const std::uint64_t random = kInputBytes - zeros / 1000 - 50'000;
    add("ratio-edge.tar.gz", "run archive at the compression-ratio limit", [&] {
        return writeGzip(dir + "/ratio-edge.tar.gz",
            { { "r/a.bin", random, 0, {}, 0 }, { "r/b.bin", 0, zeros / 2, {}, 0 }, { "r/c.bin", 0, zeros / 2, {}, 0 },
                { "r/manifest.json", 0, 0, "{\"format_version\": \"1.0\"}", 1 } },
            true);
    });
    // Where the reader has to decode what it holds: series blocks of one column (zeros, byte
    // planes), each as large as a block may be, after random bytes in an attachment, decoding to
    // just under what the archive's size allows (the ratio times its size, timestamps and times in
    // seconds included: 24 bytes a row from 16).
    add("series-ratio-edge.tar.gz", "run archive, series blocks decoding to the limit", [&] {
        const std::uint64_t decodable = (64ull << 20) + runlens::format::limits::kCompressionRatio * kInputBytes;
        const std::uint64_t seriesBytes = decodable / 24 * 16 * 98 / 100;
        const std::uint64_t pad = kInputBytes - seriesBytes / 1000 - 50'000;
        const std::uint32_t rowsPerBlock = std::uint32_t((runlens::format::limits::kSeriesBlockBytes - 64) / 16);
        const std::uint64_t blocks = seriesBytes / (std::uint64_t(rowsPerBlock) * 16);
        std::string header(runlens::format::kBlockHeaderSize, '\0');
        std::memcpy(header.data(), runlens::format::kBlockMagic, sizeof runlens::format::kBlockMagic);
        const std::uint32_t fields[3] = { rowsPerBlock, 1, runlens::format::kEncodingF64BytePlanes };
        std::memcpy(header.data() + 8, fields, sizeof fields);
        std::string index = "{\"group\": \"g\", \"columns\": [{\"metric\": \"m\"}], \"blocks\": [";
        std::vector<Entry> entries { { "r/manifest.json", 0, 0,
                                         "{\"format_version\": \"1.2\", \"run\": {\"name\": \"r\"}}", 1 },
            { "r/pad.bin", pad, 0, {}, 0 } };
        for (std::uint64_t b = 0; b < blocks; ++b) {
            index.append(b ? ", " : "").append("{\"file\": \"g/").append(std::to_string(b)).append(".bin\"}");
            entries.push_back(
                { "r/series/g/" + std::to_string(b) + ".bin", 0, std::uint64_t(rowsPerBlock) * 16, header, 1 });
        }
        index.append("]}");
        entries.insert(entries.begin() + 2, Entry { "r/series/g.json", 0, 0, index, 1 });
        return writeGzip(dir + "/series-ratio-edge.tar.gz", entries, true);
    });
    // A group of 2^18 columns (the limit) whose one block carries one column of 2,000 rows: every
    // other column is padded with NaN to the group's length (4 GB).
    add("series-sparse.tar.gz", "run archive, 2^18 columns padded to a 2,000-row block", [&] {
        const std::uint32_t rows = 2000;
        std::string header(runlens::format::kBlockHeaderSize, '\0');
        std::memcpy(header.data(), runlens::format::kBlockMagic, sizeof runlens::format::kBlockMagic);
        const std::uint32_t fields[3] = { rows, 1, runlens::format::kEncodingF64BytePlanes };
        std::memcpy(header.data() + 8, fields, sizeof fields);
        std::string index = "{\"group\": \"g\", \"blocks\": [{\"file\": \"g/0.bin\"}], \"columns\": [";
        for (std::uint32_t c = 0; c < (1u << 18); ++c)
            index.append(c ? ",{\"metric\":\"m\",\"instance\":\"" : "{\"metric\":\"m\",\"instance\":\"")
                .append(std::to_string(c))
                .append("\"}");
        index.append("]}");
        std::string timestamps;
        for (std::uint32_t r = 0; r < rows; ++r) {
            const std::int64_t t = std::int64_t(r) * 1'000'000'000;
            timestamps.append(reinterpret_cast<const char*>(&t), 8);
        }
        // Byte planes: plane k holds byte k of every row.
        std::string planes(std::size_t(rows) * 8, '\0');
        for (std::uint32_t r = 0; r < rows; ++r)
            for (int k = 0; k < 8; ++k)
                planes[std::size_t(k) * rows + r] = timestamps[std::size_t(r) * 8 + std::size_t(k)];
        return writeGzip(dir + "/series-sparse.tar.gz",
            { { "r/manifest.json", 0, 0, "{\"format_version\": \"1.2\", \"run\": {\"name\": \"r\"}}", 1 },
                { "r/series/g.json", 0, 0, index, 1 },
                { "r/series/g/0.bin", 0, std::uint64_t(rows) * 8, header + planes, 1 } },
            true);
    });
    add("zeros.tar.gz", "run archive of zeros (a gzip bomb, 10 GB)", [&] {
        return writeGzip(dir + "/zeros.tar.gz",
            { { "r/manifest.json", 0, 0, "{}", 1 }, { "r/series/a.bin", 0, 10'000'000'000ull, {}, 0 } }, true);
    });
    add("aperf-ratio-edge.tar.gz", "APerf archive at the ratio limit", [&] {
        return writeGzip(dir + "/aperf-ratio-edge.tar.gz",
            { { "run/meta_data_2026-01-30_08_25_32.bin", 0, 0, std::string(16, '\0'), 1 },
                { "run/cpu_utilization_2026-01-30_08_25_32.bin", random, zeros / 2, {}, 0 },
                { "run/vmstat_2026-01-30_08_25_32.bin", 0, zeros / 2, {}, 0 } },
            true);
    });
    add("folded-bomb.folded.gz", "gzip'd folded stacks, `main;foo 1` x 4.5e8 (5 GB)", [&] {
        return writeGzip(dir + "/folded-bomb.folded.gz", { { "data", 0, 0, "main;foo 1\n", 450'000'000ull } }, false);
    });
    add("perf-bomb.txt.gz", "gzip'd perf script, one sample x 2.8e7 (2 GB)", [&] {
        return writeGzip(dir + "/perf-bomb.txt.gz",
            { { "data", 0, 0,
                "app 1/1 [000] 1.000001: 1 cpu-clock:\n\t401000 main+0x1 (/usr/bin/app)\n\t401100 foo+0x2 "
                "(/usr/bin/app)\n\n",
                28'000'000ull } },
            false);
    });
    add("distinct.perf.txt", "10 MB perf script, every frame distinct",
        [&] { return writePlain(dir + "/distinct.perf.txt", distinctPerfScript()); });
    add("distinct.folded", "10 MB folded, every frame distinct",
        [&] { return writePlain(dir + "/distinct.folded", distinctFolded()); });
    {
        std::string deep(kInputBytes / 2, '[');
        deep += std::string(kInputBytes / 2, ']');
        add("deep.runlens", "10 MB session of nested arrays", [&] { return writePlain(dir + "/deep.runlens", deep); });
        std::string wide = "{\"runlens_session\": 1, \"baseline\": 0, \"runs\": [";
        while (wide.size() < kInputBytes - 64)
            wide += "{\"file\": \"a.tar.gz\", \"name\": \"x\"},";
        wide += "{}]}";
        add("wide.runlens", "10 MB session of 300,000 runs", [&] { return writePlain(dir + "/wide.runlens", wide); });
    }
    return inputs;
}

// The child: opens the file as the app does and prints the outcome (its parent reads its peak).
int openAsTheAppDoes(const QString& path)
{
    QString outcome;
    try {
        if (path.endsWith(QLatin1String(".runlens"))) {
            QString error;
            const auto session = SessionFile::read(path, &error);
            outcome = session ? QStringLiteral("opened: a session of %1 runs").arg(session->runs.size())
                              : QStringLiteral("refused: ") + error;
        } else {
            const std::vector<RunPtr> runs = RunLoader::loadAllNow(path);
            outcome = QStringLiteral("opened: %1 run(s)").arg(runs.size());
        }
    } catch (const runlens::format::FormatError& error) {
        outcome = QStringLiteral("refused: ") + QString::fromUtf8(error.what());
    } catch (const std::exception& error) {
        outcome = QStringLiteral("FAILED with an exception: ") + QString::fromUtf8(error.what());
    }
    std::printf("%s\n", qPrintable(outcome));
    return 0;
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    if (args.size() == 3 && args[1] == QLatin1String("--child"))
        return openAsTheAppDoes(args[2]);

    QTemporaryDir temporary;
    QString dir = temporary.path();
    if (const int at = int(args.indexOf(QStringLiteral("--dir"))); at > 0 && at + 1 < args.size())
        dir = args[at + 1];
    if (args.contains(QStringLiteral("--keep")))
        temporary.setAutoRemove(false);
    std::printf("bench_readermemory: inputs of at most %.0f MB in %s; target: peak resident <= %.0f MiB per reader\n",
        double(kInputBytes) / 1e6, qPrintable(dir), kTargetMiB);
    const std::vector<Input> inputs = makeInputs(dir.toStdString());

    int failures = 0;
    for (const Input& input : inputs) {
        std::FILE* probe = std::fopen(input.file.c_str(), "rbe");
        std::fseek(probe, 0, SEEK_END);
        const long bytes = std::ftell(probe);
        std::fclose(probe);

        int pipeFds[2];
        if (::pipe(pipeFds) != 0)
            return 2;
        posix_spawn_file_actions_t actions;
        posix_spawn_file_actions_init(&actions);
        posix_spawn_file_actions_adddup2(&actions, pipeFds[1], STDOUT_FILENO);
        posix_spawn_file_actions_addclose(&actions, pipeFds[0]);
        std::string self = "/proc/self/exe";
        std::vector<char*> childArgs { argv[0], const_cast<char*>("--child"), const_cast<char*>(input.file.c_str()),
            nullptr };
        pid_t child = 0;
        if (posix_spawn(&child, self.c_str(), &actions, nullptr, childArgs.data(), environ) != 0)
            child = -1;
        posix_spawn_file_actions_destroy(&actions);
        ::close(pipeFds[1]);
        std::string output;
        char buffer[512];
        ssize_t n = 0;
        while ((n = ::read(pipeFds[0], buffer, sizeof buffer)) > 0)
            output.append(buffer, std::size_t(n));
        ::close(pipeFds[0]);
        int status = 0;
        rusage usage {};
        if (child <= 0 || ::wait4(child, &status, 0, &usage) != child) {
            std::printf("  %-26s could not be run\n", input.file.c_str());
            ++failures;
            continue;
        }
        const double cpu = double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
            + double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
        const double peakMiB = double(usage.ru_maxrss) / 1024.0;
        const bool exited = WIFEXITED(status) && WEXITSTATUS(status) == 0;
        const std::string outcome = output.substr(0, output.find('\n'));
        const bool ok = exited && peakMiB <= kTargetMiB && !outcome.starts_with("FAILED");
        failures += ok ? 0 : 1;
        std::printf("  %-24s %6.2f MB  %-60s\n      peak %7.1f MiB, %5.2f s CPU  %s\n      %s\n",
            input.file.substr(input.file.rfind('/') + 1).c_str(), double(bytes) / 1e6, input.what.c_str(), peakMiB, cpu,
            ok           ? "[ok]"
                : exited ? "[OVER THE TARGET]"
                         : "[CRASHED]",
            exited ? outcome.c_str() : ("status " + std::to_string(status)).c_str());
    }
    std::printf("bench_readermemory: %d of %zu readers over the target or failed\n", failures, inputs.size());
    return failures == 0 ? 0 : 1;
}
