#include "ProfileEncoding.h"

#include "ArchiveWriter.h"
#include "FormatError.h"
#include "LargeArrays.h"
#include "ParallelWork.h"
#include "ProfileStreamWriter.h"
#include "SampleChunkCodec.h"
#include "UntrustedJson.h"

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstring>
#include <exception>
#include <functional>
#include <limits>
#include <numeric>
#include <span>
#include <thread>
#include <unordered_set>
#include <vector>

namespace runlens::format {

namespace {

constexpr char kStacksMagic[8] = {'R', 'L', 'S', 'T', 'A', 'C', 'K', '1'};
constexpr char kSamplesMagic[8] = {'R', 'L', 'S', 'A', 'M', 'P', 'L', '1'};
constexpr char kSampleColumnsMagic[8] = {'R', 'L', 'S', 'C', 'O', 'L', 'S', '1'};
constexpr std::size_t kHeaderSize = 16; // magic + u64 count

void putCount(std::string& out, const char (&magic)[8], std::uint64_t count)
{
    out.append(magic, 8);
    char bytes[8];
    std::memcpy(bytes, &count, 8);
    out.append(bytes, 8);
}

// Byte planes (byte 0 of every value, then byte 1 ...): neighbouring times, CPUs and stack ids
// share their high bytes, which gzip then turns into long runs.
template<typename T>
void putPlanes(std::string& out, const std::vector<T>& column)
{
    const std::size_t at = out.size();
    out.resize(at + column.size() * sizeof(T));
    char* planes = out.data() + at;
    for (std::size_t row = 0; row < column.size(); ++row) {
        unsigned char bytes[sizeof(T)];
        std::memcpy(bytes, &column[row], sizeof(T));
        for (std::size_t b = 0; b < sizeof(T); ++b)
            planes[b * column.size() + row] = char(bytes[b]);
    }
}

template<typename T>
void takePlanes(std::string_view in, std::size_t& at, std::size_t count, std::vector<T>& column)
{
    column.resize(count);
    const char* planes = in.data() + at;
    for (std::size_t row = 0; row < count; ++row) {
        unsigned char bytes[sizeof(T)];
        for (std::size_t b = 0; b < sizeof(T); ++b)
            bytes[b] = static_cast<unsigned char>(planes[b * count + row]);
        std::memcpy(&column[row], bytes, sizeof(T));
    }
    at += count * sizeof(T);
}

std::uint64_t takeCount(std::string_view in, const char (&magic)[8], const char* entry)
{
    if (in.size() < kHeaderSize || std::memcmp(in.data(), magic, 8) != 0)
        throw FormatError(std::string(entry) + " does not start with " + std::string(magic, 8));
    std::uint64_t count = 0;
    std::memcpy(&count, in.data() + 8, 8);
    return count;
}

std::string text(const nlohmann::json& value, const ProfileLimits& limits, const char* what)
{
    if (!value.is_string())
        throw FormatError(std::string(paths::kProfileIndex) + " has a " + what + " that is not text");
    std::string result = value.get<std::string>();
    if (result.size() > limits.maxTextBytes)
        throw FormatError(std::string(paths::kProfileIndex) + " has a " + what + " longer than "
                          + std::to_string(limits.maxTextBytes) + " bytes");
    return result;
}

std::uint32_t number(const nlohmann::json& value, const char* what)
{
    if (!value.is_number_unsigned() || value.get<std::uint64_t>() > 0xffffffffu)
        throw FormatError(std::string(paths::kProfileIndex) + " has a " + what + " that is not a 32-bit unsigned number");
    return value.get<std::uint32_t>();
}

std::uint64_t declaredCount(const nlohmann::json& index, const char* key)
{
    const auto it = index.find(key);
    if (it == index.end() || !it->is_object() || !it->contains("count") || !(*it)["count"].is_number_unsigned())
        throw FormatError(std::string(paths::kProfileIndex) + " has no " + key + ".count");
    return (*it)["count"].get<std::uint64_t>();
}

// The optional columns (profile/sample_columns.bin). Columns a newer writer added are skipped by
// their declared width.
void decodeSampleColumns(const nlohmann::json& index, std::string_view bytes, ProfileSamples& samples)
{
    const std::string entry = paths::kProfileSampleColumns;
    const auto declared = index.find("sample_columns");
    if (declared == index.end()) {
        if (!bytes.empty())
            throw FormatError(entry + " is there but " + paths::kProfileIndex + " does not list its columns");
        return;
    }
    if (!declared->is_object() || !declared->contains("columns") || !(*declared)["columns"].is_array())
        throw FormatError(std::string(paths::kProfileIndex) + " has no sample_columns.columns list");
    if (bytes.empty())
        throw FormatError(std::string(paths::kProfileIndex) + " lists sample columns but " + entry + " is missing");
    const std::uint64_t count = takeCount(bytes, kSampleColumnsMagic, paths::kProfileSampleColumns);
    if (count != samples.size() || count != declaredCount(index, "sample_columns"))
        throw FormatError(entry + " holds " + std::to_string(count) + " rows, not the " + std::to_string(samples.size())
                          + " samples of " + paths::kProfileSamples);
    std::uint64_t needed = kHeaderSize;
    for (const auto& column : (*declared)["columns"]) {
        if (!column.is_array() || column.size() != 2 || !column[0].is_string() || !column[1].is_number_unsigned()
            || column[1].get<std::uint64_t>() == 0 || column[1].get<std::uint64_t>() > 8)
            throw FormatError(std::string(paths::kProfileIndex) + " has a sample column that is not [name, bytes 1..8]");
        needed += count * column[1].get<std::uint64_t>();
    }
    if (bytes.size() != needed)
        throw FormatError(entry + " has " + std::to_string(bytes.size()) + " bytes, not the " + std::to_string(needed)
                          + " its columns need");
    std::size_t at = kHeaderSize;
    for (const auto& column : (*declared)["columns"]) {
        const std::string name = column[0].get<std::string>();
        const std::uint64_t width = column[1].get<std::uint64_t>();
        if (name == "count" && width == 8)
            takePlanes(bytes, at, count, samples.count);
        else if (name == "period" && width == 8)
            takePlanes(bytes, at, count, samples.period);
        else if (name == "task" && width == 4)
            takePlanes(bytes, at, count, samples.task);
        else
            at += std::size_t(count * width);
    }
}

} // namespace

std::string_view toString(FrameKind kind)
{
    switch (kind) {
    case FrameKind::Kernel: return "kernel";
    case FrameKind::User: return "user";
    case FrameKind::Jit: return "jit";
    case FrameKind::Unknown: return "unknown";
    }
    return "unknown";
}

FrameKind frameKindFromString(std::string_view text)
{
    if (text == "kernel")
        return FrameKind::Kernel;
    if (text == "user")
        return FrameKind::User;
    if (text == "jit")
        return FrameKind::Jit;
    return FrameKind::Unknown;
}

EncodedProfile encodeProfileFormat1(const ProfileTables& profile)
{
    EncodedProfile encoded;
    nlohmann::json frames = nlohmann::json::array();
    for (const ProfileFrame& frame : profile.frames)
        frames.push_back({frame.symbol, frame.module, toString(frame.kind)});
    nlohmann::json tasks = nlohmann::json::array();
    for (const ProfileTask& task : profile.tasks)
        tasks.push_back({task.tid, task.pid, task.command});
    nlohmann::json index = {
        {"encoding", kProfileEncoding1},
        {"info", profile.info},
        {"frames", std::move(frames)},
        {"tasks", std::move(tasks)},
        {"stacks", {{"file", "stacks.bin"}, {"count", profile.stacks.size()}}},
        {"samples", {{"file", "samples.bin"}, {"count", profile.samples.size()}}},
    };
    const ProfileSamples& samples = profile.samples;
    if (!samples.count.empty() || !samples.period.empty() || !samples.task.empty()) {
        nlohmann::json columns = nlohmann::json::array();
        putCount(encoded.sampleColumns, kSampleColumnsMagic, samples.size());
        if (!samples.count.empty()) {
            columns.push_back({"count", 8});
            putPlanes(encoded.sampleColumns, samples.count);
        }
        if (!samples.period.empty()) {
            columns.push_back({"period", 8});
            putPlanes(encoded.sampleColumns, samples.period);
        }
        if (!samples.task.empty()) {
            columns.push_back({"task", 4});
            putPlanes(encoded.sampleColumns, samples.task);
        }
        index["sample_columns"] = {{"file", "sample_columns.bin"}, {"count", samples.size()}, {"columns", std::move(columns)}};
    }
    // Invalid UTF-8 in a symbol (a corrupt binary) must not stop the archive from being written.
    encoded.index = index.dump(0, ' ', false, nlohmann::json::error_handler_t::replace);

    encoded.stacks = encodeStacks(profile.stacks);

    putCount(encoded.samples, kSamplesMagic, samples.size());
    putPlanes(encoded.samples, samples.timeNs);
    putPlanes(encoded.samples, samples.cpu);
    putPlanes(encoded.samples, samples.pid);
    putPlanes(encoded.samples, samples.tid);
    putPlanes(encoded.samples, samples.stack);
    return encoded;
}

std::string encodeStacks(const std::vector<ProfileStack>& stacks)
{
    std::string encoded;
    encoded.reserve(kHeaderSize + stacks.size() * 8);
    putCount(encoded, kStacksMagic, stacks.size());
    std::vector<std::uint32_t> column(stacks.size());
    for (std::size_t i = 0; i < stacks.size(); ++i)
        column[i] = stacks[i].parent;
    putPlanes(encoded, column);
    for (std::size_t i = 0; i < stacks.size(); ++i)
        column[i] = stacks[i].frame;
    putPlanes(encoded, column);
    return encoded;
}

namespace {

// Feeds tables in memory to the format 2.0 writer in time order: a permutation sorted by time and
// CPU (4 bytes a row) rather than a sorted copy of the rows, so the writer's window stays small.
void streamTables(const ProfileTables& profile, ProfileEntrySink& sink)
{
    const ProfileSamples& samples = profile.samples;
    ProfileStreamWriter::Options options;
    options.periods = !samples.period.empty();
    options.tasks = !samples.task.empty();
    ProfileStreamWriter writer(sink, options);
    std::vector<std::uint32_t> order(samples.size());
    std::iota(order.begin(), order.end(), 0u);
    std::stable_sort(order.begin(), order.end(), [&samples](std::uint32_t a, std::uint32_t b) {
        return samples.timeNs[a] != samples.timeNs[b] ? samples.timeNs[a] < samples.timeNs[b] : samples.cpu[a] < samples.cpu[b];
    });
    for (const std::uint32_t row : order) {
        writer.addSample(samples.timeNs[row], samples.cpu[row], samples.pid[row], samples.tid[row], samples.stack[row],
                         samples.task.empty() ? 0 : samples.task[row], samples.countAt(row),
                         samples.period.empty() ? 0 : samples.period[row]);
    }
    writer.finish(profile);
}

} // namespace

EncodedProfile encodeProfile(const ProfileTables& profile)
{
    EncodedProfile encoded;
    EncodedProfileSink sink(encoded);
    streamTables(profile, sink);
    return encoded;
}

void writeProfile(ArchiveWriter& writer, const ProfileTables& profile)
{
    ArchiveEntrySink sink(writer);
    streamTables(profile, sink);
}

void validateProfile(const ProfileTables& profile, const std::string& where, const ProfileLimits& limits)
{
    const auto fail = [&where](const std::string& why) { return FormatError(where + " " + why); };
    if (!profile.info.is_object())
        throw fail("has an info that is not a JSON object");
    if (profile.frames.size() > limits.maxFrames)
        throw fail("has " + std::to_string(profile.frames.size()) + " frames, more than the limit of " + std::to_string(limits.maxFrames));
    if (profile.stacks.size() > limits.maxStacks)
        throw fail("has " + std::to_string(profile.stacks.size()) + " stacks, more than the limit of " + std::to_string(limits.maxStacks));
    if (profile.tasks.size() > limits.maxTasks)
        throw fail("has " + std::to_string(profile.tasks.size()) + " tasks, more than the limit of " + std::to_string(limits.maxTasks));
    const ProfileSamples& samples = profile.samples;
    if (samples.size() > limits.maxSamples)
        throw fail("has " + std::to_string(samples.size()) + " samples, more than the limit of " + std::to_string(limits.maxSamples));
    const auto optional = [&](std::size_t size) { return size == 0 || size == samples.size(); };
    if (samples.cpu.size() != samples.size() || samples.pid.size() != samples.size() || samples.tid.size() != samples.size()
        || samples.stack.size() != samples.size() || !optional(samples.count.size()) || !optional(samples.period.size())
        || !optional(samples.task.size()))
        throw fail("has sample columns of different lengths");
    for (std::size_t row = 0; row < samples.task.size(); ++row) {
        if (samples.task[row] >= profile.tasks.size())
            throw fail("has sample " + std::to_string(row) + " pointing to task " + std::to_string(samples.task[row]) + " of "
                       + std::to_string(profile.tasks.size()));
    }
    // Depths fit 16 bits: the limit is 4096 (and a million-frame chain would make every sample's
    // folded line megabytes long).
    static_assert(format::limits::kStackDepth < 0xffff);
    std::vector<std::uint16_t> depth(profile.stacks.size());
    for (std::size_t id = 0; id < profile.stacks.size(); ++id) {
        const ProfileStack& stack = profile.stacks[id];
        // Parents before children: walking up always terminates, and a reader can build the tree
        // in one pass.
        if (stack.parent != kNoStack && stack.parent >= id)
            throw fail("has stack " + std::to_string(id) + " whose parent " + std::to_string(stack.parent)
                       + " is not an earlier stack");
        depth[id] = std::uint16_t(stack.parent == kNoStack ? 1 : depth[stack.parent] + 1);
        if (depth[id] > format::limits::kStackDepth)
            throw fail("has a stack deeper than the limit of " + std::to_string(format::limits::kStackDepth) + " frames");
        if (stack.frame >= profile.frames.size())
            throw fail("has stack " + std::to_string(id) + " pointing to frame " + std::to_string(stack.frame) + " of "
                       + std::to_string(profile.frames.size()));
    }
    for (std::size_t row = 0; row < samples.size(); ++row) {
        if (samples.stack[row] != kNoStack && samples.stack[row] >= profile.stacks.size())
            throw fail("has sample " + std::to_string(row) + " pointing to stack " + std::to_string(samples.stack[row]) + " of "
                       + std::to_string(profile.stacks.size()));
    }
    for (const ProfileFrame& frame : profile.frames) {
        if (frame.symbol.size() > limits.maxTextBytes || frame.module.size() > limits.maxTextBytes)
            throw fail("has a frame name longer than " + std::to_string(limits.maxTextBytes) + " bytes");
    }
    if (profile.timeOrdered) {
        for (std::size_t row = 1; row < samples.size(); ++row) {
            if (samples.timeNs[row] < samples.timeNs[row - 1])
                throw fail("has sample " + std::to_string(row) + " earlier than the sample before it, in a profile said to be in time order");
        }
    }
}

namespace {

// Where each chunk's rows start in the columns, from `base` on (the last: where they end). A chunk
// is given the rows it declares but no more than its bytes can hold (two a row at least), so that
// a hostile index cannot make the reader allocate rows that are not there: a chunk that declares
// more fails before it writes a row (decodeSampleChunk).
std::vector<std::size_t> firstRowOfChunks(const nlohmann::json& chunks, const std::vector<const SampleChunkEntry*>& byChunk,
                                          std::size_t base)
{
    std::vector<std::size_t> firstRow(byChunk.size() + 1, base);
    for (std::size_t i = 0; i < byChunk.size(); ++i) {
        const std::size_t room = byChunk[i] ? std::min<std::size_t>(chunks[i]["rows"].get<std::uint64_t>(), byChunk[i]->bytes.size() / 2) : 0;
        firstRow[i + 1] = firstRow[i] + room;
    }
    return firstRow;
}

// Sizes the columns for `rows` rows, the optional ones only where the profile has them, before
// the first chunk is decoded: growing them chunk by chunk would copy each about once more and
// leave up to half its capacity unused (hundreds of megabytes on an hour of a 192-CPU host). The
// columns are sized side by side on every core: on such an hour they are a gigabyte, whose
// zeroing and first touch of each page took a third of the open on one core.
void sizeColumns(ProfileSamples& samples, std::size_t rows, bool period, bool task, bool count)
{
    // In huge pages where the kernel has them: zeroing the columns is otherwise mostly page faults.
    const auto size = [rows](auto& column, auto value) {
        reserveLarge(column, rows);
        column.resize(rows, value);
    };
    std::vector<std::function<void()>> sizes = {[&] { size(samples.timeNs, 0); }};
    if (period)
        sizes.emplace_back([&] { size(samples.period, 0); });
    if (count)
        sizes.emplace_back([&] { size(samples.count, 1); });
    sizes.emplace_back([&] { size(samples.cpu, 0); });
    sizes.emplace_back([&] { size(samples.pid, 0); });
    sizes.emplace_back([&] { size(samples.tid, 0); });
    sizes.emplace_back([&] { size(samples.stack, 0); });
    if (task)
        sizes.emplace_back([&] { size(samples.task, 0); });
    // A column that cannot be had (std::bad_alloc) is reported once every thread has stopped.
    std::vector<std::exception_ptr> failures(sizes.size());
    std::atomic<std::size_t> next{0};
    // Below a million rows (a few megabytes) a thread costs more than it saves.
    runOnThreads(rows < (1u << 20) ? 1 : threadsFor(sizes.size()), [&] {
        for (std::size_t i = next++; i < sizes.size(); i = next++) {
            try {
                sizes[i]();
            } catch (...) {
                failures[i] = std::current_exception();
            }
        }
    });
    for (const std::exception_ptr& failure : failures) {
        if (failure)
            std::rethrow_exception(failure);
    }
}

// Format 2.0's sample rows: the chunks profile.json lists, each checked against its entry and
// against the chunk before it (time order), and no chunk entry that it does not list.
void decodeSampleChunks(const nlohmann::json& index, std::span<const SampleChunkEntry> entries, const ProfileLimits& limits,
                        const DecodeProgress& progress, ProfileTables& profile)
{
    const std::string indexName = paths::kProfileIndex;
    const auto fail = [&indexName](const std::string& why) { return FormatError(indexName + " " + why); };
    const auto declared = index.find("samples");
    if (declared == index.end() || !declared->is_object())
        throw fail("has no samples object");
    const auto unsignedField = [&](const char* key, std::uint64_t maximum) {
        const auto it = declared->find(key);
        if (it == declared->end() || !it->is_number_unsigned() || it->get<std::uint64_t>() > maximum)
            throw fail(std::string("has no samples.") + key + " between 0 and " + std::to_string(maximum));
        return it->get<std::uint64_t>();
    };
    const std::uint64_t rows = unsignedField("count", limits.maxSamples);
    const std::uint64_t weight = unsignedField("samples", ~std::uint64_t(0));
    const auto quantumNs = std::int64_t(unsignedField("time_quantum_ns", 1'000'000'000));
    if (quantumNs == 0)
        throw fail("has a samples.time_quantum_ns of 0");
    const std::uint64_t cpus = unsignedField("cpus", std::uint64_t(1) << 32);
    bool period = false;
    bool task = false;
    if (const auto columns = declared->find("columns"); columns != declared->end()) {
        if (!columns->is_array())
            throw fail("has a samples.columns that is not a list");
        for (const auto& column : *columns) {
            // Columns a newer writer added are skipped by their width in each chunk.
            period = period || column == "period";
            task = task || column == "task";
        }
    }
    const auto chunks = declared->find("chunks");
    if (chunks == declared->end() || !chunks->is_array())
        throw fail("has no samples.chunks list");
    if (chunks->size() > limits.maxChunks)
        throw fail("lists " + std::to_string(chunks->size()) + " sample chunks, more than the limit of "
                   + std::to_string(limits.maxChunks));

    std::unordered_set<std::string_view> listed;
    std::uint64_t listedRows = 0;
    for (std::size_t i = 0; i < chunks->size(); ++i) {
        const nlohmann::json& chunk = (*chunks)[i];
        char expected[48];
        std::snprintf(expected, sizeof expected, "samples/%06zu.bin", i);
        if (!chunk.is_object() || !chunk.contains("file") || chunk["file"] != expected)
            throw fail("lists sample chunk " + std::to_string(i) + " as "
                       + (chunk.is_object() && chunk.contains("file") ? chunk["file"].dump() : std::string("nothing")) + ", not "
                       + expected + " (chunks are numbered in order, each once)");
        if (!chunk.contains("rows") || !chunk["rows"].is_number_unsigned() || chunk["rows"].get<std::uint64_t>() > limits.maxChunkRows)
            throw fail("lists sample chunk " + std::string(expected) + " without rows between 0 and "
                       + std::to_string(limits.maxChunkRows));
        listedRows += chunk["rows"].get<std::uint64_t>(); // at most 2^16 chunks of 2^20 rows: no overflow
        for (const char* key : {"first_ns", "last_ns"}) {
            if (!chunk.contains(key) || !chunk[key].is_number_integer())
                throw fail("lists sample chunk " + std::string(expected) + " without " + key);
        }
    }
    if (listedRows != rows)
        throw fail("says samples.count is " + std::to_string(rows) + " but its chunks hold " + std::to_string(listedRows) + " rows");

    std::vector<const SampleChunkEntry*> byChunk(chunks->size(), nullptr);
    for (const SampleChunkEntry& entry : entries) {
        const std::string_view directory = paths::kProfileSampleChunks;
        std::size_t number = 0;
        bool known = entry.path.size() == directory.size() + 10 && entry.path.starts_with(directory) && entry.path.ends_with(".bin");
        for (std::size_t at = directory.size(); known && at < directory.size() + 6; ++at) {
            known = entry.path[at] >= '0' && entry.path[at] <= '9';
            number = number * 10 + std::size_t(entry.path[at] - '0');
        }
        if (!known || number >= byChunk.size())
            throw FormatError(entry.path + " is not a sample chunk that " + indexName + " lists");
        if (byChunk[number])
            throw FormatError(entry.path + " is in the archive twice");
        byChunk[number] = &entry;
    }

    SampleChunkExpectation expectation;
    expectation.quantumNs = quantumNs;
    expectation.cpus = cpus;
    expectation.stacks = profile.stacks.size();
    expectation.tasks = profile.tasks.size();
    expectation.period = period;
    expectation.task = task;
    ProfileSamples& samples = profile.samples;
    const std::vector<std::size_t> firstRow = firstRowOfChunks(*chunks, byChunk, samples.size());
    bool counts = !samples.count.empty();
    for (const SampleChunkEntry* entry : byChunk)
        counts = counts || (entry && sampleChunkListsCounts(entry->bytes));
    sizeColumns(samples, firstRow.back(), period, task, counts);

    // The chunks decode on every core, each into its own rows; what they find is reported as one
    // thread going through them in order would (the first chunk that fails), so each is given
    // the end of the chunk with rows before it as profile.json says, which is checked once that
    // one is done. A last_ns beyond 64 bits reads as any number: that chunk's own check fails first.
    struct Outcome {
        bool done = false;
        DecodedSampleChunk decoded;
        std::exception_ptr failure;
    };
    std::vector<Outcome> outcomes(byChunk.size());
    std::vector<std::int64_t> notBefore(byChunk.size(), std::numeric_limits<std::int64_t>::min());
    for (std::size_t i = 1; i < byChunk.size(); ++i) {
        const nlohmann::json& previous = (*chunks)[i - 1];
        notBefore[i] = previous["rows"].get<std::uint64_t>() > 0 ? previous["last_ns"].get<std::int64_t>() : notBefore[i - 1];
    }
    const auto entryName = [&](std::size_t i) { return std::string(paths::kProfileDirectory) + (*chunks)[i]["file"].get<std::string>(); };
    const auto decodeOne = [&](std::size_t i) {
        Outcome& outcome = outcomes[i];
        try {
            SampleChunkExpectation expected = expectation;
            expected.entry = entryName(i);
            if (!byChunk[i])
                throw FormatError(indexName + " lists " + expected.entry + " but it is missing");
            expected.rows = (*chunks)[i]["rows"].get<std::uint64_t>();
            expected.notBeforeNs = notBefore[i];
            outcome.decoded = decodeSampleChunk(byChunk[i]->bytes, expected, SampleRowsOut::at(samples, firstRow[i]));
        } catch (...) {
            outcome.failure = std::current_exception();
        }
        outcome.done = true;
    };
    std::atomic<std::size_t> next{0};
    std::atomic<std::size_t> finished{0};
    std::atomic<bool> stop{false};      // a chunk failed, or the caller cancelled
    std::atomic<bool> cancelled{false};
    const auto decodeChunks = [&](bool reportsProgress) {
        for (std::size_t i = 0; !stop.load(std::memory_order_relaxed) && (i = next++) < byChunk.size();) {
            decodeOne(i);
            if (outcomes[i].failure)
                stop = true; // the chunks after it do not matter
            const std::size_t count = ++finished;
            if (reportsProgress && progress && !progress(double(count) / double(byChunk.size())))
                cancelled = stop = true;
        }
    };
    runOnThreads(threadsFor(byChunk.size()), [&decodeChunks, caller = std::this_thread::get_id()] {
        // Progress is reported on the calling thread only, where the caller expects it.
        decodeChunks(std::this_thread::get_id() == caller);
    });

    for (std::size_t i = 0; i < byChunk.size(); ++i) {
        const Outcome& outcome = outcomes[i];
        if (!outcome.done) {
            if (cancelled)
                throw ReadCancelled();
            decodeOne(i); // taken by a thread just as another chunk failed, which may come after it
        }
        if (outcome.failure)
            std::rethrow_exception(outcome.failure);
        const nlohmann::json& chunk = (*chunks)[i];
        if (chunk["rows"].get<std::uint64_t>() > 0 && (chunk["first_ns"] != outcome.decoded.firstNs || chunk["last_ns"] != outcome.decoded.lastNs))
            throw FormatError(entryName(i) + " spans " + std::to_string(outcome.decoded.firstNs) + " to "
                              + std::to_string(outcome.decoded.lastNs) + " ns but " + indexName + " says "
                              + chunk["first_ns"].dump() + " to " + chunk["last_ns"].dump());
    }
    if (cancelled || (progress && !progress(1.0)))
        throw ReadCancelled();
    std::uint64_t total = 0;
    for (std::size_t row = 0; row < samples.size(); ++row) {
        const std::uint64_t count = samples.countAt(row);
        if (count > weight - total)
            throw fail("says its rows stand for " + std::to_string(weight) + " samples but they stand for more");
        total += count;
    }
    if (total != weight)
        throw fail("says its rows stand for " + std::to_string(weight) + " samples but they stand for " + std::to_string(total));
    profile.timeQuantumNs = quantumNs;
    profile.timeOrdered = true;
}

ProfileTables decodeAnyProfile(std::string_view indexText, std::string_view stacksBytes, std::string_view samplesBytes,
                               std::string_view sampleColumnsBytes, std::span<const SampleChunkEntry> chunks,
                               const ProfileLimits& limits, const DecodeProgress& progress)
{
    const std::string indexName = paths::kProfileIndex;
    JsonLimits jsonLimits;
    jsonLimits.maxValues = format::limits::kProfileIndexJsonValues;
    const nlohmann::json index = parseUntrustedJson(indexText, indexName, jsonLimits);
    const std::string encoding = index.is_object() ? textField(index, "encoding") : std::string();
    if (encoding != kProfileEncoding1 && encoding != kProfileEncoding2)
        throw FormatError(indexName + " does not describe a profile in the encoding " + kProfileEncoding1 + " or "
                          + kProfileEncoding2);
    ProfileTables profile;
    if (index.contains("info"))
        profile.info = index["info"];
    if (!index.contains("frames") || !index["frames"].is_array() || !index.contains("tasks") || !index["tasks"].is_array())
        throw FormatError(indexName + " has no frames or tasks list");
    if (index["frames"].size() > limits.maxFrames)
        throw FormatError(indexName + " lists more than " + std::to_string(limits.maxFrames) + " frames");
    if (index["tasks"].size() > limits.maxTasks)
        throw FormatError(indexName + " lists more than " + std::to_string(limits.maxTasks) + " tasks");
    profile.frames.reserve(index["frames"].size());
    for (const auto& row : index["frames"]) {
        if (!row.is_array() || row.size() < 3)
            throw FormatError(indexName + " has a frame that is not [symbol, module, kind]");
        profile.frames.push_back({text(row[0], limits, "frame symbol"), text(row[1], limits, "frame module"),
                                  frameKindFromString(text(row[2], limits, "frame kind"))});
    }
    profile.tasks.reserve(index["tasks"].size());
    for (const auto& row : index["tasks"]) {
        if (!row.is_array() || row.size() < 3)
            throw FormatError(indexName + " has a task that is not [tid, pid, command]");
        profile.tasks.push_back({number(row[0], "task tid"), number(row[1], "task pid"), text(row[2], limits, "task command")});
    }

    if (stacksBytes.empty())
        throw FormatError(indexName + " is there but " + paths::kProfileStacks + " is missing");
    const std::uint64_t stackCount = takeCount(stacksBytes, kStacksMagic, paths::kProfileStacks);
    if (stackCount > limits.maxStacks)
        throw FormatError(std::string(paths::kProfileStacks) + " holds " + std::to_string(stackCount)
                          + " stacks, more than the limit of " + std::to_string(limits.maxStacks));
    if (stackCount != declaredCount(index, "stacks"))
        throw FormatError(std::string(paths::kProfileStacks) + " holds " + std::to_string(stackCount) + " stacks but "
                          + indexName + " says " + std::to_string(declaredCount(index, "stacks")));
    if (stacksBytes.size() != kHeaderSize + stackCount * 8)
        throw FormatError(std::string(paths::kProfileStacks) + " has " + std::to_string(stacksBytes.size())
                          + " bytes, not the " + std::to_string(kHeaderSize + stackCount * 8) + " its count needs");
    std::size_t at = kHeaderSize;
    std::vector<std::uint32_t> parents;
    std::vector<std::uint32_t> frameIds;
    takePlanes(stacksBytes, at, stackCount, parents);
    takePlanes(stacksBytes, at, stackCount, frameIds);
    profile.stacks.resize(stackCount);
    for (std::size_t i = 0; i < stackCount; ++i)
        profile.stacks[i] = {parents[i], frameIds[i]};

    if (encoding == kProfileEncoding2) {
        if (!samplesBytes.empty() || !sampleColumnsBytes.empty())
            throw FormatError(indexName + " describes a profile in chunks (" + kProfileEncoding2 + "), but the archive also has "
                              + paths::kProfileSamples + " or " + paths::kProfileSampleColumns);
        decodeSampleChunks(index, chunks, limits, progress, profile);
        validateProfile(profile, "the profile (profile/)", limits);
        return profile;
    }
    if (!chunks.empty())
        throw FormatError(chunks.front().path + " is in the archive but " + indexName + " describes a profile in "
                          + kProfileEncoding1 + ", which has no sample chunks");
    if (samplesBytes.empty())
        throw FormatError(indexName + " is there but " + paths::kProfileSamples + " is missing");
    const std::uint64_t sampleCount = takeCount(samplesBytes, kSamplesMagic, paths::kProfileSamples);
    if (sampleCount > limits.maxSamples)
        throw FormatError(std::string(paths::kProfileSamples) + " holds " + std::to_string(sampleCount)
                          + " samples, more than the limit of " + std::to_string(limits.maxSamples));
    if (sampleCount != declaredCount(index, "samples"))
        throw FormatError(std::string(paths::kProfileSamples) + " holds " + std::to_string(sampleCount) + " samples but "
                          + indexName + " says " + std::to_string(declaredCount(index, "samples")));
    constexpr std::size_t kRowBytes = 8 + 4 * 4;
    if (samplesBytes.size() != kHeaderSize + sampleCount * kRowBytes)
        throw FormatError(std::string(paths::kProfileSamples) + " has " + std::to_string(samplesBytes.size())
                          + " bytes, not the " + std::to_string(kHeaderSize + sampleCount * kRowBytes) + " its count needs");
    at = kHeaderSize;
    ProfileSamples& samples = profile.samples;
    takePlanes(samplesBytes, at, sampleCount, samples.timeNs);
    takePlanes(samplesBytes, at, sampleCount, samples.cpu);
    takePlanes(samplesBytes, at, sampleCount, samples.pid);
    takePlanes(samplesBytes, at, sampleCount, samples.tid);
    takePlanes(samplesBytes, at, sampleCount, samples.stack);
    decodeSampleColumns(index, sampleColumnsBytes, samples);

    validateProfile(profile, "the profile (profile/)", limits);
    return profile;
}

} // namespace

ProfileTables decodeProfile(const EncodedProfile& encoded, const ProfileLimits& limits, const DecodeProgress& progress)
{
    return decodeAnyProfile(encoded.index, encoded.stacks, encoded.samples, encoded.sampleColumns, encoded.sampleChunks, limits,
                            progress);
}

ProfileTables decodeProfile(std::string_view index, std::string_view stacks, std::string_view samples,
                            std::string_view sampleColumns, const ProfileLimits& limits)
{
    return decodeAnyProfile(index, stacks, samples, sampleColumns, {}, limits, {});
}

} // namespace runlens::format
